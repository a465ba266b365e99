// Issue 26 through the real server: "the whole workspace" and an "always" rule's scope are offered only for a project
// folder — never for the agent's cwd when it is the home, `/` or a system folder.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Rule } from '../../../common/domain.js';
import { grantLifecycle } from '../server/helpers.js';

const t = grantLifecycle();
/** A pending Write of `file` sent with `cwd`; its id. */
const pendingWrite = (cwd: string, file: string) => t.held({ tool_name: 'Write', args: { file_path: file, content: 'x' } }, { cwd });

describe('a cwd that is no project folder is offered as no workspace', () => {
  it.each([
    ['the home', () => homedir(), () => join(homedir(), '.bashrc')],
    ['/', () => '/', () => join(homedir(), '.ssh', 'authorized_keys')],
    ['/etc', () => '/etc', () => '/etc/profile.d/x.sh'],
  ])('cwd = %s: no "whole workspace" grant, no rule scope, and neither is accepted', async (_name, cwd, file) => {
    const id = await pendingWrite(cwd(), file());
    const s = await t.suggestion(id);
    expect(s.grants.map((c) => c.grant.kind)).not.toContain('workspace');
    expect(s.scope).toBeNull();
    expect(s.broad).toBe(true);
    expect(s.warning).toContain('no workspace to limit the rule to');

    const wsGrant = await t.decide(id, { approved: true, scope: 'session', grant: { kind: 'workspace' } });
    expect(wsGrant.status).toBe(400);
    const always = await t.decide(id, { approved: true, scope: 'always' });
    expect(always.status).toBe(400);
    expect(always.text).toContain('cannot be limited to');
    const scoped = await t.decide(id, { approved: true, scope: 'always', rule: { action: 'allow', pattern: 'Edit', scope: cwd() } });
    expect(scoped.status).toBe(400);
    expect(scoped.text).toContain('cannot be limited to');
    expect(((await t.g.approver('GET', '/v1/rules')).json as Rule[]).length).toBe(0);
  });

  it('a project folder is offered and taken as the workspace', async () => {
    const id = await pendingWrite(t.ws, join(t.ws, 'notes.md'));
    const s = await t.suggestion(id);
    expect(s.scope).toBe(t.ws);
    expect(s.grants.find((c) => c.grant.kind === 'workspace')?.grant.value).toBe(t.ws);
    const always = await t.decide(id, { approved: true, scope: 'always' });
    expect(always.status, always.text).toBe(200);
    expect(((await t.g.approver('GET', '/v1/rules')).json as Rule[])[0]).toMatchObject({ scope: t.ws });
  });
});
