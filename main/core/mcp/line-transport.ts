// The proxy's side towards the agent: JSON-RPC messages one per line on stdin/stdout. Replaces the SDK's
// StdioServerTransport, which validated every message with zod before the relay or the SDK looked at it (the SDK's
// Protocol checks the shape of what it handles again), and dropped a malformed line with no answer: here a line that
// is not JSON gets a JSON-RPC parse error and one that is not a JSON-RPC message an invalid-request error.
import { StringDecoder } from 'node:string_decoder';
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** JSON-RPC's code for a line that is not JSON. */
const PARSE_ERROR = -32700;
/** JSON-RPC's code for JSON that is not a JSON-RPC message. */
const INVALID_REQUEST = -32600;

type Id = string | number;
const isId = (v: unknown): v is Id => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

/** Why `value` is not a JSON-RPC 2.0 message, or null when it is one (request, notification or response). */
function notAMessage(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'a message must be a JSON object';
  const m = value as Record<string, unknown>;
  if (m['jsonrpc'] !== '2.0') return 'jsonrpc must be "2.0"';
  if ('id' in m && !isId(m['id'])) return 'id must be a string or a number';
  if ('method' in m) return typeof m['method'] === 'string' ? null : 'method must be a string';
  if (!('id' in m)) return 'a message needs a method or an id';
  return 'result' in m || 'error' in m ? null : 'a response needs a result or an error';
}

/** A Transport over a line stream pair (default: this process's stdin and stdout). */
export class LineServerTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private pending = '';
  private readonly decoder = new StringDecoder('utf8');

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
  ) {}

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('error', this.onError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.output.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    this.input.off('data', this.onData);
    this.input.off('error', this.onError);
    if (this.input.listenerCount('data') === 0) this.input.pause();
    this.pending = '';
    this.onclose?.();
  }

  private readonly onError = (error: Error): void => {
    this.onerror?.(error);
  };

  private readonly onData = (chunk: Buffer | string): void => {
    this.pending += typeof chunk === 'string' ? chunk : this.decoder.write(chunk);
    for (let end = this.pending.indexOf('\n'); end !== -1; end = this.pending.indexOf('\n')) {
      const line = this.pending.slice(0, end).replace(/\r$/, '');
      this.pending = this.pending.slice(end + 1);
      if (line.trim() !== '') this.receive(line);
    }
  };

  private receive(line: string): void {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      this.refuse(null, PARSE_ERROR, `Parse error: ${(err as Error).message}`);
      return;
    }
    const why = notAMessage(value);
    if (why === null) {
      this.onmessage?.(value as JSONRPCMessage);
      return;
    }
    const m = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
    // A broken response is not answered: answering answers could ping-pong between two peers forever.
    if (!('method' in m) && ('result' in m || 'error' in m)) {
      this.onerror?.(new Error(`Invalid response: ${why}`));
      return;
    }
    this.refuse(isId(m['id']) ? m['id'] : null, INVALID_REQUEST, `Invalid Request: ${why}`);
  }

  private refuse(id: Id | null, code: number, message: string): void {
    this.onerror?.(new Error(message));
    // JSON-RPC answers an unreadable message with id null; the SDK's message type has no room for it.
    void this.send({ jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage).catch(() => undefined);
  }
}
