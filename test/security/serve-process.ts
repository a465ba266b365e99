// A real `gatehouse serve` child on a home, for the attack tests that kill it (-9) and look at what is left behind.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN } from '../core/cli/run-cli.js';

/** A running serve child: its port and the agent token of the endpoint.json it wrote. */
export interface ServeProcess {
  child: ChildProcess;
  port: number;
  agent: string;
}

/** Starts serve on `home` with `approverToken` piped in; resolves once it prints its address and login URL. */
export async function serveProcess(home: string, approverToken: string): Promise<ServeProcess> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--home', home, '--approver-token-stdin'], { stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdin!.write(`${approverToken}\n`);
  let out = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (c: string) => {
      out += c;
      const m = /serving on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m?.[1] && out.includes('Login URL')) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
  });
  const agent = (JSON.parse(readFileSync(join(home, 'endpoint.json'), 'utf8')) as { token: string }).token;
  return { child, port, agent };
}

/** Resolves once the child has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  return new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r())));
}
