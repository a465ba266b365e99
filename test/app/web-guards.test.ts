// What the renderer's web contents may do: no navigation away, no popups, no webviews, no permissions, no network.
import { describe, expect, it } from 'vitest';
import { guardWebContents, hardenSession, type GuardableContents, type HardenableSession, type PreventableEvent } from '../../main/app/web-contents-guard.js';
import { isAllowedNavigation, isAllowedPermission, isAllowedRendererRequest } from '../../main/app/web-guards.js';

describe('pure guards', () => {
  it.each([
    ['app://gatehouse/index.html#/rules', true],
    ['https://evil.example/', false],
    ['file:///etc/passwd', false],
    ['app://gatehouse/evil.html', false],
    ['javascript:alert(1)', false],
    ['app://gatehouse.evil/index.html', false],
  ])('navigation to %s → %s', (url, allowed) => {
    expect(isAllowedNavigation(url)).toBe(allowed);
  });

  it.each([
    ['clipboard-sanitized-write', true],
    ['clipboard-read', false],
    ['notifications', false],
    ['media', false],
    ['geolocation', false],
    ['openExternal', false],
    ['fileSystem', false],
    ['unknown', false],
  ])('permission %s → %s', (permission, allowed) => {
    expect(isAllowedPermission(permission)).toBe(allowed);
  });

  it.each([
    ['app://gatehouse/assets/editor.worker.js', true],
    ['data:font/woff2;base64,AAAA', true],
    ['blob:app://gatehouse/1234', true],
    ['devtools://devtools/bundled/x.js', true],
    ['https://evil.example/leak?d=secret', false],
    ['http://127.0.0.1:7777/v1/requests', false],
    ['ws://127.0.0.1:1/', false],
    ['file:///etc/passwd', false],
    ['app://other/x.js', false],
    ['not a url', false],
  ])('request to %s → %s', (url, allowed) => {
    expect(isAllowedRendererRequest(url)).toBe(allowed);
  });
});

/** A fake webContents that records the guard's listeners and lets the test fire them. */
function fakeContents() {
  const listeners = new Map<string, Array<(event: PreventableEvent, url: string) => void>>();
  let openHandler: ((details: { url: string }) => { action: 'deny' }) | null = null;
  const contents: GuardableContents = {
    on(event: string, listener: (event: PreventableEvent, url: string) => void) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return contents;
    },
    setWindowOpenHandler(handler) {
      openHandler = handler;
    },
  };
  const fire = (name: string, url = '') => {
    let prevented = false;
    for (const l of listeners.get(name) ?? []) l({ preventDefault: () => (prevented = true) }, url);
    return prevented;
  };
  return { contents, fire, open: (url: string) => openHandler?.({ url }) };
}

describe('guardWebContents', () => {
  it('denies navigation away, redirects, webviews and window.open', () => {
    const warnings: string[] = [];
    const f = fakeContents();
    guardWebContents(f.contents, (m) => warnings.push(m));
    expect(f.fire('will-navigate', 'https://evil.example/')).toBe(true);
    expect(f.fire('will-redirect', 'file:///etc/passwd')).toBe(true);
    expect(f.fire('will-attach-webview')).toBe(true);
    expect(f.open('https://evil.example/')).toEqual({ action: 'deny' });
    expect(f.open('app://gatehouse/index.html')).toEqual({ action: 'deny' });
    expect(f.fire('will-navigate', 'app://gatehouse/index.html#/rules')).toBe(false);
    expect(warnings.some((w) => w.includes('evil.example'))).toBe(true);
  });
});

describe('hardenSession', () => {
  it('refuses permissions, devices, downloads and foreign requests', () => {
    const seen: Record<string, unknown> = {};
    let downloadPrevented = false;
    const session: HardenableSession = {
      setPermissionRequestHandler: (h) => (seen.request = h),
      setPermissionCheckHandler: (h) => (seen.check = h),
      setDevicePermissionHandler: (h) => (seen.device = h),
      webRequest: { onBeforeRequest: (l) => (seen.beforeRequest = l) },
      on: (_event, l) => l({ preventDefault: () => (downloadPrevented = true) }),
    };
    hardenSession(session, () => undefined);
    const request = seen.request as (c: unknown, p: string, cb: (granted: boolean) => void) => void;
    const answers: boolean[] = [];
    request(null, 'media', (g) => answers.push(g));
    request(null, 'clipboard-sanitized-write', (g) => answers.push(g));
    expect(answers).toEqual([false, true]);
    expect((seen.check as (c: unknown, p: string) => boolean)(null, 'notifications')).toBe(false);
    expect((seen.device as () => boolean)()).toBe(false);
    expect(downloadPrevented).toBe(true);
    const decisions: boolean[] = [];
    const before = seen.beforeRequest as (d: { url: string }, cb: (r: { cancel: boolean }) => void) => void;
    before({ url: 'https://evil.example/x' }, (r) => decisions.push(r.cancel));
    before({ url: 'app://gatehouse/index.html' }, (r) => decisions.push(r.cancel));
    expect(decisions).toEqual([true, false]);
  });
});
