// The review window: created on demand, one at a time, with isolated/sandboxed web preferences, on the right view.
import type { BrowserWindowConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { WindowService, windowOptions, type WindowLike } from '../../main/app/window-service.js';

function fakeWindows() {
  const made: Array<{ options: BrowserWindowConstructorOptions; urls: string[]; shown: number; destroyed: boolean; fire: (e: string) => void }> = [];
  const createWindow = (options: BrowserWindowConstructorOptions): WindowLike => {
    const handlers = new Map<string, () => void>();
    const entry = { options, urls: [] as string[], shown: 0, destroyed: false, fire: (e: string) => handlers.get(e)?.() };
    made.push(entry);
    return {
      webContents: { id: 100 + made.length, isDestroyed: () => entry.destroyed, send: () => undefined },
      isDestroyed: () => entry.destroyed,
      isMinimized: () => false,
      restore: () => undefined,
      show: () => void (entry.shown += 1),
      focus: () => undefined,
      close: () => {
        entry.destroyed = true;
        handlers.get('closed')?.();
      },
      once: (event: string, l: () => void) => handlers.set(event, l),
      on: (event: string, l: () => void) => handlers.set(event, l),
      loadURL: async (url: string) => void entry.urls.push(url),
    };
  };
  return { made, createWindow };
}

describe('windowOptions', () => {
  it('isolates and sandboxes the renderer, with no Node and web security on', () => {
    const prefs = windowOptions('/app/dist/preload/preload.cjs', false).webPreferences ?? {};
    expect(prefs).toMatchObject({
      preload: '/app/dist/preload/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      devTools: false,
    });
    expect(windowOptions('/p', false).show).toBe(false);
  });
});

describe('WindowService', () => {
  it('creates no window until asked, then one window that is reused', () => {
    const w = fakeWindows();
    const service = new WindowService({ createWindow: w.createWindow, preloadPath: '/p.cjs', devTools: false, warn: () => undefined });
    expect(service.trustedWebContents().size).toBe(0);
    service.open();
    w.made[0]?.fire('ready-to-show');
    service.open({ view: 'rules' });
    service.open({ view: 'review', id: 'abc' });
    expect(w.made).toHaveLength(1);
    expect(w.made[0]?.urls).toEqual([
      'app://gatehouse/index.html',
      'app://gatehouse/index.html#/rules',
      'app://gatehouse/index.html#/review/abc',
    ]);
    expect([...service.trustedWebContents()]).toEqual([101]);
  });

  it('after the window closes, its webContents is no longer trusted and the next open creates a new one', () => {
    const w = fakeWindows();
    const service = new WindowService({ createWindow: w.createWindow, preloadPath: '/p.cjs', devTools: false, warn: () => undefined });
    service.open();
    service.close();
    expect(service.trustedWebContents().size).toBe(0);
    expect(service.eventTargets()).toEqual([]);
    service.open({ view: 'history' });
    expect(w.made).toHaveLength(2);
    expect([...service.trustedWebContents()]).toEqual([102]);
  });
});
