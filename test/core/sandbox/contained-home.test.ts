// Approve-all and blanket rules, contained: a shell command the engine cannot prove harmless, approved unseen, runs in
// the sandbox. Launchers the engine does not see through (`perf stat -- rm -rf ~`, a makefile on stdin) delete
// nothing of a throwaway HOME when the rewritten command is really run.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mode } from '../../../common/domain.js';
import type { Core } from '../../../main/core/core.js';
import type { Fixture } from '../policy/fixture.js';
import { type ContainedCore, startContainedCore } from './contained-core.js';

let started: ContainedCore | undefined;
let fx: Fixture;
let core: Core;

/** Runs the rewritten command as the agent would: asynchronously, with the throwaway HOME. */
function run(command: string): Promise<string> {
  return new Promise((done) => {
    let out = '';
    const child = spawn('bash', ['-c', command], { cwd: fx.ws, env: { ...process.env, HOME: fx.home }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', () => done(out));
  });
}

beforeAll(async () => {
  started = await startContainedCore((f) => writeFileSync(path.join(f.home, 'keep.txt'), 'mine\n'));
  ({ fx, core } = started);
}, 60_000);

afterAll(() => started?.close());

// The engine now sees through the first two (issue 24: launchers and makefiles on stdin are read) and refuses them; a
// program that deletes the home from a file the engine does not read can only be stopped by the sandbox.
const TRICKS = ['perf stat -- rm -rf ~', 'make -f- <<EOF\nall:\n\trm -rf $$HOME\nEOF', 'node wipe.cjs'];

/** Refused or held for the person by the engine, or run contained; either way the home must be intact afterwards. */
async function refusedOrContained(command: string): Promise<void> {
  const record = await core.submit({ agent: 'claude-code', tool_name: 'Bash', args: { command }, cwd: fx.ws, session_id: 's' });
  if (record.status !== 'approved') return;
  await containedRun(command);
}

async function containedRun(command: string): Promise<string> {
  const record = await core.submit({ agent: 'claude-code', tool_name: 'Bash', args: { command }, cwd: fx.ws, session_id: 's' });
  expect(record.status, record.verdict.reasons.join('; ')).toBe('approved');
  expect(record.verdict.contained).toBeDefined();
  const rewritten = record.decision?.updated_args?.['command'];
  expect(typeof rewritten).toBe('string');
  expect(rewritten).not.toBe(command);
  return run(rewritten as string);
}

function homeIntact(): void {
  expect(existsSync(path.join(fx.home, 'keep.txt'))).toBe(true);
  expect(readdirSync(fx.home).sort()).toEqual(['.config', 'keep.txt']);
}

describe.each<[string, Mode, boolean]>([
  ['approve-all mode', 'approve-all', false],
  ['a blanket Bash rule', 'interactive', true],
])('under %s', (_name, mode, blanket) => {
  beforeAll(async () => {
    await core.approver.updateSettings({ mode });
    for (const r of await core.approver.listRules()) await core.approver.deleteRule(r.id);
    if (blanket) await core.approver.createRule({ action: 'allow', pattern: 'Bash' });
  });

  it.each(TRICKS)('%s is refused or runs contained, and the home is intact', async (command) => {
    writeFileSync(path.join(fx.ws, 'wipe.cjs'), "require('fs').rmSync(require('os').homedir(), { recursive: true, force: true });\n");
    await refusedOrContained(command);
    homeIntact();
  }, 60_000);

  it('a write inside the workspace still lands', async () => {
    await containedRun('make -f- <<EOF\nall:\n\techo built > out.txt\nEOF');
    expect(existsSync(path.join(fx.ws, 'out.txt'))).toBe(true);
  }, 60_000);
});
