// One HTTP/1.1 answer collected as it arrives, in time linear in its size. Joining every piece to what came before and
// parsing it all again on each piece cost time quadratic in the answer (an 8 MiB answer took 3.7 s): the head is looked
// for only in the bytes that can hold it, and the body is joined once, when the Content-Length says it is all there.
import { parseHttp1Head, parseHttp1Response, type Http1Head, type Http1Response } from '../hook-client/http1.js';

/** Longest status line and headers read: Gatehouse sends a few hundred bytes; more is not Gatehouse. */
export const MAX_HEAD_BYTES = 64 * 1024;

const EMPTY = Buffer.alloc(0);
const CHUNKED_END = Buffer.from('0\r\n\r\n', 'latin1');

/** Why an answer cannot be read (the connection is then dropped and the exchange rejected). */
export class AnswerError extends Error {
  constructor(
    message: string,
    readonly code: 'ETOOBIG' | 'EBADANSWER',
  ) {
    super(message);
  }
}

/** Collects the pieces of one answer; `push` hands it back once it is complete. */
export class AnswerReader {
  private pieces: Buffer[] = [];
  private size = 0;
  private head: Http1Head | null = null;
  /** Bytes the whole answer takes (a Content-Length answer whose head is read), else -1. */
  private needed = -1;

  constructor(private readonly max: number) {}

  /** Bytes received so far. */
  get received(): number {
    return this.size;
  }

  /**
   * Adds a piece: the answer once it is complete, null while more is to come (or while an answer without a length
   * waits for the connection to end); throws an AnswerError past `max` bytes or on a head that is not HTTP.
   */
  push(piece: Buffer): Http1Response | null {
    const before = this.size;
    this.pieces.push(piece);
    this.size += piece.length;
    if (this.size > this.max) throw new AnswerError('the answer is larger than the proxy reads', 'ETOOBIG');
    if (this.head === null && !this.readHead(before)) return null;
    const headers = this.head!.headers;
    if (this.needed !== -1) return this.size >= this.needed ? parseHttp1Response(this.all()) : null;
    // A chunked answer can end only with its last piece ending in the zero-size chunk (Gatehouse sends no trailers).
    if ((headers['transfer-encoding'] ?? '').toLowerCase() === 'chunked') return this.endsWith(CHUNKED_END) ? parseHttp1Response(this.all()) : null;
    return null;
  }

  /** Everything received, as one buffer. */
  all(): Buffer {
    if (this.pieces.length > 1) this.pieces = [Buffer.concat(this.pieces, this.size)];
    return this.pieces[0] ?? EMPTY;
  }

  /** Looks for the end of the head in the bytes that can newly hold it; whether it has been read. */
  private readHead(before: number): boolean {
    const joined = this.all();
    const end = joined.indexOf('\r\n\r\n', Math.max(0, before - 3));
    if (end === -1) {
      if (this.size > MAX_HEAD_BYTES) throw new AnswerError('the answer has no HTTP head', 'EBADANSWER');
      return false;
    }
    this.head = parseHttp1Head(joined, end);
    if (this.head === null) throw new AnswerError('the answer is not HTTP', 'EBADANSWER');
    const length = this.head.headers['content-length'];
    if (length !== undefined && this.head.headers['transfer-encoding'] === undefined) {
      const n = Number(length);
      if (!Number.isSafeInteger(n) || n < 0) throw new AnswerError('the answer has a bad Content-Length', 'EBADANSWER');
      if (this.head.head + n > this.max) throw new AnswerError('the answer is larger than the proxy reads', 'ETOOBIG');
      this.needed = this.head.head + n;
    }
    return true;
  }

  /** Whether the bytes received end with `tail`. */
  private endsWith(tail: Buffer): boolean {
    if (this.size < tail.length) return false;
    const last = this.pieces[this.pieces.length - 1]!;
    if (last.length >= tail.length) return last.subarray(last.length - tail.length).equals(tail);
    return this.all().subarray(this.size - tail.length).equals(tail);
  }
}
