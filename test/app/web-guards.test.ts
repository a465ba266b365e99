// What the renderer's web contents may do: no navigation away, no popups, no webviews, no permissions, no network.
import { describe, expect, it } from 'vitest';
import { guardWebContents, hardenSession, type GuardableContents, type HardenableSession, type PreventableEvent } from '../../main/app/web-contents-guard.js';
import { isRendererDocument, rendererUrl } from '../../main/app/app-url.js';
import { isAllowedNavigation, isAllowedPermission, isAllowedRendererRequest } from '../../main/app/web-guards.js';

// Each row: the guard, what it is asked about, whether it lets it through. Navigation and IPC senders share one
// guard (only our renderer document), so its rows stand for both.
const GUARDS = {
  'renderer document': (url: string) => {
    const allowed = isRendererDocument(url);
    expect(isAllowedNavigation(url), 'navigation must allow exactly the renderer document').toBe(allowed);
    return allowed;
  },
  permission: isAllowedPermission,
  request: isAllowedRendererRequest,
} satisfies Record<string, (input: string) => boolean>;

describe('pure guards', () => {
  it.each<[keyof typeof GUARDS, string, boolean]>([
    ['renderer document', 'app://gatehouse/index.html', true],
    ['renderer document', 'app://gatehouse/index.html#/rules', true],
    ['renderer document', 'app://gatehouse/index.html#/review/01J', true],
    ['renderer document', 'app://gatehouse/index.html?code=1', true],
    ['renderer document', 'https://evil.example/', false],
    ['renderer document', 'file:///etc/passwd', false],
    ['renderer document', 'file:///index.html', false],
    ['renderer document', 'https://gatehouse/index.html', false],
    ['renderer document', 'app://gatehouse/evil.html', false],
    ['renderer document', 'app://gatehouse/other.html', false],
    ['renderer document', 'javascript:alert(1)', false],
    ['renderer document', 'app://gatehouse.evil/index.html', false],
    ['renderer document', 'app://gatehouse.evil.com/index.html', false],
    ['renderer document', 'app://evil/index.html', false],
    ['renderer document', 'app://u@gatehouse/index.html', false],
    ['renderer document', 'devtools://devtools/bundled/devtools_app.html', false],
    ['renderer document', 'about:blank', false],
    ['renderer document', '', false],
    ['permission', 'clipboard-sanitized-write', true],
    ['permission', 'clipboard-read', false],
    ['permission', 'notifications', false],
    ['permission', 'media', false],
    ['permission', 'geolocation', false],
    ['permission', 'openExternal', false],
    ['permission', 'fileSystem', false],
    ['permission', 'unknown', false],
    ['request', 'app://gatehouse/assets/editor.worker.js', true],
    ['request', 'data:font/woff2;base64,AAAA', true],
    ['request', 'blob:app://gatehouse/1234', true],
    ['request', 'devtools://devtools/bundled/x.js', true],
    ['request', 'https://evil.example/leak?d=secret', false],
    ['request', 'http://127.0.0.1:7777/v1/requests', false],
    ['request', 'ws://127.0.0.1:1/', false],
    ['request', 'file:///etc/passwd', false],
    ['request', 'app://other/x.js', false],
    ['request', 'app://u:pw@gatehouse/x.js', false],
    ['request', 'not a url', false],
  ])('%s: %s → %s', (guard, input, allowed) => {
    expect(GUARDS[guard](input)).toBe(allowed);
  });

  it('deep links stay our document', () => {
    expect(rendererUrl({ view: 'review', id: '01J/../x' })).toBe('app://gatehouse/index.html#/review/01J%2F..%2Fx');
    expect(isRendererDocument(rendererUrl({ view: 'history' }))).toBe(true);
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
