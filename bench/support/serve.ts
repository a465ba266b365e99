// Starts a real `gatehouse serve` in a temp home for the Playwright e2e tests and the UI benchmark:
// parses the printed URL and one-time login URL, reads the agent token from endpoint.json, and stops cleanly.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** A running headless Gatehouse and the credentials to talk to it. */
export interface ServeHandle {
  url: string;
  loginUrl: string;
  agentToken: string;
  approverToken: string;
  home: string;
  /** Everything the process printed (for failure messages). */
  output(): string;
  /** Sends SIGTERM, waits for the exit, removes the home dir. */
  stop(): Promise<void>;
}

/** How long `serve` may take to print its login URL (it compiles nothing; this covers a loaded machine). */
const START_TIMEOUT_MS = 30_000;

/** Spawns `node bin/gatehouse.js serve --port 0 --home <tmp>` from the repo root with an approver token. */
export async function startServe(repoRoot = process.cwd(), extraEnv: Record<string, string> = {}): Promise<ServeHandle> {
  const home = await mkdtemp(join(tmpdir(), 'gatehouse-e2e-'));
  const approverToken = randomBytes(24).toString('base64url');
  const child = spawn(process.execPath, [resolve(repoRoot, 'bin/gatehouse.js'), 'serve', '--port', '0', '--home', home], {
    cwd: repoRoot,
    env: { ...process.env, ...extraEnv, GATEHOUSE_HOME: home, GATEHOUSE_APPROVER_TOKEN: approverToken },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));

  const cleanup = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
    await rm(home, { recursive: true, force: true });
  };

  try {
    const loginUrl = await new Promise<string>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`gatehouse serve printed no login URL within ${START_TIMEOUT_MS} ms:\n${out}`)), START_TIMEOUT_MS);
      const look = (): void => {
        const m = /(http:\/\/(?:127\.0\.0\.1|localhost):\d+\/\S*login\?code=[\w-]+)/.exec(out);
        if (m?.[1]) {
          clearTimeout(timer);
          done(m[1]);
        }
      };
      child.stdout.on('data', look);
      void exited.then((code) => {
        clearTimeout(timer);
        fail(new Error(`gatehouse serve exited (${code}) before printing a login URL:\n${out}`));
      });
      look();
    });
    const url = new URL(loginUrl).origin;
    const endpoint = JSON.parse(await readFile(join(home, 'endpoint.json'), 'utf8')) as { url: string; token: string };
    return { url, loginUrl, agentToken: endpoint.token, approverToken, home, output: () => out, stop: cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

/** One JSON call to the server with a bearer token; rejects with the server's error on a non-2xx answer. */
export async function callJson<T = unknown>(base: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → HTTP ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}
