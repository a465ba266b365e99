import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, formProblem, hasFilters, isoToLocalInput, localInputToIso, toAuditFilter, type HistoryForm } from '../../renderer/history/filters.js';

const NOW = new Date('2025-06-01T12:00:00.000Z');
const form = (patch: Partial<HistoryForm>): HistoryForm => ({ ...EMPTY_FORM, ...patch });

describe('toAuditFilter', () => {
  it.each<[string, Partial<HistoryForm>, object]>([
    ['empty form → whole log', {}, {}],
    ['text is trimmed, blanks dropped', { tool_name: '  Bash ', agent: '   ', q: ' git push ' }, { tool_name: 'Bash', q: 'git push' }],
    ['selects pass through', { status: 'denied', decided_by: 'user' }, { status: 'denied', decided_by: 'user' }],
    ['last hour', { range: '1h' }, { from: '2025-06-01T11:00:00.000Z' }],
    ['last 7 days', { range: '7d' }, { from: '2025-05-25T12:00:00.000Z' }],
    ['custom with nothing set → no bounds', { range: 'custom' }, {}],
    ['custom ignores garbage', { range: 'custom', from: 'yesterday', to: '2025-13-45T99:99' }, {}],
    ['from/to ignored unless custom', { range: 'all', from: '2025-01-01T00:00' }, {}],
    ['all text fields', { session_id: 's1', cwd: '/w', rule_id: 'r1' }, { session_id: 's1', cwd: '/w', rule_id: 'r1' }],
  ])('%s', (_name, patch, expected) => {
    expect(toAuditFilter(form(patch), NOW)).toEqual(expected);
  });

  it('custom range converts local wall time to UTC', () => {
    const filter = toAuditFilter(form({ range: 'custom', from: '2025-03-01T08:30', to: '2025-03-02T09:00' }), NOW);
    expect(filter.from).toBe(new Date(2025, 2, 1, 8, 30).toISOString());
    expect(filter.to).toBe(new Date(2025, 2, 2, 9, 0).toISOString());
  });
});

describe('datetime-local conversions', () => {
  it('round-trips minute precision', () => {
    const iso = localInputToIso('2025-11-05T23:59');
    expect(iso).not.toBeNull();
    expect(isoToLocalInput(iso!)).toBe('2025-11-05T23:59');
  });
  it.each(['', '2025-11-05', '2025-11-05 10:00', 'T10:00', '2025-02-30T10:00x'])('rejects %j', (v) => {
    expect(localInputToIso(v)).toBeNull();
  });
  it('gives an empty input for an unparsable ISO time', () => {
    expect(isoToLocalInput('not a time')).toBe('');
  });
});

describe('formProblem / hasFilters', () => {
  it('flags a custom range that ends before it starts', () => {
    expect(formProblem(form({ range: 'custom', from: '2025-03-02T00:00', to: '2025-03-01T00:00' }))).toMatch(/after/);
    expect(formProblem(form({ range: 'custom', from: '2025-03-01T00:00', to: '2025-03-02T00:00' }))).toBeNull();
    expect(formProblem(form({ range: 'custom', from: 'soon' }))).toMatch(/not a valid date/);
    expect(formProblem(form({ range: '24h', from: 'soon' }))).toBeNull();
  });
  it('knows when anything is set', () => {
    expect(hasFilters(EMPTY_FORM)).toBe(false);
    expect(hasFilters(form({ q: 'x' }))).toBe(true);
    expect(hasFilters(form({ range: '1h' }))).toBe(true);
  });
});
