import { describe, expect, it } from 'vitest';
import type { Rule } from '../../common/domain.js';
import { activeAllowCount, expiryLabel, formFromRule, isAbsolutePath, isExpired, NEW_RULE_FORM, toRuleInput, type RuleForm } from '../../renderer/rules/ruleForm.js';

const NOW = new Date('2025-06-01T12:00:00.000Z');
const form = (patch: Partial<RuleForm>): RuleForm => ({ ...NEW_RULE_FORM, pattern: 'Bash(git status)', ...patch });
const rule = (patch: Partial<Rule>): Rule => ({
  id: 'r1', action: 'allow', pattern: 'Bash(git status)', scope: null, enabled: true, expires_at: null, uses_left: null,
  note: null, created_at: '2025-05-01T00:00:00.000Z', last_used_at: null, hit_count: 0, source: 'user', ...patch,
});

describe('toRuleInput', () => {
  it('builds a plain rule, trimming pattern and note', () => {
    expect(toRuleInput(form({ pattern: '  Read(./src/**) ', note: ' why ' }), NOW)).toEqual({
      ok: true,
      input: { action: 'allow', pattern: 'Read(./src/**)', scope: null, enabled: true, expires_at: null, uses_left: null, note: 'why' },
    });
  });

  it.each<[string, Partial<RuleForm>, RegExp]>([
    ['empty pattern', { pattern: '   ' }, /Enter a pattern/],
    ['relative workspace', { scopeKind: 'workspace', scopePath: 'project' }, /absolute path/],
    ['empty workspace', { scopeKind: 'workspace', scopePath: '  ' }, /absolute path/],
    ['until without a time', { expiry: 'until', until: '' }, /Choose the date/],
    ['until in the past', { expiry: 'until', until: '2020-01-01T00:00' }, /already past/],
    ['zero uses', { expiry: 'uses', uses: '0' }, /whole number/],
    ['fractional uses', { expiry: 'uses', uses: '1.5' }, /whole number/],
    ['negative uses', { expiry: 'uses', uses: '-3' }, /whole number/],
    ['absurd uses', { expiry: 'uses', uses: '99999999' }, /whole number/],
    ['uses not a number', { expiry: 'uses', uses: 'ten' }, /whole number/],
  ])('refuses %s', (_name, patch, message) => {
    const r = toRuleInput(form(patch), NOW);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(message);
  });

  it('scopes to an absolute workspace', () => {
    const r = toRuleInput(form({ scopeKind: 'workspace', scopePath: ' /home/me/p ' }), NOW);
    expect(r.ok && r.input.scope).toBe('/home/me/p');
  });

  it('"for 30 minutes" expires 30 minutes from now', () => {
    const r = toRuleInput(form({ expiry: '30min' }), NOW);
    expect(r.ok && r.input.expires_at).toBe('2025-06-01T12:30:00.000Z');
  });

  it('"for the next N uses" sets uses_left and no time', () => {
    const r = toRuleInput(form({ expiry: 'uses', uses: ' 3 ' }), NOW);
    expect(r.ok && [r.input.uses_left, r.input.expires_at]).toEqual([3, null]);
  });

  it('"until" converts local time', () => {
    const r = toRuleInput(form({ expiry: 'until', until: '2030-01-02T03:04' }), NOW);
    expect(r.ok && r.input.expires_at).toBe(new Date(2030, 0, 2, 3, 4).toISOString());
  });

  it('an empty note clears the note', () => {
    const r = toRuleInput(form({ note: '  ' }), NOW);
    expect(r.ok && r.input.note).toBeNull();
  });
});

describe('formFromRule', () => {
  it('round-trips a scoped rule with uses through the form', () => {
    const r = rule({ action: 'deny', scope: '/w', uses_left: 2, note: 'n', enabled: false });
    const f = formFromRule(r);
    expect(f).toMatchObject({ action: 'deny', scopeKind: 'workspace', scopePath: '/w', expiry: 'uses', uses: '2', note: 'n', enabled: false });
    const back = toRuleInput(f, NOW);
    expect(back.ok && back.input).toEqual({ action: 'deny', pattern: r.pattern, scope: '/w', enabled: false, expires_at: null, uses_left: 2, note: 'n' });
  });
  it('shows a timed rule as "until"', () => {
    expect(formFromRule(rule({ expires_at: '2030-01-01T00:00:00.000Z' })).expiry).toBe('until');
    expect(formFromRule(rule({})).expiry).toBe('never');
  });
});

describe('expiry and counts', () => {
  it.each<[string, Partial<Rule>, string]>([
    ['no expiry', {}, 'never'],
    ['uses left', { uses_left: 3 }, '3 uses left'],
    ['one use', { uses_left: 1 }, '1 use left'],
    ['time ahead', { expires_at: '2025-06-01T12:25:00.000Z' }, 'in 25 min'],
    ['both', { uses_left: 2, expires_at: '2025-06-01T14:00:00.000Z' }, '2 uses left · in 2 h'],
    ['time passed', { expires_at: '2025-06-01T11:00:00.000Z' }, 'expired'],
    ['uses spent', { uses_left: 0 }, 'expired'],
  ])('%s → %s', (_n, patch, label) => {
    expect(expiryLabel(rule(patch), NOW)).toBe(label);
  });

  it('counts only enabled, unexpired allow rules', () => {
    const rules = [
      rule({}), rule({ enabled: false }), rule({ action: 'deny' }), rule({ uses_left: 0 }),
      rule({ expires_at: '2025-01-01T00:00:00.000Z' }), rule({ expires_at: '2030-01-01T00:00:00.000Z' }),
    ];
    expect(activeAllowCount(rules, NOW)).toBe(2);
    expect(isExpired(rule({ uses_left: 0 }), NOW)).toBe(true);
  });

  it.each([['/home/a', true], ['C:\\Users\\a', true], ['c:/x', true], ['\\\\server\\share', true], ['~/p', false], ['./p', false], ['p', false]])(
    'isAbsolutePath(%j) = %s', (path, expected) => expect(isAbsolutePath(path)).toBe(expected),
  );
});
