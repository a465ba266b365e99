// The rule book is reused while the same rules array comes back; it must never outlive a change that alters the verdict.
import { describe, expect, it } from 'vitest';
import type { Rule } from '../../../common/domain.js';
import { ruleBook } from '../../../main/core/policy/rules/rule-match.js';
import type { WorkspaceState } from '../../../main/core/policy/types.js';
import { rule } from './fixture.js';

const ws = (cwd: string): WorkspaceState => ({ cwd, home: '/home/u' }) as WorkspaceState;
const allowed = (rules: Rule[], w: WorkspaceState, now: Date) => ruleBook(rules, w, now, 'claude-code').allow.map((lr) => lr.rule.pattern);

describe('ruleBook reuse', () => {
  it('a rule that expires between two calls is gone from the second book', () => {
    const rules = [rule('allow', 'Bash(git log:*)', { expires_at: '2026-06-01T00:00:00.000Z' }), rule('allow', 'Bash(ls:*)')];
    expect(allowed(rules, ws('/ws'), new Date('2026-05-31T23:59:59.000Z'))).toEqual(['Bash(git log:*)', 'Bash(ls:*)']);
    expect(allowed(rules, ws('/ws'), new Date('2026-06-01T00:00:00.000Z'))).toEqual(['Bash(ls:*)']);
    // And a clock set back brings it back (the book is valid for a window, not "until later").
    expect(allowed(rules, ws('/ws'), new Date('2026-05-01T00:00:00.000Z'))).toEqual(['Bash(git log:*)', 'Bash(ls:*)']);
  });

  it('a rule for one agent is in that agent\'s book only, however the calls alternate, and a change of agent is seen', () => {
    const r = rule('allow', 'Bash', { agent: 'gemini-cli' });
    const rules = [r, rule('allow', 'Bash(ls:*)')];
    const now = new Date('2026-05-01T00:00:00.000Z');
    const of = (agent: string) => ruleBook(rules, ws('/ws'), now, agent).allow.map((lr) => lr.rule.pattern);
    expect(of('gemini-cli')).toEqual(['Bash', 'Bash(ls:*)']);
    expect(of('claude-code')).toEqual(['Bash(ls:*)']);
    expect(of('gemini-cli')).toEqual(['Bash', 'Bash(ls:*)']);
    r.agent = 'codex';
    expect(of('gemini-cli')).toEqual(['Bash(ls:*)']);
  });

  it('a rule changed in place (disabled, used up, re-scoped, turned to deny) is seen at once', () => {
    const r = rule('allow', 'Bash(git log:*)');
    const rules = [r];
    const now = new Date('2026-05-01T00:00:00.000Z');
    expect(allowed(rules, ws('/ws'), now)).toEqual(['Bash(git log:*)']);
    r.enabled = false;
    expect(allowed(rules, ws('/ws'), now)).toEqual([]);
    r.enabled = true;
    r.uses_left = 0;
    expect(allowed(rules, ws('/ws'), now)).toEqual([]);
    r.uses_left = null;
    r.scope = '/other';
    expect(allowed(rules, ws('/ws'), now)).toEqual([]);
    r.scope = null;
    r.action = 'deny';
    expect(allowed(rules, ws('/ws'), now)).toEqual([]);
    expect(ruleBook(rules, ws('/ws'), now, 'claude-code').deny.map((lr) => lr.rule.pattern)).toEqual(['Bash(git log:*)']);
  });

  it('a list of frozen rules (as the store hands them out) sees a rule replaced in its place', () => {
    const rules = [Object.freeze(rule('allow', 'Bash(git push)', { uses_left: 1 })), Object.freeze(rule('allow', 'Bash(ls:*)'))];
    const now = new Date('2026-05-01T00:00:00.000Z');
    expect(allowed(rules, ws('/ws'), now)).toEqual(['Bash(git push)', 'Bash(ls:*)']);
    expect(allowed(rules, ws('/ws'), now)).toEqual(['Bash(git push)', 'Bash(ls:*)']);
    rules[0] = Object.freeze({ ...rules[0]!, uses_left: 0 });
    expect(allowed(rules, ws('/ws'), now)).toEqual(['Bash(ls:*)']);
  });

  it('a scoped rule follows the workspace of each call', () => {
    const rules = [rule('allow', 'Bash(make:*)', { scope: '/ws' })];
    const now = new Date('2026-05-01T00:00:00.000Z');
    expect(allowed(rules, ws('/ws/src'), now)).toEqual(['Bash(make:*)']);
    expect(allowed(rules, ws('/elsewhere'), now)).toEqual([]);
    expect(allowed(rules, ws('/ws'), now)).toEqual(['Bash(make:*)']);
  });

  it('a rule added to the same array is seen', () => {
    const rules = [rule('allow', 'Bash(ls:*)')];
    const now = new Date('2026-05-01T00:00:00.000Z');
    expect(allowed(rules, ws('/ws'), now)).toEqual(['Bash(ls:*)']);
    rules.push(rule('deny', 'Bash(rm:*)'));
    expect(ruleBook(rules, ws('/ws'), now, 'claude-code').deny.map((lr) => lr.rule.pattern)).toEqual(['Bash(rm:*)']);
  });
});
