// Every way out of `gatehouse hook <agent>`, for every agent: each must be a refusal in that agent's own terms — Gemini
// CLI a deny answer or exit 2 with a reason, Codex a deny for its event or exit 2 with a reason, Claude Code no answer
// (it then asks the person itself) and never exit 2. Silence or a plain failure is "go on" to Gemini and Codex.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hookCommand } from '../../../main/core/agents/hook-command.js';
import { writeEndpoint } from '../../../main/core/endpoint/endpoint.js';
import { createInstanceKey } from '../../../main/core/endpoint/instance-key.js';
import { tempDir } from '../server/helpers.js';
import { BIN, BUILT, ROOT, runCli, type CliResult } from './run-cli.js';

/** The event each agent's hook is installed for, and Codex's other one. */
const EVENTS: Array<[cli: string, event: string]> = [
  ['claude-code', 'PreToolUse'],
  ['gemini', 'BeforeTool'],
  ['codex', 'PreToolUse'],
  ['codex', 'PermissionRequest'],
];
const event = (name: string) => JSON.stringify({ hook_event_name: name, session_id: 's', cwd: '/tmp', tool_name: 'Bash', tool_input: { command: 'touch x' } });

/** Asserts `r` is a refusal `cli` honours (Claude Code: a fallback to its own prompt). */
function expectRefusal(cli: string, r: CliResult): void {
  const seen = JSON.stringify(r);
  if (cli === 'claude-code') {
    expect(r.stdout, seen).toBe('');
    expect(r.code, seen).not.toBe(2);
    return;
  }
  if (r.code === 2) {
    expect(r.stdout, seen).toBe('');
    expect(r.stderr.trim(), seen).not.toBe(''); // Codex runs the call after an exit 2 with nothing on stderr.
    return;
  }
  expect(r.code, seen).toBe(0);
  const out = JSON.parse(r.stdout);
  if (cli === 'gemini') expect(out.decision, seen).toBe('deny');
  else expect([out.hookSpecificOutput?.permissionDecision, out.hookSpecificOutput?.decision?.behavior], seen).toContain('deny');
}

const homes: string[] = [];
const home = () => {
  const dir = tempDir('gatehouse-exits-');
  homes.push(dir);
  return dir;
};
afterAll(() => homes.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe.skipIf(!BUILT)('every exit of the hook program is a refusal', () => {
  let silent: Server;
  const held: Socket[] = [];
  let silentHome: string;
  beforeAll(async () => {
    // A port that accepts the question and never answers.
    silent = createServer((socket) => held.push(socket));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    silentHome = home();
    const port = (silent.address() as { port: number }).port;
    writeEndpoint(silentHome, { url: `http://127.0.0.1:${port}`, token: 't'.repeat(43), pid: 1, key: createInstanceKey().publicKey });
  });
  afterAll(async () => {
    held.forEach((s) => s.destroy());
    await new Promise((r) => silent.close(r));
  });

  const huge = `{"hook_event_name":"PreToolUse","tool_input":{"command":"${'a'.repeat(16 * 1024 * 1024)}"}}`;
  const paths: Array<[string, (ev: string) => { stdin: string; env?: NodeJS.ProcessEnv }]> = [
    ['an event larger than the 16 MiB limit', () => ({ stdin: huge })],
    ['stdin that is not JSON', () => ({ stdin: '{"hook_event_name":' })],
    ['an event of no kind the hook answers', () => ({ stdin: event('NoSuchEvent') })],
    ['Gatehouse not running', (ev) => ({ stdin: event(ev) })],
    ['no answer within GATEHOUSE_HOOK_TIMEOUT', (ev) => ({ stdin: event(ev), env: { GATEHOUSE_HOME: silentHome, GATEHOUSE_HOOK_TIMEOUT: '1' } })],
  ];
  for (const [cli, ev] of EVENTS) {
    it.each(paths)(`${cli} ${ev}: %s`, async (_name, input) => {
      const { stdin, env } = input(ev);
      expectRefusal(cli, await runCli(['hook', cli], { stdin, env: { GATEHOUSE_HOME: home(), ...env } }));
    });
  }
});

/** A copy of bin/ whose dist/ holds `hook` as hook.cjs (or nothing), so a test can break it. */
function brokenProgram(hook: string | null): string {
  const dir = home();
  mkdirSync(join(dir, 'bin'));
  for (const f of ['gatehouse.js', 'package.json']) copyFileSync(join(ROOT, 'bin', f), join(dir, 'bin', f));
  if (hook !== null) {
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'dist', 'hook.cjs'), hook);
  }
  return join(dir, 'bin', 'gatehouse.js');
}

describe('a hook program that is broken or missing refuses in each agent\'s terms', () => {
  const broken: Array<[string, string | null]> = [
    ['no dist/ (a build or a clean in progress)', null],
    ['a dist/hook.cjs that does not compile', 'exports.runHook = async (argv) => {'],
    ['a hook that rejects', 'exports.runHook = async () => { throw new Error("boom"); };'],
    ['an exception thrown outside the hook\'s promise', 'exports.runHook = () => new Promise(() => setImmediate(() => { throw new Error("late boom"); }));'],
  ];
  for (const [cli, ev] of EVENTS) {
    it.each(broken)(`${cli} ${ev}: %s`, async (_name, hook) => {
      const r = await runCli(['hook', cli], { stdin: event(ev), env: { GATEHOUSE_HOME: home() }, bin: brokenProgram(hook) });
      expectRefusal(cli, r);
      expect(r.stderr).toMatch(/^gatehouse hook: no decision — Gatehouse's hook program failed/);
    });
  }
});

/** Runs an installed hook command as the agents do (`bash -c`), with the event on stdin. */
function runInstalled(command: string, stdin: string): Promise<CliResult> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('bash', ['-c', command], { stdio: 'pipe', env: { ...process.env, GATEHOUSE_HOME: '/nonexistent/gatehouse' } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.stdin.on('error', () => {}).end(stdin);
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
  });
}

describe.skipIf(!BUILT)('the installed command refuses when node cannot even start the program', () => {
  const gone = '/nonexistent/moved-clone/bin/gatehouse.js';
  const cases: Array<[string, (command: string) => string]> = [
    ['the program moved or deleted', (c) => c.replaceAll(BIN, gone)],
    ['its node gone (a Node.js upgrade)', (c) => c.replace(process.execPath, '/nonexistent/node-v22/bin/node')],
  ];
  for (const [cli, ev] of EVENTS) {
    it.each(cases)(`${cli} ${ev}: %s`, async (_name, breakIt) => {
      const r = await runInstalled(breakIt(hookCommand(cli)), event(ev));
      expectRefusal(cli, r);
      if (cli !== 'claude-code') expect(r.stderr).toMatch(/Gatehouse's hook program did not run/);
    });
    it(`${cli} ${ev}: the intact command answers through the program (its own refusal kept, not doubled)`, async () => {
      const r = await runInstalled(hookCommand(cli), event('NoSuchEvent'));
      expectRefusal(cli, r);
      expect(r.stderr).not.toMatch(/did not run/);
    });
  }
});
