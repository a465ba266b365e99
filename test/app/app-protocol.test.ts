// The app:// protocol: hostile URLs never leave dist/renderer, and every response carries the strict CSP.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDERER_CSP } from '../../common/csp.js';
import { createAppProtocolHandler } from '../../main/app/app-protocol.js';
import { isRendererDocument, rendererUrl, resolveAppPath } from '../../main/app/app-url.js';

const root = path.resolve('/srv/renderer');

describe('resolveAppPath', () => {
  it.each([
    ['app://gatehouse/index.html', path.join(root, 'index.html')],
    ['app://gatehouse/', path.join(root, 'index.html')],
    ['app://gatehouse', path.join(root, 'index.html')],
    ['app://gatehouse/assets/main-1a2b.js', path.join(root, 'assets/main-1a2b.js')],
    ['app://gatehouse/index.html?x=1#/review/01J', path.join(root, 'index.html')],
    ['app://GATEHOUSE/index.html', path.join(root, 'index.html')],
    ['app://gatehouse/a%20b.css', path.join(root, 'a b.css')],
  ])('serves %s', (url, expected) => {
    expect(resolveAppPath(url, root)).toBe(expected);
  });

  it.each([
    ['encoded slash', 'app://gatehouse/assets%2f..%2f..%2f..%2fetc%2fpasswd'],
    ['encoded backslash', 'app://gatehouse/..%5c..%5cwindows%5cwin.ini'],
    ['raw backslash', 'app://gatehouse/assets\\..\\..\\secret'],
    ['NUL byte', 'app://gatehouse/index.html%00.png'],
    ['another host', 'app://evil/index.html'],
    ['look-alike host', 'app://gatehouse.evil.com/index.html'],
    ['a port', 'app://gatehouse:8080/index.html'],
    ['credentials', 'app://user:pw@gatehouse/index.html'],
    ['another scheme', 'file:///srv/renderer/index.html'],
    ['https', 'https://gatehouse/index.html'],
    ['malformed escape', 'app://gatehouse/%E0%A4%A'],
    ['drive letter', 'app://gatehouse/C:/Windows/win.ini'],
    ['not a URL', 'index.html'],
  ])('refuses %s', (_name, url) => {
    expect(resolveAppPath(url, root)).toBeNull();
  });

  it.each(['app://gatehouse/assets/../../../etc/passwd', 'app://gatehouse/%2e%2e/%2E%2E/etc/passwd'])(
    'keeps %s inside the root (URL parsing removes dot segments first)',
    (url) => {
      expect(resolveAppPath(url, root)).toBe(path.join(root, 'etc/passwd'));
    },
  );
});

describe('isRendererDocument', () => {
  it.each([
    ['app://gatehouse/index.html', true],
    ['app://gatehouse/index.html#/review/01J', true],
    ['app://gatehouse/index.html?code=1', true],
    ['app://gatehouse/other.html', false],
    ['app://gatehouse.evil.com/index.html', false],
    ['app://evil/index.html', false],
    ['app://u@gatehouse/index.html', false],
    ['file:///index.html', false],
    ['https://gatehouse/index.html', false],
    ['devtools://devtools/bundled/devtools_app.html', false],
    ['about:blank', false],
    ['', false],
  ])('%s → %s', (url, expected) => {
    expect(isRendererDocument(url)).toBe(expected);
  });

  it('deep links stay our document', () => {
    expect(rendererUrl({ view: 'review', id: '01J/../x' })).toBe('app://gatehouse/index.html#/review/01J%2F..%2Fx');
    expect(isRendererDocument(rendererUrl({ view: 'history' }))).toBe(true);
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
