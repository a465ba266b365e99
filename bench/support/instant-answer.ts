// A listener that answers every native hook question at once with one fixed allow, in a temp home whose
// endpoint.native names it (this process holds it, so the kernel proves it): the native client against it costs only
// the client itself, which splits the hook-native figure into the client's cost and what the real server adds.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ownListener } from '../../main/core/endpoint/listener.js';
import { nativeEndpointText, NATIVE_ENDPOINT_FILE } from '../../main/core/endpoint/native-endpoint.js';
import { nativeAnswer } from '../../main/core/server/routes/native-hook.js';

/** A running instant listener: the home the native client finds it in, and how to stop it. */
export interface InstantAnswer {
  home: string;
  close(): Promise<void>;
}

/** Starts the listener on 127.0.0.1:0; `stdout` is what its answer makes the Claude Code hook print. */
export async function startInstantAnswer(stdout: string): Promise<InstantAnswer> {
  const body = nativeAnswer({ stdout, stderr: '', exit: 0 });
  const response = Buffer.concat([
    Buffer.from(`HTTP/1.1 200 OK\r\ncontent-type: application/x-gatehouse-hook-answer\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n`, 'latin1'),
    body,
  ]);
  // Answers on the request's first bytes, without reading the rest: the client's whole request leaves in one writev.
  const server = createServer((socket) => {
    socket.once('data', () => socket.end(response));
    socket.on('error', () => {});
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as { port: number }).port;
  const home = mkdtempSync(join(tmpdir(), 'gatehouse-bench-instant-'));
  const close = async () => {
    await new Promise((done) => server.close(done));
    rmSync(home, { recursive: true, force: true });
  };
  const listener = ownListener(port);
  const text = listener && nativeEndpointText({ url: `http://127.0.0.1:${port}`, token: 'b'.repeat(43), pid: process.pid, key: 'unused', listener }, [['claude-code', 60_000]]);
  if (!text) {
    await close();
    throw new Error('the instant listener cannot be proven by the kernel here (no /proc?)');
  }
  writeFileSync(join(home, NATIVE_ENDPOINT_FILE), text, { mode: 0o600 });
  return { home, close };
}
