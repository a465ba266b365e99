// The MCP proxy's HTTP/1.1 exchanges with Gatehouse: each request written whole on a kept-alive loopback connection,
// its answer read with the hook's codec (hook-client/http1.ts). node:http's client (request objects, header checks,
// streams, the agent's bookkeeping) cost ~0.3 ms of every proxied tool call on a 2-core machine. A connection carries
// one exchange at a time; anything unexpected drops it, and every failure rejects (the proxy then refuses the call).
import { connect, type Socket } from 'node:net';
import { parseHttp1Response, type Http1Response } from '../hook-client/http1.js';
import { AnswerReader } from './answer-reader.js';

/** Largest answer read: Gatehouse answers the proxy in small JSON, so more than this is not Gatehouse. */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;
/** An idle connection is closed this long before the server's announced keep-alive timeout, as node's Agent does. */
const IDLE_MARGIN_MS = 1000;
/** Idle connections kept (a few calls may be in flight at once: one waits for the person while others are decided). */
const MAX_IDLE = 4;

/** How long an answer lets its connection stay idle for the next request (0: do not reuse it). */
function reuseMs(res: Http1Response, received: number): number {
  // Only an answer that ends exactly where its Content-Length says is known to leave the connection clean.
  if (res.headers['transfer-encoding'] !== undefined || res.head + res.body.length !== received) return 0;
  if (/\bclose\b/i.test(res.headers['connection'] ?? '')) return 0;
  const seconds = Number(/\btimeout=(\d+)/.exec(res.headers['keep-alive'] ?? '')?.[1] ?? 0);
  return Math.max(seconds * 1000 - IDLE_MARGIN_MS, 0);
}

/** The request waiting on a connection. */
interface Waiting {
  resolve(res: Http1Response): void;
  reject(err: Error): void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

/** One socket to one host:port; `idle` and `gone` keep the pool's list of idle connections. */
class Connection {
  private readonly socket: Socket;
  private answer = new AnswerReader(MAX_ANSWER_BYTES);
  private waiting: Waiting | null = null;
  private failure: NodeJS.ErrnoException | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly key: string,
    host: string,
    port: number,
    private readonly idle: (c: Connection) => boolean,
    private readonly gone: (c: Connection) => void,
  ) {
    this.socket = connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.onData(chunk));
    this.socket.on('error', (err: NodeJS.ErrnoException) => {
      this.failure = err;
    });
    this.socket.on('close', () => this.onClose());
  }

  /** Writes one whole request; resolves with its answer. */
  send(request: Buffer, signal: AbortSignal | undefined): Promise<Http1Response> {
    clearTimeout(this.timer);
    this.socket.ref();
    return new Promise((resolve, reject) => {
      const waiting: Waiting = {
        resolve,
        reject,
        signal,
        onAbort: () => {
          if (this.waiting !== waiting) return;
          this.settle();
          this.destroy();
          reject(Object.assign(new Error('the request was aborted'), { name: 'AbortError' }));
        },
      };
      this.waiting = waiting;
      signal?.addEventListener('abort', waiting.onAbort, { once: true });
      this.socket.write(request);
    });
  }

  destroy(): void {
    this.socket.destroy();
  }

  /** Whether the socket can still carry a request (an idle one may have just been closed, its close event not yet seen). */
  get usable(): boolean {
    return !this.socket.destroyed;
  }

  /** Ends the current exchange; returns it. */
  private settle(): Waiting | null {
    const waiting = this.waiting;
    this.waiting = null;
    this.answer = new AnswerReader(MAX_ANSWER_BYTES);
    waiting?.signal?.removeEventListener('abort', waiting.onAbort);
    return waiting;
  }

  private onData(chunk: Buffer): void {
    // Bytes nobody asked for: this is not a connection to trust with the next request.
    if (this.waiting === null) return this.destroy();
    let res: Http1Response | null;
    try {
      res = this.answer.push(chunk);
    } catch (err) {
      this.failure = err as NodeJS.ErrnoException;
      return this.destroy();
    }
    // Incomplete, or an answer without a length, which ends with the connection (onClose reads it).
    if (res === null) return;
    const ms = reuseMs(res, this.answer.received);
    const waiting = this.settle();
    if (ms === 0 || !this.idle(this)) this.destroy();
    else {
      this.socket.unref();
      this.timer = setTimeout(() => this.destroy(), ms).unref();
    }
    waiting?.resolve(res);
  }

  private onClose(): void {
    clearTimeout(this.timer);
    this.gone(this);
    const received = this.answer;
    const waiting = this.settle();
    if (waiting === null) return;
    const res = this.failure === undefined ? parseHttp1Response(received.all()) : null;
    if (res !== null) waiting.resolve(res);
    else waiting.reject(this.failure ?? new Error(received.received === 0 ? 'the connection closed' : 'the answer was cut short'));
  }
}

/** HTTP/1.1 exchanges over kept-alive connections, for the proxy's calls to Gatehouse on this machine. */
export class KeepAliveHttp {
  private readonly idle: Connection[] = [];
  private readonly open = new Set<Connection>();

  /**
   * Sends `request` (whole request bytes, keep-alive) to host:port and resolves with the answer; rejects with the
   * socket's error, or an AbortError once `signal` aborts (the connection is then dropped).
   */
  exchange(host: string, port: number, request: Buffer, signal?: AbortSignal): Promise<Http1Response> {
    if (signal?.aborted) return Promise.reject(Object.assign(new Error('the request was aborted'), { name: 'AbortError' }));
    const key = `${host}:${port}`;
    const at = this.idle.findIndex((c) => c.key === key && c.usable);
    const conn = at === -1 ? this.connect(key, host, port) : this.idle.splice(at, 1)[0]!;
    return conn.send(request, signal);
  }

  /** Drops every connection (the proxy is ending); exchanges in flight reject. */
  close(): void {
    for (const c of this.open) c.destroy();
  }

  private connect(key: string, host: string, port: number): Connection {
    const conn = new Connection(
      key,
      host,
      port,
      (c) => {
        if (this.idle.length >= MAX_IDLE) return false;
        this.idle.push(c);
        return true;
      },
      (c) => {
        this.open.delete(c);
        const at = this.idle.indexOf(c);
        if (at !== -1) this.idle.splice(at, 1);
      },
    );
    this.open.add(conn);
    return conn;
  }
}
