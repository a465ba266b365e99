import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RuleInput } from '../../../common/domain.js';
import { StoreInputError, StoreNotFoundError, type OpenStore } from '../../../main/core/store/index.js';
import { tempStore } from './fixtures.js';

let store: OpenStore;
let cleanup: () => void;
beforeEach(() => ({ store, cleanup } = tempStore()));
afterEach(() => cleanup());

describe('rules', () => {
  it('creates, lists in creation order, updates and deletes', () => {
    const a = store.createRule({ action: 'allow', pattern: 'Bash(git status)', note: 'safe' });
    const b = store.createRule({ action: 'deny', pattern: 'Bash(rm -rf:*)', scope: '/work/app/' });
    expect(a).toMatchObject({ enabled: true, hit_count: 0, last_used_at: null, source: 'user', scope: null, uses_left: null });
    expect(b.scope).toBe('/work/app');
    expect(store.listRules().map((r) => r.id)).toEqual([a.id, b.id]);

    const disabled = store.updateRule(a.id, { enabled: false, note: null });
    expect(disabled).toMatchObject({ enabled: false, note: null, pattern: 'Bash(git status)' });
    expect(store.getRule(a.id)?.enabled).toBe(false);

    store.deleteRule(a.id);
    expect(store.getRule(a.id)).toBeNull();
    expect(() => store.deleteRule(a.id)).toThrow(StoreNotFoundError);
    expect(() => store.updateRule(a.id, { enabled: true })).toThrow(StoreNotFoundError);
  });

  it.each<[string, unknown]>([
    ['an unknown action', { action: 'maybe', pattern: 'Bash' }],
    ['an empty pattern', { action: 'allow', pattern: '  ' }],
    ['unbalanced parentheses', { action: 'allow', pattern: 'Bash(git status' }],
    ['an empty specifier', { action: 'allow', pattern: 'Bash()' }],
    ['a pattern with a NUL byte', { action: 'allow', pattern: 'Read(/etc/\0passwd)' }],
    ['a relative scope', { action: 'allow', pattern: 'Bash', scope: 'work/app' }],
    ['a bad expiry', { action: 'allow', pattern: 'Bash', expires_at: 'soon' }],
    ['zero uses', { action: 'allow', pattern: 'Bash', uses_left: 0 }],
    ['fractional uses', { action: 'allow', pattern: 'Bash', uses_left: 1.5 }],
    ['an unknown field', { action: 'allow', pattern: 'Bash', colour: 'red' }],
    ['no pattern', { action: 'allow' }],
    ['a sandbox rule for a tool that is not the shell', { action: 'sandbox', pattern: 'Read(./src/**)' }],
  ])('refuses %s and saves nothing', (_name, input) => {
    expect(() => store.createRule(input as RuleInput)).toThrow(StoreInputError);
    expect(store.listRules()).toEqual([]);
  });

  it('keeps a sandbox rule for shell commands, and refuses to turn a file rule into one', () => {
    const s = store.createRule({ action: 'sandbox', pattern: 'Bash(npm test:*)' });
    expect(store.getRule(s.id)?.action).toBe('sandbox');
    const read = store.createRule({ action: 'allow', pattern: 'Read(./docs/**)' });
    expect(() => store.updateRule(read.id, { action: 'sandbox' })).toThrow(StoreInputError);
    expect(store.getRule(read.id)?.action).toBe('allow');
  });

  it('refuses a bad edit and keeps the rule as it was', () => {
    const a = store.createRule({ action: 'allow', pattern: 'Bash(npm test)' });
    expect(() => store.updateRule(a.id, { pattern: 'Bash(' })).toThrow(StoreInputError);
    expect(store.getRule(a.id)).toEqual(a);
  });

  it('counts hits and runs "for the next N uses" down to zero, never below', () => {
    const r = store.createRule({ action: 'allow', pattern: 'Bash(git push)', uses_left: 2 });
    const t1 = new Date('2026-03-01T12:00:00Z');
    store.recordRuleHit(r.id, t1);
    expect(store.getRule(r.id)).toMatchObject({ hit_count: 1, uses_left: 1, last_used_at: t1.toISOString() });
    store.recordRuleHit(r.id, t1);
    store.recordRuleHit(r.id, t1);
    expect(store.getRule(r.id)).toMatchObject({ hit_count: 3, uses_left: 0 });
    const unlimited = store.createRule({ action: 'allow', pattern: 'Bash(ls)' });
    store.recordRuleHit(unlimited.id, t1);
    expect(store.getRule(unlimited.id)).toMatchObject({ hit_count: 1, uses_left: null });
    expect(() => store.recordRuleHit('missing', t1)).toThrow(StoreNotFoundError);
  });

  it('keeps time-boxed rules with their expiry in UTC', () => {
    const r = store.createRule({ action: 'allow', pattern: 'Bash(git push)', expires_at: '2026-03-01T13:30:00+01:00' });
    expect(r.expires_at).toBe('2026-03-01T12:30:00.000Z');
    expect(store.updateRule(r.id, { expires_at: null }).expires_at).toBeNull();
  });
});

describe('session approvals', () => {
  const approval = { agent: 'claude-code', session_id: 's1', kind: 'call' as const, payload: 'Bash:npm test', tool_name: 'Bash', summary: 'npm test' };

  it('lists live approvals until their TTL passes', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    const forever = store.addSessionApproval({ ...approval, expires_at: null });
    const short = store.addSessionApproval({ ...approval, payload: 'Bash:ls', expires_at: '2026-03-01T12:30:00Z' });
    expect(store.listSessionApprovals(now).map((a) => a.id)).toEqual([forever.id, short.id]);
    expect(store.listSessionApprovals(new Date('2026-03-01T12:30:00Z')).map((a) => a.id)).toEqual([forever.id]);
  });

  it('revokes one, and refuses unknown ids', () => {
    const a = store.addSessionApproval({ ...approval, expires_at: null });
    store.revokeSessionApproval(a.id);
    expect(store.listSessionApprovals(new Date())).toEqual([]);
    expect(() => store.revokeSessionApproval(a.id)).toThrow(StoreNotFoundError);
  });

  it('drops expired approvals during retention housekeeping', () => {
    store.addSessionApproval({ ...approval, expires_at: '2026-03-01T12:30:00Z' });
    store.pruneAudit(new Date('2026-03-02T00:00:00Z'));
    expect(store.listSessionApprovals(new Date('2000-01-01T00:00:00Z'))).toEqual([]);
  });

  it('refuses an approval without a session', () => {
    expect(() => store.addSessionApproval({ ...approval, session_id: '', expires_at: null })).toThrow(StoreInputError);
  });
});
