// `gatehouse doctor` as a person runs it: nothing running, a broken settings file, a hook that reaches a verified
// instance with the last call seen, and an impostor on a stale endpoint — each problem with its fix.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { writeEndpoint } from '../../../main/core/endpoint/endpoint.js';
import { createInstanceKey } from '../../../main/core/endpoint/instance-key.js';
import { failsOpen, hookCommand } from '../../../main/core/agents/hook-command.js';
import { sandboxProblems } from '../../../main/core/sandbox/readiness.js';
import { startGatehouse, tempDir, type TestGatehouse } from '../server/helpers.js';
import { BIN, BUILT, runCli } from './run-cli.js';

let g: TestGatehouse | null = null;
const dirs: string[] = [];
afterEach(async () => {
  await g?.close();
  g = null;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A user home with agent config folders, and the env that points the agents and Gatehouse at it. */
function machine(home: string): { user: string; env: NodeJS.ProcessEnv } {
  const user = tempDir('gatehouse-user-');
  dirs.push(user);
  return { user, env: { GATEHOUSE_HOME: home, CLAUDE_CONFIG_DIR: join(user, '.claude'), GEMINI_CLI_HOME: user, CODEX_HOME: join(user, '.codex') } };
}

const hookSettings = JSON.stringify({ hooks: { PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: 'gatehouse hook claude-code' }] }] } });

