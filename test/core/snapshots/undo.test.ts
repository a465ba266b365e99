// Undo on a real server with a real git repository: snapshots around calls that can write, byte-exact restores,
// conflicts that change nothing, undoing an undo, and the person's .git never touched.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UndoReport } from '../../../common/undo.js';
import { startGatehouse, tempDir, type TestGatehouse } from '../server/helpers.js';
import { gitState, makeRepo, treeHash } from './tree-hash.js';

let g: TestGatehouse;
let root: string;
let ws: string;

beforeEach(async () => {
  root = tempDir('gatehouse-undo-');
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

/**
 * Submits a call as Claude Code would through the HTTP API; returns its id once approved — by approve-all, or by the
 * person where approve-all would contain it and no sandbox runs here (a contained answer then asks). The agent's
 * wait for the answer is what takes the before-snapshot.
 */
async function approved(tool: string, args: Record<string, unknown>, session = 's1'): Promise<string> {
  const res = await g.agent('POST', '/v1/requests?wait=0', { agent: 'claude-code', tool_name: tool, args, session_id: session, cwd: ws });
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
async function ran(tool: string, args: Record<string, unknown>, session = 's1'): Promise<void> {
  const res = await g.agent('POST', '/v1/hooks/claude-code', { hook_event_name: 'PostToolUse', tool_name: tool, tool_input: args, session_id: session, cwd: ws, tool_use_id: 't' });
  expect(res.status).toBe(200);
}

const sh = (script: string) => execFileSync('bash', ['-c', script], { cwd: ws });

async function undo(id: string, body: Record<string, unknown>): Promise<UndoReport> {
  const res = await g.approver('POST', `/v1/undo/${id}`, body);
  expect(res.status, res.text).toBe(200);
  return res.json as UndoReport;
}

describe('gatehouse undo', () => {
  it('puts a Write, and a shell sed -i && rm && mv, back byte-exact, and leaves .git alone', async () => {
    const git0 = gitState(ws);
    const t0 = treeHash(ws);
    const write = { file_path: join(ws, 'src', 'new.ts'), content: 'export const x = 1;\n' };
    const w = await approved('Write', write);
    mkdirSync(join(ws, 'src'));
    writeFileSync(write.file_path, write.content);
    await ran('Write', write);
    const t1 = treeHash(ws);

    const bash = { command: "sed -i 's/alpha/ALPHA/' a.txt && rm b.txt && mv c.txt d.txt && chmod 644 run.sh" };
    const b = await approved('Bash', bash);
    sh(bash.command);
    // No PostToolUse for this one: its after-snapshot is taken at undo time.

    const preview = await undo(b, {});
    expect(preview.applied).toBe(false);
    expect(preview.conflicts).toEqual([]);
    expect(preview.files.map((f) => [f.path, f.change])).toEqual([
      ['a.txt', 'modified'],
      ['b.txt', 'created'],
      ['c.txt', 'created'],
      ['d.txt', 'deleted'],
      ['run.sh', 'modified'],
    ]);
    expect(preview.files[0]!.diff).toContain('-ALPHA');
    expect(preview.files[0]!.diff).toContain('+alpha');
    expect(readFileSync(join(ws, 'a.txt'), 'utf8')).toContain('ALPHA'); // a preview changes nothing

    const done = await undo(b, { apply: true });
    expect(done.applied).toBe(true);
    expect(treeHash(ws)).toBe(t1);
    expect(statSync(join(ws, 'run.sh')).mode & 0o777).toBe(0o755);

    await undo(w, { apply: true });
    expect(treeHash(ws)).toBe(t0);
    expect(existsSync(join(ws, 'src'))).toBe(false);
    expect(gitState(ws)).toEqual(git0);

    // The undo is on record and can itself be undone.
    const entry = await g.approver('GET', `/v1/requests/${done.undo_id}`);
    expect((entry.json as { request: { tool_name: string } }).request.tool_name).toBe('Undo');
  });

  it('undoes an undo', async () => {
    const t0 = treeHash(ws);
    const b = await approved('Bash', { command: 'rm a.txt' });
    sh('rm a.txt');
    const t1 = treeHash(ws);
    const done = await undo(b, { apply: true });
    expect(treeHash(ws)).toBe(t0);
    await undo(done.undo_id!, { apply: true });
    expect(treeHash(ws)).toBe(t1);
  });

  it('an ignored file a file tool wrote is undone too', async () => {
    const args = { file_path: join(ws, 'debug.log'), content: 'secret-ish\n' };
    const t0 = treeHash(ws);
    const w = await approved('Write', args);
    writeFileSync(args.file_path, args.content);
    await ran('Write', args);
    await undo(w, { apply: true });
    expect(existsSync(args.file_path)).toBe(false);
    expect(treeHash(ws)).toBe(t0);
  });

  it('a conflicting undo shows the later call and changes nothing; --back-to-here takes both back', async () => {
    const t0 = treeHash(ws);
    const first = await approved('Bash', { command: "sed -i 's/beta/BETA/' a.txt" });
    sh("sed -i 's/beta/BETA/' a.txt");
    const second = await approved('Bash', { command: "sed -i 's/alpha/ALPHA/' a.txt && touch e.txt" });
    sh("sed -i 's/alpha/ALPHA/' a.txt && touch e.txt");
    const t2 = treeHash(ws);
    const git2 = gitState(ws);

    const refused = await undo(first, { apply: true });
    expect(refused.applied).toBe(false);
    expect(refused.conflicts).toEqual([{ path: 'a.txt', later_calls: [second] }]);
    expect(treeHash(ws)).toBe(t2);

    const back = await undo(first, { apply: true, back_to_here: true });
    expect(back.applied).toBe(true);
    expect(back.calls).toEqual([first, second]);
    expect(treeHash(ws)).toBe(t0);
    expect(gitState(ws).dotGit).toBe(git2.dotGit);
  });

  it('a read-only command takes no snapshot; a folder that is not a repository works the same', async () => {
    const ls = await approved('Bash', { command: 'ls -la && cat a.txt | wc -l' });
    expect((await g.approver('GET', `/v1/undo/${ls}`)).status).toBe(404);

    const plain = join(root, 'plain');
    mkdirSync(plain);
    writeFileSync(join(plain, 'keep.txt'), 'keep\n');
    const t0 = treeHash(plain);
    const res = await g.agent('POST', '/v1/requests?wait=5', { agent: 'http', tool_name: 'Bash', args: { command: 'rm keep.txt' }, cwd: plain });
    const id = (res.json as { id: string }).id;
    rmSync(join(plain, 'keep.txt'));
    await undo(id, { apply: true });
    expect(treeHash(plain)).toBe(t0);
  });

  it('refuses to write through a folder the agent turned into a symbolic link', async () => {
    const outside = join(root, 'outside');
    mkdirSync(outside);
    mkdirSync(join(ws, 'docs'));
    writeFileSync(join(ws, 'docs', 'x.md'), 'x\n');
    const b = await approved('Bash', { command: 'rm -r docs && ln -s ../outside docs' });
    sh('rm -r docs');
    symlinkSync(outside, join(ws, 'docs'));
    const res = await g.approver('POST', `/v1/undo/${b}`, { apply: true });
    expect(res.status).toBe(409);
    expect(res.text).toContain('undo changed nothing');
    expect(res.text).toContain('symbolic link');
    expect(existsSync(join(outside, 'x.md'))).toBe(false);
  });

  it('retention removes snapshots over the size limit, keeps the fact they existed, and later calls still undo', async () => {
    const old = await approved('Bash', { command: 'rm a.txt' });
    sh('rm a.txt');
    await approved('Bash', { command: 'true > /dev/null; touch z' }); // closes the first call's after-snapshot
    sh('touch z');
    expect(await g.core.snapshots.prune({ days: 30, maxBytes: 1 })).toBeGreaterThanOrEqual(1);
    expect((await g.approver('GET', `/v1/undo/${old}`)).json).toMatchObject({ state: 'pruned' });
    const refused = await g.approver('POST', `/v1/undo/${old}`, { apply: true });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('(retention)');

    const t0 = treeHash(ws);
    const next = await approved('Bash', { command: 'rm b.txt' });
    sh('rm b.txt');
    await undo(next, { apply: true });
    expect(treeHash(ws)).toBe(t0);
  });

  it('an agent token cannot undo', async () => {
    const b = await approved('Bash', { command: 'rm a.txt' });
    expect((await g.agent('POST', `/v1/undo/${b}`, { apply: true })).status).toBe(403);
  });

  it('calls whose snapshots were asked for at once (shared, queue.ts) each undo their own change, byte-exact', async () => {
    const t0 = treeHash(ws);
    const cmd = (command: string) => ({ command });
    const a = await approved('Bash', cmd("sed -i 's/alpha/ALPHA/' a.txt"));
    sh("sed -i 's/alpha/ALPHA/' a.txt");
    // Four requests at once: both of s1's close a's after-snapshot, and all four take their before-snapshots.
    const asked = [['rm b.txt', 's1'], ['touch x1', 's1'], ['rm c.txt', 's2'], ['touch x2', 's2']] as const;
    const [b, ...others] = await Promise.all(asked.map(([c, s]) => approved('Bash', cmd(c), s)));
    // The agents report the other three ran (they changed nothing), then b runs and reports.
    for (const [c, s] of asked.slice(1)) await ran('Bash', cmd(c), s);
    sh('rm b.txt');
    await ran('Bash', cmd('rm b.txt'));
    const files = async (id: string) => (await undo(id, {})).files.map((f) => `${f.path} ${f.change}`);
    expect(await files(a)).toEqual(['a.txt modified']);
    expect(await files(b!)).toEqual(['b.txt created']);
    for (const id of others) expect(await files(id)).toEqual([]);
    expect((await undo(a, { apply: true, back_to_here: true })).applied).toBe(true);
    expect(treeHash(ws)).toBe(t0);
  });
});
