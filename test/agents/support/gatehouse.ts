// The real Gatehouse for the agent suite: `gatehouse serve` as its own process in a temp GATEHOUSE_HOME, driven
// through the approver HTTP API with a bearer token, and the CLI (`install`, `uninstall`) run as a person would.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { runCli, type CliResult } from '../../core/cli/run-cli.js';

/** A running Gatehouse. */
export interface RunningGatehouse {
  url: string;
  /** Calls the approver API. */
  approver(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }>;
  /** Waits until a request is pending and returns it. */
  nextPending(): Promise<any>;
  /** Stops the process (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
}

/** The approver token the suite's Gatehouse is started with (for CLI verbs like `gatehouse undo`). */
export const TOKEN = 'approver-token-for-the-agent-suite-0123456789';

/** Starts `gatehouse serve --home <home>` (with `env` over this process's) and waits for its URL. */
export async function startGatehouse(home: string, env: NodeJS.ProcessEnv = {}): Promise<RunningGatehouse> {
  const child: ChildProcess = spawn(process.execPath, [join(process.cwd(), 'bin', 'gatehouse.js'), 'serve', '--home', home, '--approver-token-stdin'], {
    env: { ...process.env, ...env, GATEHOUSE_HOME: home },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin!.end(`${TOKEN}\n`);
  let log = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`gatehouse serve did not start:\n${log}`)), 30_000);
    const onData = (c: Buffer) => {
      log += c.toString();
      const m = /serving on (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`gatehouse serve exited ${code}:\n${log}`)));
  });
  const approver = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(new URL(path, url), {
      method,
      headers: { authorization: `Bearer ${TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null };
  };
  return {
    url,
    approver,
    async nextPending() {
      for (let i = 0; i < 1200; i++) {
        const list = (await approver('GET', '/v1/requests')).json as any[];
        if (Array.isArray(list) && list.length > 0) return list[0];
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('no request became pending');
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Runs the gatehouse CLI with this suite's environment. */
export function gatehouse(args: string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  return runCli(args, { env });
}
