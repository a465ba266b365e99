// `gatehouse undo` from the terminal with no Gatehouse running: the preview, a conflict that restores nothing, then
// --back-to-here, and --session going back to before the session's first change.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILT, runCli } from '../cli/run-cli.js';
import { startGatehouse, tempDir, type TestGatehouse } from '../server/helpers.js';
import { gitState, makeRepo, treeHash } from './tree-hash.js';

let root: string;
let ws: string;
let home: string;

beforeEach(() => {
  root = tempDir('gatehouse-cli-undo-');
  ws = join(root, 'repo');
  home = join(root, 'home');
  mkdirSync(ws);
  makeRepo(ws);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Two calls of one session changing the same file, made through a Gatehouse that is then stopped. */
async function twoCalls(): Promise<string[]> {
  const g: TestGatehouse = await startGatehouse({ home });
  await g.approver('PATCH', '/v1/settings', { mode: 'approve-all' });
  const ids: string[] = [];
  for (const command of ["sed -i 's/alpha/ALPHA/' a.txt", "sed -i 's/beta/BETA/' a.txt && rm b.txt"]) {
    const res = await g.agent('POST', '/v1/requests?wait=5', { agent: 'http', tool_name: 'Bash', args: { command }, session_id: 'cli-s', cwd: ws });
    ids.push((res.json as { id: string }).id);
    execFileSync('bash', ['-c', command], { cwd: ws });
  }
  await g.close();
  return ids;
}

const undo = (...args: string[]) => runCli(['undo', ...args], { env: { GATEHOUSE_HOME: home, GATEHOUSE_APPROVER_TOKEN: '' } });

describe.skipIf(!BUILT)('gatehouse undo (CLI)', () => {
  it('shows the conflict and restores nothing; --back-to-here --yes takes both calls back', async () => {
    const t0 = treeHash(ws);
    const git0 = gitState(ws);
    const [first, second] = await twoCalls();
    const t2 = treeHash(ws);
    const refused = await undo(first!, '--yes');
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain(`CONFLICT a.txt was changed again after this call by ${second}`);
    expect(refused.stderr).toContain('--back-to-here');
    expect(treeHash(ws)).toBe(t2);
    const back = await undo(first!, '--back-to-here', '--yes');
    expect(back.code, back.stderr).toBe(0);
    expect(back.stdout).toContain('-ALPHA');
    expect(back.stdout).toContain('Restored 2 file(s)');
    expect(treeHash(ws)).toBe(t0);
    expect(gitState(ws)).toEqual(git0);
  });

  it('--session goes back to before the session\'s first change; without --yes and no terminal, nothing changes', async () => {
    const t0 = treeHash(ws);
    await twoCalls();
    const t2 = treeHash(ws);
    const asked = await undo('--session', 'cli-s');
    expect(asked.code).toBe(1);
    expect(asked.stderr).toContain('add --yes');
    expect(treeHash(ws)).toBe(t2);
    const done = await undo('--session', 'cli-s', '--yes');
    expect(done.code, done.stderr).toBe(0);
    expect(treeHash(ws)).toBe(t0);
  });
});
