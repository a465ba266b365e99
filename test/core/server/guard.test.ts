// The request guard against hostile Host / Origin headers (DNS rebinding, CSRF).
import { describe, expect, it } from 'vitest';
import { isRequestAllowed } from '../../../main/core/server/guard.js';

const port = 43117;
type Row = [string, string | string[] | undefined, string | string[] | undefined, boolean];

const table: Row[] = [
  // [name, Host, Origin, allowed]
  ['plain agent call on 127.0.0.1', `127.0.0.1:${port}`, undefined, true],
  ['plain agent call on localhost', `localhost:${port}`, undefined, true],
  ['same-origin browser page', `127.0.0.1:${port}`, `http://127.0.0.1:${port}`, true],
  ['same-origin localhost page', `localhost:${port}`, `http://localhost:${port}`, true],
  ['rebinding: hostile suffix', `127.0.0.1.evil.com:${port}`, undefined, false],
  ['rebinding: hostile name', `evil.com:${port}`, undefined, false],
  ['trailing dot', `localhost.:${port}`, undefined, false],
  ['IPv6 loopback', `[::1]:${port}`, undefined, false],
  ['IPv4-mapped IPv6', `[::ffff:127.0.0.1]:${port}`, undefined, false],
  ['bare ::ffff form', `::ffff:127.0.0.1:${port}`, undefined, false],
  ['missing Host', undefined, undefined, false],
  ['empty Host', '', undefined, false],
  ['Host without port', '127.0.0.1', undefined, false],
  ['wrong port', `127.0.0.1:${port + 1}`, undefined, false],
  ['uppercase host', `LOCALHOST:${port}`, undefined, false],
  ['userinfo trick', `localhost:${port}@evil.com`, undefined, false],
  ['leading whitespace', ` 127.0.0.1:${port}`, undefined, false],
  ['trailing whitespace', `127.0.0.1:${port} `, undefined, false],
  ['duplicate Host headers', [`127.0.0.1:${port}`, `evil.com:${port}`], undefined, false],
  ['duplicate identical Host headers', [`127.0.0.1:${port}`, `127.0.0.1:${port}`], undefined, false],
  ['decimal IP', `2130706433:${port}`, undefined, false],
  ['0.0.0.0', `0.0.0.0:${port}`, undefined, false],
  ['Origin null (sandboxed iframe, file://)', `127.0.0.1:${port}`, 'null', false],
  ['foreign Origin (CSRF)', `127.0.0.1:${port}`, 'https://evil.com', false],
  ['Origin with https scheme', `127.0.0.1:${port}`, `https://127.0.0.1:${port}`, false],
  ['Origin other port', `127.0.0.1:${port}`, `http://127.0.0.1:${port + 1}`, false],
  ['Origin suffix trick', `127.0.0.1:${port}`, `http://127.0.0.1:${port}.evil.com`, false],
  ['Origin with path', `127.0.0.1:${port}`, `http://127.0.0.1:${port}/`, false],
  ['Origin uppercase', `127.0.0.1:${port}`, `HTTP://127.0.0.1:${port}`, false],
  ['empty Origin', `127.0.0.1:${port}`, '', false],
  ['duplicate Origin headers', `127.0.0.1:${port}`, [`http://127.0.0.1:${port}`, 'https://evil.com'], false],
];

describe('isRequestAllowed', () => {
  it.each(table)('%s', (_name, host, origin, allowed) => {
    const result = isRequestAllowed({ host, origin, port });
    expect(result.ok).toBe(allowed);
    if (!result.ok) expect(result.why).toMatch(/\S/);
  });
});
