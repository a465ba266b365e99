// A plain delete of project files under "contain instead of asking", for real: it runs contained only once the snapshot
// before it holds each file, so undo puts the file back; a file the snapshot cannot hold (ignored), or a snapshot that
// fails, makes the call ask — and strict mode deny — instead. And any contained call gets its snapshot by what the
// agent's command may do, not by what the sandbox's wrapper looks like: a read-only command takes none.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestRecord } from '../../../common/domain.js';
import type { Core } from '../../../main/core/core.js';
import { shadowPaths } from '../../../main/core/snapshots/shadow.js';
import type { Fixture } from '../policy/fixture.js';
import { type ContainedCore, startContainedCore } from './contained-core.js';

let started: ContainedCore | undefined;
let fx: Fixture;
let core: Core;

/** Runs a shell command asynchronously (never spawnSync: the sandbox's proxies run in this process's event loop). */
function run(command: string, cwd: string): Promise<number | null> {
  return new Promise((done) => spawn('bash', ['-c', command], { cwd, stdio: 'ignore' }).once('exit', done));
}

function submitBash(command: string, cwd = fx.ws): Promise<RequestRecord> {
  return core.submit({ agent: 'claude-code', tool_name: 'Bash', args: { command }, cwd, session_id: 's1' });
}

beforeAll(async () => {
  started = await startContainedCore();
  ({ fx, core } = started);
  await core.approver.updateSettings({ contain_unvouched: true });
}, 60_000);

afterAll(() => started?.close());

describe('a plain delete of project files', () => {
  it('runs contained once the snapshot holds the files, and undo puts them back byte-exact', async () => {
    const file = path.join(fx.ws, 'notes.md');
    const bytes = readFileSync(file);
    const record = await submitBash('rm -f notes.md src/util.ts');
    expect(record.status, record.verdict.reasons.join('; ')).toBe('approved');
    expect(record.verdict.contained).toBeDefined();
    expect(record.verdict.undoable_deletes).toEqual([file, path.join(fx.ws, 'src', 'util.ts')]);
    expect(core.snapshots.status(record.request.id)?.state).toBe('pending-after');

    expect(await run(record.decision?.updated_args?.['command'] as string, fx.ws)).toBe(0);
    expect(existsSync(file)).toBe(false);
    await core.ran({ agent: 'claude-code', session_id: 's1', tool_name: 'Bash', args: record.decision?.updated_args ?? {}, response: {} });
    const report = await core.snapshots.undo(record.request.id, { apply: true });
    expect(report.applied, JSON.stringify(report)).toBe(true);
    expect(readFileSync(file)).toEqual(bytes);
    expect(readFileSync(path.join(fx.ws, 'src', 'util.ts'), 'utf8')).toBe('export const util = 2;\n');
  }, 60_000);

  it('a file that is not there loses nothing: rm -f of it runs contained', async () => {
    const record = await submitBash('rm -f out/none.txt && cp README.md out.md');
    expect(record.status, record.verdict.reasons.join('; ')).toBe('approved');
    expect(record.verdict.undoable_deletes).toEqual([path.join(fx.ws, 'out', 'none.txt')]);
  }, 60_000);

  it('asks when the snapshot cannot hold a file it deletes (an ignored file), and strict mode denies', async () => {
    const record = await submitBash('rm -f debug.log');
    expect(record.status).toBe('pending');
    expect(record.verdict.contained).toBeUndefined();
    expect(record.verdict.reasons.join('; ')).toContain('does not hold debug.log');
    expect(existsSync(path.join(fx.ws, 'debug.log'))).toBe(true);
    await core.cancel(record.request.id, 'test');

    await core.approver.updateSettings({ mode: 'strict' });
    const strict = await submitBash('rm -f debug.log').finally(() => core.approver.updateSettings({ mode: 'interactive' }));
    expect(strict.status).toBe('denied');
  }, 60_000);

  it('asks when the snapshot before the call fails', async () => {
    const ws = path.join(fx.root, 'second');
    mkdirSync(ws);
    execFileSync('git', ['init', '-q'], { cwd: ws });
    writeFileSync(path.join(ws, 'a.txt'), 'a\n');
    // The shadow repository's place is taken by a file: git cannot make it, so no snapshot is taken.
    const { gitDir } = shadowPaths(fx.gatehouseHome, ws);
    mkdirSync(path.dirname(gitDir), { recursive: true });
    writeFileSync(gitDir, 'not a repository');
    const record = await submitBash('rm -f a.txt', ws);
    expect(record.status, record.verdict.reasons.join('; ')).toBe('pending');
    expect(record.verdict.reasons.join('; ')).toContain('undo could not be made sure of');
    expect(existsSync(path.join(ws, 'a.txt'))).toBe(true);
    await core.cancel(record.request.id, 'test');
  }, 60_000);
});

// Under "contain instead of asking" with no rules, each runs contained.
const READ_ONLY = ['jq . package.json', 'cat notes.md | sort | uniq -c', 'git log --oneline | head'];

describe('the snapshot of a contained call', () => {
  it.each(READ_ONLY)('%s: a read-only command runs contained without a snapshot', async (command) => {
    const record = await submitBash(command);
    expect(record.status, record.verdict.reasons.join('; ')).toBe('approved');
    expect(record.verdict.contained).toBeDefined();
    expect(core.snapshots.status(record.request.id)).toBeNull();
  }, 60_000);

  it('a command that may write runs contained after its snapshot', async () => {
    const record = await submitBash('python3 -c "print(1)"');
    expect(record.status, record.verdict.reasons.join('; ')).toBe('approved');
    expect(record.verdict.contained).toBeDefined();
    expect(core.snapshots.status(record.request.id)?.state).toBe('pending-after');
  }, 60_000);
});
