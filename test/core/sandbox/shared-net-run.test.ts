// Contained commands entered into the shared relay namespace, for real: they still have no network of the host's, two
// host lists never share a loopback, and a command wrapped for a namespace that has since ended does not run at all.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContainedProfile } from '../../../common/domain.js';
import { ContainmentHost } from '../../../main/core/sandbox/host.js';

let root: string;
let ws: string;
let host: ContainmentHost;
let profile: ContainedProfile;

/** Runs a shell command asynchronously (never spawnSync: the proxies run in this process's event loop). */
function run(command: string): Promise<{ code: number | null; out: string }> {
  return new Promise((done) => {
    let out = '';
    const child = spawn('bash', ['-c', command], { cwd: ws, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => done({ code, out }));
  });
}

const contained = async (command: string, p = profile): Promise<{ code: number | null; out: string }> => run(await host.wrap(command, p, 'test'));
const dial = (port: number): string => `if exec 3<>/dev/tcp/127.0.0.1/${port}; then echo connected; else echo refused; fi`;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'gh-shared-net-'));
  ws = path.join(root, 'ws');
  mkdirSync(ws);
  execFileSync('git', ['init', '-q', ws]);
  profile = { writable: [ws], unwritable: [], unreadable: [], hosts: [] };
  host = new ContainmentHost();
  expect(await host.start(async () => false)).toEqual({ ready: true });
}, 60_000);

afterAll(async () => {
  await host?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('the shared relay namespace', () => {
  it('is no way to the host’s own network: a server on the host’s loopback is out of reach', async () => {
    const server: Server = createServer((s) => s.end());
    let reached = false;
    server.on('connection', () => (reached = true));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const port = (server.address() as { port: number }).port;
    try {
      const { out } = await contained(dial(port));
      expect(out).toContain('refused');
      expect(out).not.toContain('connected');
      expect(reached).toBe(false);
    } finally {
      server.close();
    }
  });

  it('is one per list of hosts: a listener of one contained command is reachable under the same hosts only', async () => {
    const port = 20000 + (process.pid % 20000);
    const ready = path.join(ws, 'listening');
    const stop = path.join(ws, 'stop');
    const listener = contained(
      `node -e 'const s=require("net").createServer(c=>c.end()).listen(${port},"127.0.0.1",()=>require("fs").writeFileSync("listening",""));` +
        `setInterval(()=>{if(require("fs").existsSync("stop")){s.close();process.exit(0)}},20)'`,
    );
    try {
      await vi.waitFor(() => expect(existsSync(ready)).toBe(true), { timeout: 30_000, interval: 50 });
      expect((await contained(dial(port), { ...profile, hosts: ['example.com'] })).out).toContain('refused');
      expect((await contained(dial(port))).out).toContain('connected');
    } finally {
      execFileSync('touch', [stop]);
      await listener;
    }
  }, 60_000);

  it('once ended, a command wrapped for it does not run, and the next wrap starts a new one', async () => {
    const stale = await host.wrap('touch ran-stale', profile, 'test');
    const pid = Number(/ -t (\d+) /.exec(stale)?.[1]);
    expect(pid).toBeGreaterThan(0);
    process.kill(pid, 'SIGKILL');
    const { code } = await run(stale);
    expect(code).not.toBe(0);
    expect(existsSync(path.join(ws, 'ran-stale'))).toBe(false);
    await vi.waitFor(async () => {
      await contained('touch ran-fresh');
      expect(existsSync(path.join(ws, 'ran-fresh'))).toBe(true);
    }, { timeout: 30_000, interval: 100 });
  }, 60_000);
});
