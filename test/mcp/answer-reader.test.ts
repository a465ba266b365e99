// The proxy's answer reader: an answer in many pieces is read in work linear in its size (joining every piece to what
// came before, as the reader once did, copied ~n²/2 bytes: an 8 MiB answer took 3.7 s), and every answer that is not
// Gatehouse's — too big, no head, not HTTP — is refused.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnswerReader, MAX_HEAD_BYTES } from '../../main/core/mcp/answer-reader.js';

const MiB = 1024 * 1024;

/** Feeds `answer` in pieces of `size` bytes; the answer and the piece it came with (-1: never). */
function feed(reader: AnswerReader, answer: Buffer, size: number): { res: ReturnType<AnswerReader['push']>; at: number } {
  const pieces = Math.ceil(answer.length / size);
  for (let i = 0; i < pieces; i++) {
    const res = reader.push(answer.subarray(i * size, (i + 1) * size));
    if (res !== null) return { res, at: i };
  }
  return { res: null, at: -1 };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AnswerReader', () => {
  it('reads an 8 MiB answer in 1 KiB pieces, copying each byte a bounded number of times', () => {
    const body = Buffer.alloc(8 * MiB, 0x61);
    const answer = Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\ncontent-length: ${body.length}\r\n\r\n`), body]);
    let copied = 0;
    const concat = Buffer.concat.bind(Buffer);
    vi.spyOn(Buffer, 'concat').mockImplementation((list: readonly Uint8Array[], total?: number) => {
      const out = concat(list, total);
      copied += out.length;
      return out;
    });
    const { res, at } = feed(new AnswerReader(16 * MiB), answer, 1024);
    expect(at).toBe(Math.ceil(answer.length / 1024) - 1);
    expect(res?.body.equals(body)).toBe(true);
    expect(copied).toBeLessThan(3 * answer.length);
  });

  it('reads a chunked answer once its zero-size chunk has arrived', () => {
    const answer = Buffer.from('HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n');
    const { res, at } = feed(new AnswerReader(MiB), answer, 3);
    expect(at).toBe(Math.ceil(answer.length / 3) - 1);
    expect(res?.body.toString()).toBe('{}');
  });

  it('waits for the end of the connection for an answer without a length', () => {
    const reader = new AnswerReader(MiB);
    expect(reader.push(Buffer.from('HTTP/1.1 200 OK\r\n\r\n{"a":1}'))).toBeNull();
    expect(reader.all().toString()).toContain('{"a":1}');
  });

  it.each([
    ['a Content-Length past the limit', `HTTP/1.1 200 OK\r\ncontent-length: ${2 * MiB}\r\n\r\n`, 'ETOOBIG'],
    ['a head that is not HTTP', 'SSH-2.0-OpenSSH\r\n\r\n', 'EBADANSWER'],
    ['a header line without a colon', 'HTTP/1.1 200 OK\r\nnonsense\r\n\r\n', 'EBADANSWER'],
    ['a negative Content-Length', 'HTTP/1.1 200 OK\r\ncontent-length: -1\r\n\r\n', 'EBADANSWER'],
  ])('refuses %s', (_name, answer, code) => {
    expect(() => new AnswerReader(MiB).push(Buffer.from(answer))).toThrow(expect.objectContaining({ code }));
  });

  it('refuses bytes that never end a head', () => {
    const reader = new AnswerReader(MiB);
    expect(() => feed(reader, Buffer.alloc(MAX_HEAD_BYTES + 10, 0x61), 4096)).toThrow(expect.objectContaining({ code: 'EBADANSWER' }));
  });
});
