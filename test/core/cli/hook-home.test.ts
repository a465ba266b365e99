// One home, found by every hook: a Gatehouse serving a home other than the default (`serve --home DIR`, or installed
// with GATEHOUSE_HOME) is the one the installed hook asks, whatever the agent's environment holds; and `doctor`
// names each instance it finds, saying which home the hooks look in.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeEndpoint } from '../../../main/core/endpoint/endpoint.js';
import { startGatehouse, tempDir, type TestGatehouse } from '../server/helpers.js';
import { BUILT, runCli, type CliResult } from './run-cli.js';

let g: TestGatehouse | null = null;
const dirs: string[] = [];
const dir = (prefix: string) => {
  const d = tempDir(prefix);
  dirs.push(d);
  return d;
};
afterEach(async () => {
  await g?.close();
  g = null;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Runs a hook command from an agent's config as the agent does (`bash -c`), in an environment without GATEHOUSE_HOME. */
function runAsAgent(command: string, stdin: string, env: NodeJS.ProcessEnv): Promise<CliResult> {
  return new Promise((resolve) => {
    const { GATEHOUSE_HOME: _ignored, ...rest } = process.env;
    const child = spawn('bash', ['-c', command], { stdio: 'pipe', env: { ...rest, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.stdin.end(stdin);
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: 0 }));
  });
}

// A project folder (the temp folder itself is none: nothing would be inside a workspace there).
const project = dir('gatehouse-project-');
const bashEvent = JSON.stringify({ hook_event_name: 'BeforeTool', session_id: 's', cwd: project, tool_name: 'run_shell_command', tool_input: { command: 'npm test' } });

describe.skipIf(!BUILT)('one home, found by every hook', () => {
  it('install with a non-default GATEHOUSE_HOME records it: the hook asks the Gatehouse serving that home, not "not running"', async () => {
    g = await startGatehouse();
    writeEndpoint(g.home, g.server.endpoint);
    await g.approver('POST', '/v1/rules', { action: 'allow', pattern: 'Bash(npm test)' });
    const user = dir('gatehouse-user-');
    const installed = await runCli(['install', 'gemini'], { env: { HOME: user, GEMINI_CLI_HOME: '', GATEHOUSE_HOME: g.home } });
    expect(installed.code, installed.stderr).toBe(0);
    const command = JSON.parse(readFileSync(join(user, '.gemini', 'settings.json'), 'utf8')).hooks.BeforeTool[0].hooks[0].command as string;
    expect(command).toContain(` hook gemini --home ${g.home} || {`);
    // The agent's environment knows nothing of that home (HOME points elsewhere, no GATEHOUSE_HOME).
    const r = await runAsAgent(command, bashEvent, { HOME: user });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toMatchObject({ decision: 'allow' });
  });

  it('install for the default home writes no --home', async () => {
    const user = dir('gatehouse-user-');
    const installed = await runCli(['install', 'gemini'], { env: { HOME: user, GEMINI_CLI_HOME: '', GATEHOUSE_HOME: '', XDG_CONFIG_HOME: '' } });
    expect(installed.code, installed.stderr).toBe(0);
    expect(readFileSync(join(user, '.gemini', 'settings.json'), 'utf8')).not.toContain('--home');
  });

  it('doctor names the instance running for another home than the hooks use, and how to reach it', async () => {
    g = await startGatehouse();
    writeEndpoint(g.home, g.server.endpoint);
    const user = dir('gatehouse-user-');
    const hooksHome = dir('gatehouse-hooks-home-');
    const env = { HOME: user, GEMINI_CLI_HOME: '', CLAUDE_CONFIG_DIR: '', CODEX_HOME: '', GATEHOUSE_HOME: hooksHome };
    expect((await runCli(['install', 'gemini'], { env })).code).toBe(0);
    // doctor run where GATEHOUSE_HOME is the running instance's home; the hook looks in hooksHome.
    const r = await runCli(['doctor', '--cwd', user], { env: { ...env, GATEHOUSE_HOME: g.home } });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`FIX  hooks cannot reach Gatehouse: no usable endpoint.json in ${hooksHome}`);
    expect(r.stdout).toContain(`or, to use the Gatehouse running for ${g.home}, install the hooks again with GATEHOUSE_HOME set to it`);
    expect(r.stdout).toContain(`ok   Gatehouse is also running for ${g.home}, where no installed hook looks`);
  });

  it('doctor and status flag an installed hook whose program is gone; every call is refused until it is fixed', async () => {
    const user = dir('gatehouse-user-');
    const home = dir('gatehouse-home-');
    const env = { HOME: user, GEMINI_CLI_HOME: '', CLAUDE_CONFIG_DIR: '', CODEX_HOME: '', GATEHOUSE_HOME: home };
    expect((await runCli(['install', 'gemini'], { env })).code).toBe(0);
    const settings = join(user, '.gemini', 'settings.json');
    const text = readFileSync(settings, 'utf8');
    expect((await runCli(['status'], { env })).stdout).toMatch(/Gemini CLI \(user\): hook installed in .*; it runs/);
    const moved = dir('gatehouse-moved-');
    mkdirSync(join(moved, 'bin'));
    const bin = join(process.cwd(), 'bin', 'gatehouse.js');
    writeFileSync(settings, text.replaceAll(bin, join(moved, 'bin', 'gatehouse.js')));
    const doctor = await runCli(['doctor', '--cwd', user], { env });
    expect(doctor.stdout).toMatch(/FIX {2}gemini-cli: the hook in .*settings\.json cannot run Gatehouse: its program .*gatehouse-moved-.* is gone .*; every call is refused/);
    const status = await runCli(['status'], { env });
    expect(status.code).toBe(1);
    expect(status.stdout).toMatch(/would not run: the hook in .*settings\.json cannot run Gatehouse: its program .* is gone/);
    writeFileSync(join(moved, 'bin', 'gatehouse.js'), '');
    expect((await runCli(['status'], { env })).stdout).toMatch(/would not run: .*dist\/hook\.cjs is missing/);
  });

  it('doctor and status flag a Gemini hook written before hooks failed closed', async () => {
    const user = dir('gatehouse-user-');
    const env = { HOME: user, GEMINI_CLI_HOME: '', CLAUDE_CONFIG_DIR: '', CODEX_HOME: '', GATEHOUSE_HOME: dir('gatehouse-home-') };
    mkdirSync(join(user, '.gemini'));
    const old = `${process.execPath} ${join(process.cwd(), 'bin', 'gatehouse.js')} hook gemini`;
    writeFileSync(join(user, '.gemini', 'settings.json'), JSON.stringify({ hooks: { BeforeTool: [{ hooks: [{ name: 'gatehouse', type: 'command', command: old, timeout: 600000 }] }] } }));
    expect((await runCli(['doctor', '--cwd', user], { env })).stdout).toMatch(/FIX {2}gemini-cli: the hook in .* was written by an older Gatehouse: if its program goes missing .* runs the call unasked/);
    expect((await runCli(['status'], { env })).stdout).toMatch(/would not run: the hook in .* was written by an older Gatehouse/);
  });
});
