// `gatehouse serve` as a real process: prints its URLs, writes endpoint.json (0600), answers a curl'ed hook event,
// and removes endpoint.json on SIGTERM. Also the dispatcher's usage and exit codes.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, makeWorkspace, tempDir } from '../server/helpers.js';
import { BIN, BUILT, runCli } from './run-cli.js';

const run = promisify(execFile);

describe.skipIf(!BUILT)('gatehouse serve', () => {
  let child: ChildProcess;
  let home: string;
  let url = '';
  let loginUrl = '';
  let ws: string;
  let cleanupWs: () => void;
  const approverToken = 'approver-token-for-tests-0123456789';

  beforeAll(async () => {
    ({ ws, cleanup: cleanupWs } = makeWorkspace());
    home = join(tempDir('gatehouse-serve-'), 'home');
    child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--home', home], {
      env: { ...process.env, GATEHOUSE_APPROVER_TOKEN: approverToken },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout?.setEncoding('utf8').on('data', (c: string) => {
        out += c;
        const u = /serving on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        const l = /Login URL[^:]*: (http:\/\/\S+)/.exec(out);
        if (u?.[1] && l?.[1]) {
          url = u[1];
          loginUrl = l[1];
          resolve();
        }
      });
      child.once('exit', (code) => reject(new Error(`serve exited early with ${code}`)));
    });
  });
  afterAll(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(join(home, '..'), { recursive: true, force: true });
    cleanupWs();
  });

  it('prints the URL and a login URL on the same server', () => {
    expect(loginUrl.startsWith(`${url}/login?code=`)).toBe(true);
  });

  it('writes endpoint.json with mode 0600 in a 0700 home', () => {
    const file = join(home, 'endpoint.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(home).mode & 0o777).toBe(0o700);
    const ep = JSON.parse(readFileSync(file, 'utf8')) as { url: string; token: string; pid: number };
    // On Linux also the listening socket, by which hooks know the answer is this process's without a signature check.
    const listener = process.platform === 'linux' && existsSync('/proc/net/tcp') ? { listener: { fd: expect.any(Number), inode: expect.stringMatching(/^\d+$/), started: expect.stringMatching(/^\d+$/) } } : {};
    expect(ep).toEqual({ url, token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), pid: child.pid, key: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/), ...listener });
    expect(readFileSync(file, 'utf8')).not.toContain(approverToken);
  });

  it('answers a Claude Code event POSTed with curl', async () => {
    const { token } = JSON.parse(readFileSync(join(home, 'endpoint.json'), 'utf8')) as { token: string };
    const { stdout } = await run('curl', [
      '-sS', '-X', 'POST', `${url}/v1/hooks/claude-code`,
      '-H', `Authorization: Bearer ${token}`, '-H', 'Content-Type: application/json',
      '--data-binary', JSON.stringify(fixture('pre-read.json', ws)),
    ]);
    expect(JSON.parse(stdout)).toMatchObject({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } });
    const { stdout: rules } = await run('curl', ['-sS', `${url}/v1/rules`, '-H', `Authorization: Bearer ${approverToken}`]);
    expect(JSON.parse(rules)).toEqual([]);
  });

  it('removes endpoint.json and exits 0 on SIGTERM', async () => {
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(join(home, 'endpoint.json'))).toBe(false);
  });
});

describe.skipIf(!BUILT)('gatehouse dispatcher', () => {
  it('--help prints usage on stdout, exit 0', async () => {
    const r = await runCli(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/usage: gatehouse/);
  });

  it('an unknown command prints usage on stderr, exit 2', async () => {
    const r = await runCli(['frobnicate']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/unknown command "frobnicate"[\s\S]*usage: gatehouse/);
  });

  it('serve with a bad port is refused, exit 2', async () => {
    const r = await runCli(['serve', '--port', 'eighty', '--home', tempDir('gatehouse-x-')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--port/);
  });
});
