// Pure helpers of the web client: sign-in codes in the address, the event-stream parser, query strings, export row counts.
import { describe, expect, it } from 'vitest';
import { countRows } from '../../renderer/web-client/download.js';
import { queryString } from '../../renderer/web-client/http.js';
import { codeFromHref } from '../../renderer/web-client/login.js';
import { parseSse } from '../../renderer/web-client/sse.js';

describe('codeFromHref', () => {
  it.each([
    ['http://127.0.0.1:4000/#code=abc123', { code: 'abc123', cleaned: '/' }],
    ['http://127.0.0.1:4000/?code=abc123', { code: 'abc123', cleaned: '/' }],
    ['http://127.0.0.1:4000/?code=a%26b%3Dc#/queue', { code: 'a&b=c', cleaned: '/#/queue' }],
    ['http://127.0.0.1:4000/', null],
    ['http://127.0.0.1:4000/?code=', null],
    ['http://127.0.0.1:4000/#/review/x?code=abc', null],
  ])('%s → %j', (href, expected) => expect(codeFromHref(href)).toEqual(expected));
});

describe('queryString', () => {
  it('keeps defined values only, encoded', () => {
    expect(queryString({ q: 'rm -rf', tool_name: undefined, limit: 50, agent: '', status: null })).toBe('?q=rm+-rf&limit=50');
    expect(queryString({})).toBe('');
  });
});

describe('countRows', () => {
  it.each([
    ['csv', 4, undefined, 3],
    ['csv', 0, undefined, 0],
    ['ndjson', 5, undefined, 5],
    ['json', 0, '[{"a":1},{"a":2}]', 2],
  ] as const)('%s with %i lines', (format, lines, text, rows) => expect(countRows(format, lines, text)).toBe(rows));
});

describe('parseSse', () => {
  it('splits complete events, skips comments and keeps the unfinished rest', () => {
    const { messages, rest } = parseSse(': connected\n\nevent: rule_changed\ndata: {"type":"rule_changed"}\n\nevent: request_pending\ndata: {"a"');
    expect(messages).toEqual([{ event: 'rule_changed', data: '{"type":"rule_changed"}' }]);
    expect(rest).toBe('event: request_pending\ndata: {"a"');
  });
  it('joins multi-line data and reads CRLF', () => {
    expect(parseSse('event: x\r\ndata: a\r\ndata: b\r\n\r\n').messages).toEqual([{ event: 'x', data: 'a\nb' }]);
  });
});
