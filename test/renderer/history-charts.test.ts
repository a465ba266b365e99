import { describe, expect, it } from 'vitest';
import type { AuditStats } from '../../common/api.js';
import { bucketLabels, decisionsData, describeRanking, outcomeTotals } from '../../renderer/history/chartData.js';
import { decidedByLabel, formatDuration, formatRelative, formatShortTime, outcomeLabel } from '../../renderer/history/format.js';

const local = (y: number, m: number, d: number, h = 0, min = 0): string => new Date(y, m - 1, d, h, min).toISOString();

const stats: AuditStats = {
  buckets: [
    { start: local(2025, 6, 1, 10), auto_allowed: 5, approved: 1, denied: 2, expired: 0 },
    { start: local(2025, 6, 1, 11), auto_allowed: 3, approved: 0, denied: 1, expired: 1 },
  ],
  top_tools: [{ tool_name: 'Bash', count: 9 }],
  top_rules: [],
  median_decision_ms: 1200,
};

describe('dashboard data', () => {
  it('stacks the four outcomes per bucket in order', () => {
    const data = decisionsData(stats);
    expect(data.labels).toEqual(['10:00', '11:00']);
    expect(data.datasets.map((d) => [d.label, d.data])).toEqual([
      ['Auto-allowed', [5, 3]], ['Approved', [1, 0]], ['Denied', [2, 1]], ['Expired', [0, 1]],
    ]);
    expect(outcomeTotals(stats)).toEqual({ auto_allowed: 8, approved: 1, denied: 3, expired: 1 });
  });

  it('labels hours in local time, days and months by their UTC date', () => {
    expect(bucketLabels([local(2025, 6, 1, 6), local(2025, 6, 1, 7)])).toEqual(['06:00', '07:00']);
    expect(bucketLabels([local(2025, 6, 1, 6), local(2025, 6, 1, 12), local(2025, 6, 2, 18)])).toEqual(['06-01 06:00', '06-01 12:00', '06-02 18:00']);
    expect(bucketLabels(['2025-06-01T00:00:00.000Z', '2025-06-02T00:00:00.000Z'])).toEqual(['06-01', '06-02']);
    expect(bucketLabels(['2025-01-01T00:00:00.000Z', '2025-02-01T00:00:00.000Z'])).toEqual(['2025-01', '2025-02']);
    expect(bucketLabels(['2025-06-01T00:00:00.000Z'])).toEqual(['06-01']);
    expect(bucketLabels([])).toEqual([]);
  });

  it('describes rankings for screen readers', () => {
    expect(describeRanking([{ label: 'Bash', count: 9 }, { label: 'Read', count: 2 }])).toBe('Bash 9, Read 2');
    expect(describeRanking([])).toBe('none');
  });
});

describe('format', () => {
  it.each<[number | null, string]>([[null, ''], [12.4, '12 ms'], [1500, '1.5 s'], [245_000, '4 min 5 s'], [Number.NaN, '']])('formatDuration(%s)', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
  it('says how far away a time is', () => {
    const now = new Date('2025-06-01T12:00:00Z');
    expect(formatRelative('2025-06-01T12:05:00Z', now)).toBe('in 5 min');
    expect(formatRelative('2025-06-01T09:00:00Z', now)).toBe('3 h ago');
    expect(formatRelative('2025-05-30T12:00:00Z', now)).toBe('2 d ago');
    expect(formatRelative('garbage', now)).toBe('garbage');
  });
  it('shortens times of today to the clock time', () => {
    const now = new Date(2025, 5, 1, 18, 0);
    expect(formatShortTime(new Date(2025, 5, 1, 9, 5, 7).toISOString(), now)).toBe('09:05:07');
    expect(formatShortTime(new Date(2025, 4, 31, 23, 59).toISOString(), now)).toBe('05-31 23:59');
    expect(formatShortTime('nope', now)).toBe('nope');
  });
  it('calls approvals nobody gave "auto-allowed"', () => {
    expect(outcomeLabel('approved', 'rule')).toBe('auto-allowed');
    expect(outcomeLabel('approved', 'session')).toBe('auto-allowed');
    expect(outcomeLabel('approved', 'user')).toBe('approved');
    expect(outcomeLabel('denied', 'rule')).toBe('denied');
    expect(outcomeLabel('pending', null)).toBe('pending');
    expect(decidedByLabel('user')).toBe('you');
    expect(decidedByLabel(null)).toBe('');
  });
});
