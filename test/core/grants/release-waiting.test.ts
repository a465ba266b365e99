// A grant that also decides what already waits (issue 23 item 2): approving "for this session" or "always" decides
// the other waiting requests that this very grant or rule covers, through the real server — and nothing else.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bash, grantLifecycle, type ShownRequest } from '../server/helpers.js';

const t = grantLifecycle();

describe('a grant decides the waiting requests it covers', () => {
  it('"this session": the same call waiting in the same session is approved; another session and another call keep waiting', async () => {
    const first = await t.held(bash('ls'));
    const twin = await t.held(bash('ls'));
    const otherSession = await t.held(bash('ls'), { session_id: 's2' });
    const otherAgent = await t.held(bash('ls'), { agent: 'gemini-cli' });
    const other = await t.held(bash('ls -la'));
    const r = await t.decide(first, { approved: true, scope: 'session' });
    expect(r.status, r.text).toBe(200);
    expect((r.json as ShownRequest).released).toEqual([twin]);
    const shown = await t.record(twin);
    expect(shown.status).toBe('approved');
    expect(shown.decision?.decided_by).toBe('session');
    expect(shown.decision?.reason).toContain(`you gave on request ${first}`);
    for (const id of [otherSession, otherAgent, other]) expect((await t.record(id)).status).toBe('pending');
  });

  it('"always": the waiting calls the new rule allows are approved by it, in any session', async () => {
    const first = await t.held(bash('make build'));
    const twin = await t.held(bash('make build'), { session_id: 's9' });
    const unrelated = await t.held(bash('make deploy'));
    const r = await t.decide(first, {
      approved: true,
      scope: 'always',
      rule: { action: 'allow', pattern: 'Bash(make build)', scope: t.ws },
    });
    expect(r.status, r.text).toBe(200);
    const answer = r.json as ShownRequest & { decision: { created_rule: { id: string } } };
    expect(answer.released).toEqual([twin]);
    const shown = await t.record(twin);
    expect(shown.status).toBe('approved');
    expect(shown.decision?.rule_id).toBe(answer.decision.created_rule.id);
    expect((await t.record(unrelated)).status).toBe('pending');
  });

  it('"always deny": the waiting twins are denied by the new rule', async () => {
    const first = await t.held(bash('make deploy'));
    const twin = await t.held(bash('make deploy'), { session_id: 's2' });
    const r = await t.decide(first, { approved: false, scope: 'always', rule: { action: 'deny', pattern: 'Bash(make deploy)' } });
    expect(r.status, r.text).toBe(200);
    expect((r.json as ShownRequest).released).toEqual([twin]);
    expect((await t.record(twin)).status).toBe('denied');
  });

  it('an approval "once" decides nothing else', async () => {
    const first = await t.held(bash('ls'));
    const twin = await t.held(bash('ls'));
    const r = await t.decide(first, { approved: true, scope: 'once' });
    expect(r.status, r.text).toBe(200);
    expect((r.json as ShownRequest).released).toBeUndefined();
    expect((await t.record(twin)).status).toBe('pending');
  });

  it('a waiting call the grant covers but an ask rule still holds keeps waiting', async () => {
    const rule = await t.g.approver('POST', '/v1/rules', { action: 'ask', pattern: 'Write(**/held.md)' });
    expect(rule.status, rule.text).toBe(201);
    const first = await t.held({ tool_name: 'Write', args: { file_path: join(t.ws, 'notes.md'), content: 'x' } });
    const asked = await t.held({ tool_name: 'Write', args: { file_path: join(t.ws, 'held.md'), content: 'x' } });
    const twin = await t.held({ tool_name: 'Write', args: { file_path: join(t.ws, 'other.md'), content: 'x' } });
    const r = await t.decide(first, { approved: true, scope: 'session', grant: { kind: 'workspace', value: t.ws } });
    expect(r.status, r.text).toBe(200);
    expect((r.json as ShownRequest).released).toEqual([twin]);
    expect((await t.record(asked)).status).toBe('pending');
  });
});
