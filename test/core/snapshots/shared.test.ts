// Snapshots asked for together are taken once (KeyedQueue.runShared), and each call still undoes only its own change:
// concurrent requests of two sessions on one real repository through a real server.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UndoReport } from '../../../common/undo.js';
import { KeyedQueue } from '../../../main/core/snapshots/queue.js';
import { startGatehouse, tempDir, type TestGatehouse } from '../server/helpers.js';
import { makeRepo, treeHash } from './tree-hash.js';

describe('KeyedQueue.runShared', () => {
  it('joins a task of the same share queued last and not started; one that runs, or another task after it, starts a new one', async () => {
    const q = new KeyedQueue();
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const task = (wait?: Promise<void>) => async () => {
      const n = ++runs;
      if (wait) await wait;
      return n;
    };
    const first = q.runShared('ws', '[]', task(gate));
    await new Promise((r) => setImmediate(r)); // the first has started: later callers join the next one
    const second = q.runShared('ws', '[]', task());
    const third = q.runShared('ws', '[]', task());
    const otherShare = q.runShared('ws', '["/ws/f"]', task());
    const afterOther = q.runShared('ws', '[]', task());
    const plain = q.run('ws', task());
    const afterPlain = q.runShared('ws', '[]', task());
    release();
    expect(await Promise.all([first, second, third, otherShare, afterOther, plain, afterPlain])).toEqual([1, 2, 2, 3, 4, 5, 6]);
    expect(runs).toBe(6);
  });

  it('a failed shared task fails every request that joined it, and the next one runs afresh', async () => {
    const q = new KeyedQueue();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const running = q.run('ws', () => gate);
    const a = q.runShared('ws', '[]', () => Promise.reject(new Error('no snapshot')));
    const b = q.runShared('ws', '[]', () => Promise.resolve('not run'));
    release();
    await running;
    await expect(a).rejects.toThrow('no snapshot');
    await expect(b).rejects.toThrow('no snapshot');
    expect(await q.runShared('ws', '[]', () => Promise.resolve('fresh'))).toBe('fresh');
  });
});

describe('shared snapshots on a real server', () => {
  let g: TestGatehouse;
  let root: string;
  let ws: string;

  beforeEach(async () => {
    root = tempDir('gatehouse-shared-');
    ws = join(root, 'repo');
    mkdirSync(ws);
    makeRepo(ws);
    g = await startGatehouse();
    expect((await g.approver('PATCH', '/v1/settings', { mode: 'approve-all' })).status).toBe(200);
  });
  afterEach(async () => {
    await g.close();
    rmSync(root, { recursive: true, force: true });
  });

  /** Approved by approve-all, or by the person where approve-all would contain it and no sandbox runs here. */
  async function approved(command: string, session: string): Promise<string> {
    const res = await g.agent('POST', '/v1/requests?wait=0', { agent: 'claude-code', tool_name: 'Bash', args: { command }, session_id: session, cwd: ws });
    let body = res.json as { id: string; status: string };
    if (body.status === 'pending') {
      const waiting = g.agent('GET', `/v1/requests/${body.id}?wait=10`);
      expect((await g.approver('POST', `/v1/requests/${body.id}/decision`, { approved: true })).status).toBe(200);
      body = (await waiting).json as { id: string; status: string };
    }
    expect(body.status).toBe('approved');
    return body.id;
  }

  /** Tells Gatehouse the call ran, as the PostToolUse hook does. */
  async function ran(command: string, session: string): Promise<void> {
    const res = await g.agent('POST', '/v1/hooks/claude-code', { hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command }, session_id: session, cwd: ws, tool_use_id: 't' });
    expect(res.status).toBe(200);
  }

  async function preview(id: string): Promise<string[]> {
    const res = await g.approver('POST', `/v1/undo/${id}`, {});
    expect(res.status, res.text).toBe(200);
    return (res.json as UndoReport).files.map((f) => `${f.path} ${f.change}`);
  }

  it('calls whose snapshots were asked for at once each undo their own change, byte-exact', async () => {
    const sh = (script: string) => execFileSync('bash', ['-c', script], { cwd: ws });
    const t0 = treeHash(ws);
    const a = await approved("sed -i 's/alpha/ALPHA/' a.txt", 's1');
    sh("sed -i 's/alpha/ALPHA/' a.txt");
    // Four requests at once: both of s1's close a's after-snapshot, and all four take their before-snapshots.
    const [b, c, d, e] = await Promise.all([approved('rm b.txt', 's1'), approved('touch x1', 's1'), approved('rm c.txt', 's2'), approved('touch x2', 's2')]);
    // The agents report c, d and e ran (they changed nothing), then b runs and reports.
    await ran('touch x1', 's1');
    await ran('rm c.txt', 's2');
    await ran('touch x2', 's2');
    sh('rm b.txt');
    await ran('rm b.txt', 's1');
    const t1 = treeHash(ws);
    expect(await preview(a)).toEqual(['a.txt modified']);
    expect(await preview(b!)).toEqual(['b.txt created']);
    for (const id of [c!, d!, e!]) expect(await preview(id)).toEqual([]);
    expect(treeHash(ws)).toBe(t1);
    const done = await g.approver('POST', `/v1/undo/${a}`, { apply: true, back_to_here: true });
    expect((done.json as UndoReport).applied, done.text).toBe(true);
    expect(treeHash(ws)).toBe(t0);
    expect(readFileSync(join(ws, 'a.txt'), 'utf8')).toBe('alpha\nbeta\n');
    writeFileSync(join(ws, 'unused'), ''); // the workspace is still writable after the undo
  });
});
