// What an agent running as the same user could read of a running `gatehouse serve`: the approver token must not be
// in /proc/<pid>/environ (issue 10 item 6), and a new sign-in link is printed only to serve's own terminal.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { http, tempDir } from '../server/helpers.js';
import { BIN, BUILT } from './run-cli.js';

const TOKEN = 'approver-token-that-must-not-leak-0123456789';
let child: ChildProcess | null = null;
let root = '';

afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  child = null;
  if (root) rmSync(root, { recursive: true, force: true });
});

/** Starts serve (directly, or under `script` for a terminal) and resolves with its port once it printed its URLs. */
function startServe(opts: { env?: NodeJS.ProcessEnv; stdinToken?: boolean; tty?: boolean }): Promise<{ port: number; output: () => string }> {
  root = tempDir('gatehouse-secrets-');
  const args = [BIN, 'serve', '--port', '0', '--home', join(root, 'home'), ...(opts.stdinToken ? ['--approver-token-stdin'] : [])];
  const command = opts.tty ? 'script' : process.execPath;
  const argv = opts.tty ? ['-qfec', [process.execPath, ...args].map((a) => `'${a}'`).join(' '), '/dev/null'] : args;
  const proc = spawn(command, argv, { env: { ...process.env, ...opts.env }, stdio: ['pipe', 'pipe', 'pipe'] });
  child = proc;
  if (opts.stdinToken) proc.stdin.write(`${TOKEN}\n`);
  let out = '';
  return new Promise((resolve, reject) => {
    proc.stdout.setEncoding('utf8').on('data', (c: string) => {
      out += c;
      const m = /serving on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m?.[1] && /Login URL/.test(out)) resolve({ port: Number(m[1]), output: () => out });
    });
    proc.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
}

/** The pid of the serve process itself (under `script`, its child). */
function servePid(port: number): number {
  const ep = JSON.parse(readFileSync(join(root, 'home', 'endpoint.json'), 'utf8')) as { pid: number; url: string };
  expect(ep.url).toContain(String(port));
  return ep.pid;
}

describe.skipIf(!BUILT || !existsSync('/proc/self/environ'))('the approver token is not readable by other processes', () => {
  it('GATEHOUSE_APPROVER_TOKEN works as the approver yet is gone from /proc/<pid>/environ', async () => {
    const { port } = await startServe({ env: { GATEHOUSE_APPROVER_TOKEN: TOKEN } });
    expect((await http(port, 'GET', '/v1/rules', { token: TOKEN })).status).toBe(200);
    const environ = readFileSync(`/proc/${servePid(port)}/environ`, 'utf8');
    expect(environ).toContain('GATEHOUSE_APPROVER_TOKEN=');
    expect(environ).not.toContain(TOKEN);
  });

  it('--approver-token-stdin takes the token from stdin: it never enters any environment', async () => {
    const { port } = await startServe({ stdinToken: true });
    expect((await http(port, 'GET', '/v1/rules', { token: TOKEN })).status).toBe(200);
    expect((await http(port, 'GET', '/v1/rules', { token: 'wrong-wrong-wrong-wrong' })).status).toBe(401);
    expect(readFileSync(`/proc/${servePid(port)}/environ`, 'utf8')).not.toContain(TOKEN);
  });
});

describe.skipIf(!BUILT || !existsSync('/usr/bin/script'))('a new sign-in link without a restart', () => {
  it('pressing Enter in the terminal running serve prints a fresh one-time link; the old one still works once', async () => {
    const { port, output } = await startServe({ tty: true });
    await expect.poll(output, { timeout: 10_000 }).toContain('Press Enter here for a new sign-in link.');
    const links = () => [...output().matchAll(/Login URL[^:]*: http:\/\/127\.0\.0\.1:\d+\/login\?code=([\w-]+)/g)].map((m) => m[1]);
    child?.stdin?.write('\n');
    await expect.poll(() => links().length, { timeout: 10_000 }).toBe(2);
    const [first, second] = links();
    expect(first).not.toBe(second);
    for (const code of [second, first]) expect((await http(port, 'POST', '/v1/login', { body: { code } })).status).toBe(200);
  });
});
