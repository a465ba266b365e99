// One direction of the ACP proxy: newline-delimited JSON-RPC read from one stream and written to another, a line at a
// time and byte for byte. Each line is shown to a tap first (parsed once, when it is JSON); a line the tap claims is
// not forwarded. The SDK's ndJsonStream parses every message and writes it back with JSON.stringify (other spacing,
// escapes and number spellings), so the proxy frames lines itself and leaves what it does not answer untouched.
import type { Readable, Writable } from 'node:stream';
import { DEFAULT_MAX_MESSAGE_BYTES } from '@agentclientprotocol/sdk';

const NEWLINE = 0x0a;

/** Sees each line (`message` is its JSON value, undefined when it is not JSON); true keeps it from being forwarded. */
export type Tap = (message: unknown, line: Buffer) => boolean;

/** Writes whole lines to `output`, in order, never two interleaved: forwarded lines and the proxy's own answers share it. */
export class LineWriter {
  private broken = false;
  constructor(private readonly output: Writable) {
    // A peer that went away (EPIPE) ends nothing here: the other side's close ends the proxy.
    output.on('error', () => {
      this.broken = true;
    });
  }

  /** Writes one line (`text` without its newline gets one); false when the stream wants a drain before more. */
  write(line: Buffer | string): boolean {
    if (this.broken || this.output.destroyed || this.output.writableEnded) return true;
    const bytes = typeof line === 'string' ? Buffer.from(`${line}\n`, 'utf8') : line;
    return this.output.write(bytes);
  }

  /** Sends one JSON-RPC message as a line. */
  send(message: unknown): void {
    this.write(JSON.stringify(message));
  }

  /** Ends the stream once what was written is flushed. */
  end(): void {
    if (!this.output.writableEnded) this.output.end();
  }

  /** Resolves once the stream can take more. */
  drained(): Promise<void> {
    return new Promise((resolve) => {
      if (this.broken || !this.output.writableNeedDrain) resolve();
      else this.output.once('drain', () => resolve());
    });
  }
}

/**
 * Pumps lines from `input` to `writer` until `input` ends (an unterminated last line is forwarded as it is); resolves
 * then, or rejects when a line grows past the SDK's message limit (32 MiB), which is not ACP.
 */
export function pumpLines(input: Readable, writer: LineWriter, tap: Tap, maxBytes = DEFAULT_MAX_MESSAGE_BYTES): Promise<void> {
  return new Promise((resolve, reject) => {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const deliver = (line: Buffer): boolean => {
      let message: unknown;
      try {
        message = JSON.parse(line.toString('utf8'));
      } catch {
        message = undefined;
      }
      return tap(message, line) ? true : writer.write(line);
    };
    const onData = (chunk: Buffer): void => {
      let start = 0;
      let ready = true;
      for (let nl = chunk.indexOf(NEWLINE); nl !== -1; nl = chunk.indexOf(NEWLINE, start)) {
        const piece = chunk.subarray(start, nl + 1);
        const line = pending.length === 0 ? piece : Buffer.concat([...pending, piece], pendingBytes + piece.length);
        pending = [];
        pendingBytes = 0;
        start = nl + 1;
        if (line.length > maxBytes + 2) return fail();
        ready = deliver(line) && ready;
      }
      if (start < chunk.length) {
        pending.push(chunk.subarray(start));
        pendingBytes += chunk.length - start;
        if (pendingBytes > maxBytes) return fail();
      }
      if (!ready) {
        input.pause();
        void writer.drained().then(() => input.resume());
      }
    };
    const fail = (): void => {
      input.off('data', onData);
      input.destroy();
      reject(new Error(`a message is longer than ${maxBytes} bytes`));
    };
    input.on('data', onData);
    input.once('end', () => {
      if (pendingBytes > 0) deliver(Buffer.concat(pending, pendingBytes));
      resolve();
    });
    input.once('error', reject);
    // A stream destroyed without an end (its process never started) is over too.
    input.once('close', () => resolve());
  });
}
