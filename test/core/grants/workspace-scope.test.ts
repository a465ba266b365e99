// Issue 26 through the real server: "the whole workspace" and an "always" rule's scope are offered only for a project
// folder — never for the agent's cwd when it is the home, `/` or a system folder.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RuleSuggestion } from '../../../common/api.js';
import type { Rule } from '../../../common/domain.js';
import { makeWorkspace, startGatehouse, type TestGatehouse } from '../server/helpers.js';

let ws: ReturnType<typeof makeWorkspace>;
let g: TestGatehouse;
beforeAll(() => {
  ws = makeWorkspace();
});
afterAll(() => ws.cleanup());
afterEach(async () => g?.close());

/** A pending Write of `file` sent with `cwd`; its id. */
async function pendingWrite(cwd: string, file: string): Promise<string> {
  const r = await g.agent('POST', '/v1/requests', { agent: 'claude-code', session_id: 's1', cwd, tool_name: 'Write', args: { file_path: file, content: 'x' } });
  expect(r.status, r.text).toBe(200);
  const answer = r.json as { id: string; status: string };
  expect(answer.status).toBe('pending');
  return answer.id;
}

const suggestion = async (id: string) => (await g.approver('GET', `/v1/requests/${id}/suggest-rule`)).json as RuleSuggestion;

describe('a cwd that is no project folder is offered as no workspace', () => {
  it.each([
    ['the home', () => homedir(), () => join(homedir(), '.bashrc')],
    ['/', () => '/', () => join(homedir(), '.ssh', 'authorized_keys')],
    ['/etc', () => '/etc', () => '/etc/profile.d/x.sh'],
  ])('cwd = %s: no "whole workspace" grant, no rule scope, and neither is accepted', async (_name, cwd, file) => {
    g = await startGatehouse();
    const id = await pendingWrite(cwd(), file());
    const s = await suggestion(id);
    expect(s.grants.map((c) => c.grant.kind)).not.toContain('workspace');
    expect(s.scope).toBeNull();
    expect(s.broad).toBe(true);
    expect(s.warning).toContain('no workspace to limit the rule to');

    const wsGrant = await g.approver('POST', `/v1/requests/${id}/decision`, { approved: true, scope: 'session', grant: { kind: 'workspace' } });
    expect(wsGrant.status).toBe(400);
    const always = await g.approver('POST', `/v1/requests/${id}/decision`, { approved: true, scope: 'always' });
    expect(always.status).toBe(400);
    expect(always.text).toContain('cannot be limited to');
    const scoped = await g.approver('POST', `/v1/requests/${id}/decision`, { approved: true, scope: 'always', rule: { action: 'allow', pattern: 'Edit', scope: cwd() } });
    expect(scoped.status).toBe(400);
    expect(scoped.text).toContain('cannot be limited to');
    expect(((await g.approver('GET', '/v1/rules')).json as Rule[]).length).toBe(0);
  });

  it('a project folder is offered and taken as the workspace', async () => {
    g = await startGatehouse();
    const id = await pendingWrite(ws.ws, join(ws.ws, 'notes.md'));
    const s = await suggestion(id);
    expect(s.scope).toBe(ws.ws);
    expect(s.grants.find((c) => c.grant.kind === 'workspace')?.grant.value).toBe(ws.ws);
    const always = await g.approver('POST', `/v1/requests/${id}/decision`, { approved: true, scope: 'always' });
    expect(always.status, always.text).toBe(200);
    expect(((await g.approver('GET', '/v1/rules')).json as Rule[])[0]).toMatchObject({ scope: ws.ws });
  });
});
