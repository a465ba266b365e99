// The undo routes History's Undo button uses, on a real server with a real git repository and real SQLite: only the
// person may call them (the agent's token is refused on every one and nothing changes), the preview names mode
// changes, the audit carries each entry's undo state (and "no undo" with its reason after retention), a conflict
// answers without touching the files, and "Undo this session" previews then restores byte-exact.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '../../../common/domain.js';
import type { UndoReport } from '../../../common/undo.js';
import { startGatehouse, tempDir, type TestGatehouse } from '../server/helpers.js';
import { makeRepo, treeHash } from './tree-hash.js';

let g: TestGatehouse;
let root: string;
let ws: string;

beforeEach(async () => {
  root = tempDir('gatehouse-undo-routes-');
  ws = join(root, 'repo');
  mkdirSync(ws);
  makeRepo(ws);
  g = await startGatehouse();
});
afterEach(async () => {
  await g.close();
  rmSync(root, { recursive: true, force: true });
});

/** A shell call the person approves while the agent waits (the wait takes the before-snapshot), then really run. */
async function ranCall(command: string, session = 's1'): Promise<string> {
  const res = await g.agent('POST', '/v1/requests?wait=0', { agent: 'claude-code', tool_name: 'Bash', args: { command }, session_id: session, cwd: ws });
  const id = (res.json as { id: string }).id;
  const waiting = g.agent('GET', `/v1/requests/${id}?wait=10`);
  expect((await g.approver('POST', `/v1/requests/${id}/decision`, { approved: true })).status).toBe(200);
  expect(((await waiting).json as { status: string }).status).toBe('approved');
  execFileSync('bash', ['-c', command], { cwd: ws });
  return id;
}

async function post<T>(path: string, body: Record<string, unknown>): Promise<T> {
  const res = await g.approver('POST', path, body);
  expect(res.status, res.text).toBe(200);
  return res.json as T;
}

describe('undo routes (History)', () => {
  it('refuses the agent token on every undo route, and nothing changes', async () => {
    const id = await ranCall('rm b.txt && chmod 644 run.sh');
    const t1 = treeHash(ws);
    for (const [method, path] of [['GET', `/v1/undo/${id}`], ['POST', `/v1/undo/${id}`], ['POST', '/v1/undo/session/s1']] as const) {
      const res = await g.agent(method, path, method === 'POST' ? { apply: true, back_to_here: true } : undefined);
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect(treeHash(ws)).toBe(t1);
  });

  it('previews (with the mode the file gets back) and applies byte-exact; the audit lists the call and the undo as undoable', async () => {
    const t0 = treeHash(ws);
    const id = await ranCall("sed -i 's/alpha/ALPHA/' a.txt && chmod 644 run.sh");
    const t1 = treeHash(ws);
    const preview = await post<UndoReport>(`/v1/undo/${id}`, {});
    expect(preview.files.map((f) => [f.path, f.change, f.mode])).toEqual([
      ['a.txt', 'modified', null],
      ['run.sh', 'modified', { now: '100644', restored: '100755' }],
    ]);
    expect(treeHash(ws)).toBe(t1);

    const done = await post<UndoReport>(`/v1/undo/${id}`, { apply: true });
    expect(done.applied).toBe(true);
    expect(treeHash(ws)).toBe(t0);

    const page = (await g.approver('GET', '/v1/audit')).json as AuditPage;
    expect(page.entries.map((e) => [e.id, e.tool_name, e.summary, e.undo?.state])).toEqual([
      [done.undo_id, 'Undo', 'restored a.txt, run.sh', 'available'],
      [id, 'Bash', "sed -i 's/alpha/ALPHA/' a.txt && chmod 644 run.sh", 'available'],
    ]);
    const one = (await g.approver('GET', `/v1/audit/${done.undo_id}`)).json as AuditEntry;
    expect(one.undo).toMatchObject({ state: 'available', workspace: ws });
  });

  it('a conflict answers with the later call and changes nothing until back_to_here', async () => {
    const t0 = treeHash(ws);
    const first = await ranCall("sed -i 's/beta/BETA/' a.txt");
    const second = await ranCall("sed -i 's/alpha/ALPHA/' a.txt");
    const t2 = treeHash(ws);
    for (const body of [{}, { apply: true }]) {
      const refused = await post<UndoReport>(`/v1/undo/${first}`, body);
      expect(refused).toMatchObject({ applied: false, undo_id: null, conflicts: [{ path: 'a.txt', later_calls: [second] }] });
      expect(treeHash(ws)).toBe(t2);
    }
    const preview = await post<UndoReport>(`/v1/undo/${first}`, { back_to_here: true });
    expect(preview).toMatchObject({ applied: false, calls: [first, second], conflicts: [] });
    expect(treeHash(ws)).toBe(t2);
    expect(await post<UndoReport>(`/v1/undo/${first}`, { back_to_here: true, apply: true })).toMatchObject({ applied: true });
    expect(treeHash(ws)).toBe(t0);
  });

  it('"Undo this session" previews, then goes back to before the session\'s first change; another session is left alone', async () => {
    const t0 = treeHash(ws);
    await ranCall('rm b.txt', 'mine');
    await ranCall("sed -i 's/alpha/ALPHA/' a.txt && touch z.txt", 'mine');
    const t2 = treeHash(ws);
    const [preview] = await post<UndoReport[]>('/v1/undo/session/mine', {});
    expect(preview!.files.map((f) => [f.path, f.change])).toEqual([['a.txt', 'modified'], ['b.txt', 'created'], ['z.txt', 'deleted']]);
    expect(treeHash(ws)).toBe(t2);
    const [done] = await post<UndoReport[]>('/v1/undo/session/mine', { apply: true });
    expect(done!.applied).toBe(true);
    expect(treeHash(ws)).toBe(t0);
    expect((await g.approver('POST', '/v1/undo/session/other', {})).status).toBe(404);
  });

  it('after retention the entry says "no undo" and why, and the route refuses without changing anything', async () => {
    const id = await ranCall('rm a.txt');
    await ranCall('touch y.txt'); // the session's next call closes the first one's after-snapshot
    const t = treeHash(ws);
    await g.core.snapshots.prune({ days: 30, maxBytes: 1 });
    const entry = (await g.approver('GET', `/v1/audit/${id}`)).json as AuditEntry;
    expect(entry.undo).toMatchObject({ state: 'pruned', why: expect.stringContaining('retention') });
    const refused = await g.approver('POST', `/v1/undo/${id}`, { apply: true });
    expect(refused.status).toBe(409);
    expect(treeHash(ws)).toBe(t);
  });
});
