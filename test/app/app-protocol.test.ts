// The app:// protocol: hostile URLs never leave dist/renderer, and every response carries the strict CSP.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDERER_CSP } from '../../common/csp.js';
import { createAppProtocolHandler } from '../../main/app/app-protocol.js';
import { resolveAppPath } from '../../main/app/app-url.js';

const root = path.resolve('/srv/renderer');

describe('resolveAppPath', () => {
  const served = (file: string) => path.join(root, file);
  it.each<[string, string, string | null]>([
    ['the document', 'app://gatehouse/index.html', served('index.html')],
    ['the root', 'app://gatehouse/', served('index.html')],
    ['the bare origin', 'app://gatehouse', served('index.html')],
    ['an asset', 'app://gatehouse/assets/main-1a2b.js', served('assets/main-1a2b.js')],
    ['query and hash', 'app://gatehouse/index.html?x=1#/review/01J', served('index.html')],
    ['an upper-case host', 'app://GATEHOUSE/index.html', served('index.html')],
    ['an encoded space', 'app://gatehouse/a%20b.css', served('a b.css')],
    // URL parsing removes dot segments first, so these stay inside the root.
    ['dot segments', 'app://gatehouse/assets/../../../etc/passwd', served('etc/passwd')],
    ['encoded dot segments', 'app://gatehouse/%2e%2e/%2E%2E/etc/passwd', served('etc/passwd')],
    ['encoded slash', 'app://gatehouse/assets%2f..%2f..%2f..%2fetc%2fpasswd', null],
    ['encoded backslash', 'app://gatehouse/..%5c..%5cwindows%5cwin.ini', null],
    ['raw backslash', 'app://gatehouse/assets\\..\\..\\secret', null],
    ['NUL byte', 'app://gatehouse/index.html%00.png', null],
    ['another host', 'app://evil/index.html', null],
    ['look-alike host', 'app://gatehouse.evil.com/index.html', null],
    ['a port', 'app://gatehouse:8080/index.html', null],
    ['credentials', 'app://user:pw@gatehouse/index.html', null],
    ['another scheme', 'file:///srv/renderer/index.html', null],
    ['https', 'https://gatehouse/index.html', null],
    ['malformed escape', 'app://gatehouse/%E0%A4%A', null],
    ['drive letter', 'app://gatehouse/C:/Windows/win.ini', null],
    ['not a URL', 'index.html', null],
  ])('%s: %s → %s', (_name, url, expected) => {
    expect(resolveAppPath(url, root)).toBe(expected);
  });
});

describe('createAppProtocolHandler', () => {
  let dir: string;
  let outside: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gatehouse-protocol-'));
    mkdirSync(path.join(dir, 'renderer/assets'), { recursive: true });
    writeFileSync(path.join(dir, 'renderer/index.html'), '<!doctype html><title>Gatehouse</title>');
    writeFileSync(path.join(dir, 'renderer/assets/app.js'), 'console.log(1)');
    outside = path.join(dir, 'secret.txt');
    writeFileSync(outside, 'TOP SECRET');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const handler = () => createAppProtocolHandler(path.join(dir, 'renderer'));

  it('serves the document with the CSP and its content type', async () => {
    const res = await handler()(new Request('app://gatehouse/index.html'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toContain('<title>Gatehouse</title>');
  });

  it('serves scripts as JavaScript (module scripts need it)', async () => {
    const res = await handler()(new Request('app://gatehouse/assets/app.js'));
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('answers 404 with the CSP for traversal, missing files and directories, never the file outside', async () => {
    for (const url of ['app://gatehouse/%2e%2e/secret.txt', 'app://gatehouse/nope.js', 'app://gatehouse/assets', 'app://other/index.html']) {
      const res = await handler()(new Request(url));
      expect(res.status, url).toBe(404);
      expect(res.headers.get('content-security-policy')).toBe(RENDERER_CSP);
      expect(await res.text()).not.toContain('TOP SECRET');
    }
  });

  it('refuses writes', async () => {
    const res = await handler()(new Request('app://gatehouse/index.html', { method: 'POST', body: 'x' }));
    expect(res.status).toBe(405);
  });
});
