// A grant that also decides what already waits (issue 23 item 2): approving "for this session" or "always" decides
// the other waiting requests that this very grant or rule covers, through the real server — and nothing else.
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeWorkspace, startGatehouse, type TestGatehouse } from '../server/helpers.js';

let ws: ReturnType<typeof makeWorkspace>;
let g: TestGatehouse;

beforeAll(() => {
  ws = makeWorkspace();
});
afterAll(() => ws.cleanup());
afterEach(async () => g?.close());

interface Record_ {
  request: { id: string };
  status: string;
  released?: string[];
  decision?: { decided_by: string; reason?: string; rule_id?: string };
}

const bash = (command: string) => ({ tool_name: 'Bash', args: { command } });

/** Submits as the agent without waiting; returns the request id (the call must be held). */
async function held(call: { tool_name: string; args: Record<string, unknown> }, session = 's1', agent = 'claude-code'): Promise<string> {
  const r = await g.agent('POST', '/v1/requests', { agent, session_id: session, cwd: ws.ws, ...call });
  expect(r.status, r.text).toBe(200);
  const body = r.json as { id: string; status: string };
  expect(body.status).toBe('pending');
  return body.id;
}

async function record(id: string): Promise<Record_> {
  const r = await g.approver('GET', `/v1/requests/${id}`);
  expect(r.status, r.text).toBe(200);
  return r.json as Record_;
}

describe('a grant decides the waiting requests it covers', () => {
  it('"this session": the same call waiting in the same session is approved; another session and another call keep waiting', async () => {
    g = await startGatehouse();
    const first = await held(bash('ls'));
    const twin = await held(bash('ls'));
    const otherSession = await held(bash('ls'), 's2');
    const otherAgent = await held(bash('ls'), 's1', 'gemini-cli');
    const other = await held(bash('ls -la'));
    const r = await g.approver('POST', `/v1/requests/${first}/decision`, { approved: true, scope: 'session' });
    expect(r.status, r.text).toBe(200);
    expect((r.json as Record_).released).toEqual([twin]);
    const t = await record(twin);
    expect(t.status).toBe('approved');
    expect(t.decision?.decided_by).toBe('session');
    expect(t.decision?.reason).toContain(`you gave on request ${first}`);
    for (const id of [otherSession, otherAgent, other]) expect((await record(id)).status).toBe('pending');
  });

  it('"always": the waiting calls the new rule allows are approved by it, in any session', async () => {
    g = await startGatehouse();
    const first = await held(bash('make build'));
    const twin = await held(bash('make build'), 's9');
    const unrelated = await held(bash('make deploy'));
    const r = await g.approver('POST', `/v1/requests/${first}/decision`, {
      approved: true,
      scope: 'always',
      rule: { action: 'allow', pattern: 'Bash(make build)', scope: ws.ws },
    });
    expect(r.status, r.text).toBe(200);
    const answer = r.json as Record_ & { decision: { created_rule: { id: string } } };
    expect(answer.released).toEqual([twin]);
    const t = await record(twin);
    expect(t.status).toBe('approved');
    expect(t.decision?.rule_id).toBe(answer.decision.created_rule.id);
    expect((await record(unrelated)).status).toBe('pending');
  });

  it('"always deny": the waiting twins are denied by the new rule', async () => {
    g = await startGatehouse();
    const first = await held(bash('make deploy'));
    const twin = await held(bash('make deploy'), 's2');
    const r = await g.approver('POST', `/v1/requests/${first}/decision`, { approved: false, scope: 'always', rule: { action: 'deny', pattern: 'Bash(make deploy)' } });
    expect(r.status, r.text).toBe(200);
    expect((r.json as Record_).released).toEqual([twin]);
    expect((await record(twin)).status).toBe('denied');
  });

  it('an approval "once" decides nothing else', async () => {
    g = await startGatehouse();
    const first = await held(bash('ls'));
    const twin = await held(bash('ls'));
    const r = await g.approver('POST', `/v1/requests/${first}/decision`, { approved: true, scope: 'once' });
    expect(r.status, r.text).toBe(200);
    expect((r.json as Record_).released).toBeUndefined();
    expect((await record(twin)).status).toBe('pending');
  });

  it('a waiting call the grant covers but an ask rule still holds keeps waiting', async () => {
    g = await startGatehouse();
    const rule = await g.approver('POST', '/v1/rules', { action: 'ask', pattern: 'Write(**/held.md)' });
    expect(rule.status, rule.text).toBe(201);
    const first = await held({ tool_name: 'Write', args: { file_path: join(ws.ws, 'notes.md'), content: 'x' } });
    const asked = await held({ tool_name: 'Write', args: { file_path: join(ws.ws, 'held.md'), content: 'x' } });
    const twin = await held({ tool_name: 'Write', args: { file_path: join(ws.ws, 'other.md'), content: 'x' } });
    const r = await g.approver('POST', `/v1/requests/${first}/decision`, { approved: true, scope: 'session', grant: { kind: 'workspace', value: ws.ws } });
    expect(r.status, r.text).toBe(200);
    expect((r.json as Record_).released).toEqual([twin]);
    expect((await record(asked)).status).toBe('pending');
  });
});
