// The hook's one-exchange HTTP/1.1 reader: what Gatehouse's server sends is read, anything malformed is no answer.
import { describe, expect, it } from 'vitest';
import { http1Request, parseHttp1Response } from '../../../main/core/hook-client/http1.js';

const raw = (s: string) => Buffer.from(s, 'latin1');

describe('parseHttp1Response', () => {
  it('reads a Content-Length body, lower-cases header names and says where the body starts', () => {
    const text = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Gatehouse-Signature: abc\r\ncontent-length: 2\r\n\r\n{}';
    const r = parseHttp1Response(raw(text));
    expect(r).toMatchObject({ status: 200, headers: { 'content-type': 'application/json', 'x-gatehouse-signature': 'abc' } });
    expect(r?.body.toString()).toBe('{}');
    expect(r?.head).toBe(text.length - 2);
  });

  it('reads a chunked body', () => {
    const r = parseHttp1Response(raw('HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n2\r\n{"\r\n4\r\na":1\r\n1;ext=x\r\n}\r\n0\r\n\r\n'));
    expect(r?.body.toString()).toBe('{"a":1}');
  });

  it.each([
    ['no blank line after the headers', 'HTTP/1.1 200 OK\r\ncontent-length: 2\r\n{}'],
    ['a body shorter than its Content-Length (cut connection)', 'HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\n{}'],
    ['a negative Content-Length', 'HTTP/1.1 200 OK\r\ncontent-length: -1\r\n\r\n{}'],
    ['a chunk longer than what arrived', 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nff\r\n{}\r\n'],
    ['a chunked body without its last chunk', 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n2\r\n{}\r\n'],
    ['a chunk size that is not hex', 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n'],
    ['not HTTP at all', 'allow allow allow\r\n\r\n'],
    ['HTTP/2 framing', 'HTTP/2 200\r\n\r\n{}'],
    ['a header line without a colon', 'HTTP/1.1 200 OK\r\nbroken\r\n\r\n{}'],
  ])('%s → no answer', (_n, text) => expect(parseHttp1Response(raw(text))).toBeNull());

  it('keeps a 500 as a 500 (the caller refuses it)', () => {
    expect(parseHttp1Response(raw('HTTP/1.1 500 Internal Server Error\r\ncontent-length: 0\r\n\r\n'))?.status).toBe(500);
  });
});

describe('http1Request', () => {
  it('writes one request that closes the connection, with the body length', () => {
    const text = http1Request('POST', '127.0.0.1:4000', '/v1/hooks/claude-code', { authorization: 'Bearer t' }, '{"é":1}').toString('utf8');
    expect(text).toBe('POST /v1/hooks/claude-code HTTP/1.1\r\nhost: 127.0.0.1:4000\r\nconnection: close\r\nauthorization: Bearer t\r\ncontent-length: 8\r\n\r\n{"é":1}');
  });

  it('leaves the connection open when asked to keep it alive', () => {
    expect(http1Request('GET', 'h:1', '/x', {}, null, true).toString()).toBe('GET /x HTTP/1.1\r\nhost: h:1\r\n\r\n');
  });

  it('refuses a header value that would inject another header', () => {
    expect(() => http1Request('GET', 'h', '/', { authorization: 'Bearer t\r\nx-evil: 1' }, null)).toThrow(/line break/);
  });
});