describe.skipIf(!BUILT)('gatehouse doctor', () => {
  it('nothing running: says so with the fix, exit 1', async () => {
    const home = tempDir('gatehouse-none-');
    dirs.push(home);
    const { user, env } = machine(home);
    const r = await runCli(['doctor', '--cwd', user], { env });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/FIX {2}hooks cannot reach Gatehouse: no usable endpoint.json/);
    expect(r.stdout).toMatch(/→ start it/);
  });

  it('a running, verified Gatehouse and Claude Code hooked up: all ok, with the last call seen', async () => {
    g = await startGatehouse();
    writeEndpoint(g.home, g.server.endpoint);
    await g.agent('POST', '/v1/requests', { tool_name: 'Bash', agent: 'claude-code', args: { command: 'npm test' }, session_id: 's', cwd: '/tmp' });
    const { user, env } = machine(g.home);
    mkdirSync(join(user, '.claude'), { recursive: true });
    writeFileSync(join(user, '.claude', 'settings.json'), hookSettings);
    const r = await runCli(['doctor', '--cwd', user], { env });
    expect(r.stdout).toMatch(/ok {3}Gatehouse is running for .*hooks can reach and verify it/);
    expect(r.stdout).toMatch(/ok {3}claude-code: hook in .*settings\.json; last call seen: .* Bash: npm test/);
    expect(r.stdout).toContain('Everything Gatehouse needs is in place.');
    expect(r.code).toBe(0);
  });

  it('an OS sandbox that cannot start (bubblewrap, socat, ripgrep missing): says contained answers ask, with the fix', async () => {
    const home = tempDir('gatehouse-nosandbox-');
    dirs.push(home);
    const { user, env } = machine(home);
    // A PATH with git and nothing of the sandbox's programs.
    const bin = tempDir('gatehouse-bin-');
    dirs.push(bin);
    symlinkSync('/usr/bin/git', join(bin, 'git'));
    const r = await runCli(['doctor', '--cwd', user], { env: { ...env, PATH: bin } });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/FIX {2}the OS sandbox cannot start \(.*bubblewrap.*\); contained answers ask instead/i);
    expect(r.stdout).toMatch(/→ install bubblewrap/);
    expect(r.stdout).toMatch(/→ install socat/);
  });

  it('an installed Cline script or OpenCode plugin whose program is gone is named with the fix by doctor and status, as every agent\'s hook is', async () => {
    const home = tempDir('gatehouse-gone-');
    dirs.push(home);
    const { user, env } = machine(home);
    const both = { ...env, HOME: user, XDG_CONFIG_HOME: join(user, '.config'), CLINE_DIR: '' };
    for (const cli of ['cline', 'opencode']) expect((await runCli(['install', cli], { env: both })).code).toBe(0);
    const installed = [join(user, '.cline', 'hooks', 'PreToolUse'), join(user, '.cline', 'hooks', 'PostToolUse'), join(user, '.config', 'opencode', 'plugins', 'gatehouse.js')];
    expect((await runCli(['doctor', '--cwd', user], { env: both })).stdout).not.toContain('cannot run Gatehouse');
    const moved = tempDir('gatehouse-moved-');
    dirs.push(moved);
    for (const file of installed) writeFileSync(file, readFileSync(file, 'utf8').replaceAll(BIN, join(moved, 'bin', 'gatehouse.js')));
    const r = await runCli(['doctor', '--cwd', user], { env: both });
    expect(r.code).toBe(1);
    for (const [agent, file] of [['cline', 'PreToolUse'], ['cline', 'PostToolUse'], ['opencode', 'gatehouse.js']]) {
      expect(r.stdout).toMatch(new RegExp(`FIX {2}${agent}: the hook in \\S*/${file} cannot run Gatehouse: its program \\S*gatehouse-moved-\\S* is gone .*; every call is refused\\n {7}→ build Gatehouse again`));
    }
    const status = await runCli(['status'], { env: both });
    expect(status.code).toBe(1);
    for (const file of ['PreToolUse', 'PostToolUse', 'gatehouse.js']) expect(status.stdout).toMatch(new RegExp(`would not run: the hook in \\S*/${file} cannot run Gatehouse: its program \\S*gatehouse-moved-\\S* is gone`));
  });

  it('a machine whose sandbox starts without nsenter: a note that contained commands are slower, with the fix (not a problem)', async (ctx) => {
    if ((await sandboxProblems()).length > 0) ctx.skip();
    const home = tempDir('gatehouse-relays-');
    dirs.push(home);
    const { user, env } = machine(home);
    // A PATH with what the sandbox needs, and no nsenter.
    const bin = tempDir('gatehouse-bin-');
    dirs.push(bin);
    for (const program of ['git', 'bwrap', 'socat', 'rg', 'which']) symlinkSync(execFileSync('sh', ['-c', `command -v ${program}`], { encoding: 'utf8' }).trim(), join(bin, program));
    const r = await runCli(['doctor', '--cwd', user], { env: { ...env, PATH: bin } });
    expect(r.stdout).toMatch(/ok {3}the OS sandbox can start: contained commands run contained\nnote the OS sandbox can start, but nsenter \(util-linux\) is not installed: each contained command starts its own two network relays .*slower\n {7}→ install util-linux/);
    expect(r.stdout).not.toMatch(/^FIX .*nsenter/m);
  });

  it('a machine without user namespaces: says which switch is off, that contained answers ask, and how to turn it on', async (ctx) => {
    // A user namespace of this test's own in which no further one may be made (max_user_namespaces = 0), as on a
    // machine with them switched off; skipped where this test cannot make even the one.
    if (spawnSync('unshare', ['-U', '-r', 'true']).status !== 0) ctx.skip();
    const home = tempDir('gatehouse-nouserns-');
    dirs.push(home);
    const { user, env } = machine(home);
    const off = 'echo 0 > /proc/sys/user/max_user_namespaces && exec "$0" "$@"';
    const r = await promisify(execFile)('unshare', ['-U', '-r', 'sh', '-c', off, process.execPath, BIN, 'doctor', '--cwd', user], { env: { ...process.env, ...env } }).catch((e: { stdout: string; code: number }) => e);
    expect(r.stdout).toMatch(/FIX {2}the OS sandbox cannot start \(user namespaces are switched off on this machine: user\.max_user_namespaces = 0 \(bwrap: .*\)\); contained answers ask instead\n {7}→ sysctl -w user\.max_user_namespaces=15000/);
  });

  it('a settings file that does not parse, and a config without the hook: each named with its fix', async () => {
    g = await startGatehouse();
    writeEndpoint(g.home, g.server.endpoint);
    const { user, env } = machine(g.home);
    mkdirSync(join(user, '.claude'), { recursive: true });
    writeFileSync(join(user, '.claude', 'settings.json'), '{\n  "hooks": {\n    "PreToolUse": [ oops ]\n}\n');
    mkdirSync(join(user, '.gemini'), { recursive: true });
    writeFileSync(join(user, '.gemini', 'settings.json'), '{ "general": {} }');
    const r = await runCli(['doctor', '--cwd', user], { env });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/settings\.json does not parse \(\w+ at line 3\)/);
    expect(r.stdout).toMatch(/gemini-cli: configured here, but no Gatehouse hook found\n {7}→ run `gatehouse install gemini`, or add a BeforeTool hook/);
  });

  it('OpenCode\'s plugin and Cursor\'s hooks.json are checked as every agent\'s hook is: found when installed, named with the fix when not', async () => {
    g = await startGatehouse();
    writeEndpoint(g.home, g.server.endpoint);
    const { user, env } = machine(g.home);
    const project = tempDir('gatehouse-project-');
    dirs.push(project);
    const both = { ...env, HOME: user, XDG_CONFIG_HOME: join(user, '.config') };
    expect((await runCli(['install', 'opencode'], { env: both })).code).toBe(0);
    mkdirSync(join(project, '.cursor'), { recursive: true });
    writeFileSync(join(project, '.cursor', 'hooks.json'), '{ "version": 1, "hooks": {} }');
    const r = await runCli(['doctor', '--cwd', project], { env: both });
    expect(r.stdout).toMatch(/ok {3}opencode: hook in .*\.config\/opencode\/plugins\/gatehouse\.js; last call seen: none yet/);
    expect(r.stdout).toMatch(/cursor: configured here, but no Gatehouse hook found\n {7}→ run `gatehouse install cursor`, or add beforeShellExecution/);
    expect((await runCli(['install', 'cursor', '--project', project], { env: both })).code).toBe(0);
    expect((await runCli(['doctor', '--cwd', project], { env: both })).stdout).toMatch(/ok {3}cursor: hook in .*\.cursor\/hooks\.json/);
  });

  it('the hand-written hook it suggests is the command install writes: fail-closed tail and --home included', async () => {
    const home = tempDir('gatehouse-hand-');
    dirs.push(home);
    const { user, env } = machine(home);
    mkdirSync(join(user, '.gemini'), { recursive: true });
    writeFileSync(join(user, '.gemini', 'settings.json'), '{ "general": {} }');
    mkdirSync(join(user, '.codex'), { recursive: true });
    writeFileSync(join(user, '.codex', 'config.toml'), 'model = "o3"\n');
    const r = await runCli(['doctor', '--cwd', user], { env });
    expect(r.code).toBe(1);
    for (const cli of ['gemini', 'codex']) {
      const installed = hookCommand(cli, { home });
      expect(failsOpen(installed)).toBe(false);
      expect(r.stdout).toContain(`whose command is: ${installed}\n`);
    }
  });

  it('an impostor on the port of a stale endpoint.json is reported, not trusted', async () => {
    const impostor = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
    await new Promise<void>((r) => impostor.listen(0, '127.0.0.1', () => r()));
    const home = tempDir('gatehouse-stale-');
    dirs.push(home);
    try {
      writeEndpoint(home, { url: `http://127.0.0.1:${(impostor.address() as AddressInfo).port}`, token: 't'.repeat(43), pid: 1, key: createInstanceKey().publicKey });
      const { user, env } = machine(home);
      const r = await runCli(['doctor', '--cwd', user], { env });
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/not the Gatehouse that wrote endpoint.json/);
    } finally {
      await new Promise((r) => impostor.close(r));
    }
  });
});
