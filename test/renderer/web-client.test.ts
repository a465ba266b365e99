// Pure helpers of the web client: login-code redirect, query strings, export row counts.
import { describe, expect, it } from 'vitest';
import { countRows } from '../../renderer/web-client/download.js';
import { queryString } from '../../renderer/web-client/http.js';
import { loginRedirect } from '../../renderer/web-client/login.js';

describe('loginRedirect', () => {
  it.each([
    ['http://127.0.0.1:4000/?code=abc123', '/login?code=abc123'],
    ['http://127.0.0.1:4000/?code=a%26b%3Dc#/queue', '/login?code=a%26b%3Dc'],
    ['http://127.0.0.1:4000/', null],
    ['http://127.0.0.1:4000/?code=', null],
    ['http://127.0.0.1:4000/#/review/x?code=abc', null],
  ])('%s → %s', (href, expected) => expect(loginRedirect(href)).toBe(expected));
  it('never redirects off the page origin', () => {
    expect(loginRedirect('http://127.0.0.1:4000/?code=//evil.example/x')).toBe('/login?code=%2F%2Fevil.example%2Fx');
  });
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
