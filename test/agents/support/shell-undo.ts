// Issue 22 for every agent with an after-call hook: one shell change the agent made through Gatehouse is undone by
// `gatehouse undo` to the tree as it was (a hash of every file), and the user's git (status, stash, refs, .git) is
// left exactly as it was.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { gitState, makeRepo, treeHash } from '../../core/snapshots/tree-hash.js';
import { gatehouse, TOKEN } from './gatehouse.js';
import type { AgentSpec, Suite } from './scenarios.js';

/** Registers the scenario on an agent's suite (its `extra`). */
export function shellUndoScenario(s: Suite, spec: AgentSpec): void {
  it('undoes one shell change byte-exact, leaving git alone', async () => {
    const ws = s.dirs.ws;
    rmSync(join(ws, '.git'), { recursive: true, force: true });
    makeRepo(ws);
    const git0 = gitState(ws);
    const before = treeHash(ws);
    expect((await s.g().approver('POST', '/v1/rules', { action: 'allow', pattern: 'Bash(rm b.txt)' })).status).toBe(201);
    const r = await s.run(spec.shell('rm b.txt'));
    expect(existsSync(join(ws, 'b.txt')), r.stdout + r.stderr).toBe(false);
    const entry = ((await s.g().approver('GET', '/v1/audit?tool_name=Bash&limit=1')).json as { entries: Array<{ id: string; agent: string }> }).entries[0]!;
    expect(entry.agent).toBe(spec.kind);
    // The after-call hook reached Gatehouse: the call's after-snapshot is taken.
    expect((await s.g().approver('GET', `/v1/undo/${entry.id}`)).json, r.stdout + r.stderr).toMatchObject({ state: 'available', ran: 'ran' });
    const undone = await gatehouse(['undo', entry.id, '--yes'], { ...s.env, GATEHOUSE_APPROVER_TOKEN: TOKEN });
    expect(undone.code, undone.stderr).toBe(0);
    expect(treeHash(ws)).toBe(before);
    expect(gitState(ws)).toEqual(git0);
  });
}
