// The proxy's kept-alive HTTP/1.1 exchanges, against a scripted server on 127.0.0.1: a connection is reused only
// after an answer that ends exactly at its Content-Length with the server's keep-alive hint; anything else (close,
// chunked, extra bytes, a cut answer, an abort) drops it, and every failure rejects.
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http1Request } from '../../main/core/hook-client/http1.js';
import { KeepAliveHttp, MAX_ANSWER_BYTES } from '../../main/core/mcp/keep-alive.js';

const KEPT = 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nkeep-alive: timeout=72\r\ncontent-length: 2\r\n\r\n{}';

/** A server that answers each request it reads with `answer(n)` (n counts requests), written in the pieces given. */
async function scripted(answer: (n: number, socket: Socket) => string[] | null): Promise<{ server: Server; port: number; connections: () => number }> {
  let connections = 0;
  let n = 0;
  const server = createServer((socket) => {
    connections++;
    socket.on('data', (d) => {
      if (!d.toString('latin1').includes('\r\n\r\n')) return;
      const pieces = answer(++n, socket);
      for (const p of pieces ?? []) socket.write(p);
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  open.push(server);
  return { server, port, connections: () => connections };
}

const open: Server[] = [];
let http: KeepAliveHttp;
beforeEach(() => {
  http = new KeepAliveHttp();
});
afterEach(async () => {
  http.close();
  await Promise.all(open.splice(0).map((s) => new Promise((r) => s.close(r))));
});

const get = (port: number, signal?: AbortSignal) => http.exchange('127.0.0.1', port, http1Request('GET', `127.0.0.1:${port}`, '/x', {}, null, true), signal);

describe('KeepAliveHttp', () => {
  it('reuses one connection while answers end at their Content-Length and carry a keep-alive hint', async () => {
    const s = await scripted(() => [KEPT]);
    for (let i = 0; i < 3; i++) expect((await get(s.port)).body.toString()).toBe('{}');
    expect(s.connections()).toBe(1);
  });

  it.each([
    ['Connection: close', 'HTTP/1.1 200 OK\r\nconnection: close\r\nkeep-alive: timeout=72\r\ncontent-length: 2\r\n\r\n{}'],
    ['no keep-alive hint', 'HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}'],
    ['a chunked body', 'HTTP/1.1 200 OK\r\nkeep-alive: timeout=72\r\ntransfer-encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n'],
    ['bytes past the Content-Length', `${KEPT}junk`],
  ])('answers but opens a new connection after %s', async (_n, answer) => {
    const s = await scripted(() => [answer]);
    for (let i = 0; i < 2; i++) expect((await get(s.port)).body.toString()).toBe('{}');
    expect(s.connections()).toBe(2);
  });

  it('reads an answer that arrives in pieces', async () => {
    const s = await scripted(() => [KEPT.slice(0, 10), KEPT.slice(10, 60), KEPT.slice(60)]);
    expect((await get(s.port)).status).toBe(200);
  });

  it('reads an answer without a length up to the end of the connection', async () => {
    const s = await scripted((_n, socket) => {
      socket.end('HTTP/1.1 200 OK\r\n\r\n{"a":1}');
      return null;
    });
    expect((await get(s.port)).body.toString()).toBe('{"a":1}');
  });

  it('rejects an answer cut short by the server', async () => {
    const s = await scripted((_n, socket) => {
      socket.end('HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\n{}');
      return null;
    });
    await expect(get(s.port)).rejects.toThrow(/cut short/);
  });

  it('rejects when nothing listens', async () => {
    const s = await scripted(() => null);
    const port = s.port;
    await new Promise((r) => s.server.close(r));
    await expect(get(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('rejects an answer larger than it reads', async () => {
    const s = await scripted(() => [`HTTP/1.1 200 OK\r\ncontent-length: ${MAX_ANSWER_BYTES + 10}\r\n\r\n`, 'x'.repeat(MAX_ANSWER_BYTES + 10)]);
    await expect(get(s.port)).rejects.toMatchObject({ code: 'ETOOBIG' });
  });

  it('an abort rejects at once and drops the connection (the server sees the agent go)', async () => {
    let closed!: () => void;
    const gone = new Promise<void>((r) => (closed = r));
    const s = await scripted((_n, socket) => {
      socket.on('close', closed);
      return null;
    });
    const ac = new AbortController();
    const pending = get(s.port, ac.signal);
    await new Promise((r) => setTimeout(r, 50));
    ac.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await gone;
  });
});
