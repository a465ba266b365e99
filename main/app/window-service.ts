// The one Gatehouse window (queue, review, history, rules, settings), created on demand: the app lives in the
// tray and opens a window only when the person needs one.
import type { BrowserWindowConstructorOptions } from 'electron';
import type { Route } from '../../common/routes.js';
import { rendererUrl } from './app-url.js';

/** The part of a BrowserWindow the service uses. */
export interface WindowLike {
  readonly webContents: { readonly id: number; isDestroyed(): boolean; send(channel: string, ...args: unknown[]): void };
  isDestroyed(): boolean;
  isMinimized(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
  close(): void;
  once(event: 'ready-to-show', listener: () => void): unknown;
  on(event: 'closed', listener: () => void): unknown;
  loadURL(url: string): Promise<void>;
}

/** What the window service needs. */
export interface WindowServiceDeps {
  createWindow: (options: BrowserWindowConstructorOptions) => WindowLike;
  preloadPath: string;
  /** DevTools only in development builds. */
  devTools: boolean;
  icon?: string;
  warn: (message: string) => void;
}

/** The options of the renderer window: isolated, sandboxed, no Node, web security on (STYLE.md §5). */
export function windowOptions(preloadPath: string, devTools: boolean, icon?: string): BrowserWindowConstructorOptions {
  return {
    width: 1180,
    height: 800,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'Gatehouse',
    autoHideMenuBar: true,
    ...(icon ? { icon } : {}),
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
      devTools,
    },
  };
}

/** Creates, reuses and focuses the single renderer window. */
export class WindowService {
  private window: WindowLike | null = null;

  constructor(private readonly deps: WindowServiceDeps) {}

  /** Shows the window on `route`, creating it when there is none. */
  open(route: Route = { view: 'queue' }): WindowLike {
    const url = rendererUrl(route);
    const existing = this.live();
    if (existing) {
      // Same document, new hash: the renderer switches views without reloading.
      this.load(existing, url);
      if (existing.isMinimized()) existing.restore();
      existing.show();
      existing.focus();
      return existing;
    }
    const win = this.deps.createWindow(windowOptions(this.deps.preloadPath, this.deps.devTools, this.deps.icon));
    this.window = win;
    win.once('ready-to-show', () => {
      win.show();
      win.focus();
    });
    win.on('closed', () => {
      if (this.window === win) this.window = null;
    });
    this.load(win, url);
    return win;
  }

  /** Ids of the webContents allowed to call the IPC verbs. */
  trustedWebContents(): ReadonlySet<number> {
    const win = this.live();
    return new Set(win && !win.webContents.isDestroyed() ? [win.webContents.id] : []);
  }

  /** The renderers that receive pushed events. */
  eventTargets(): Array<WindowLike['webContents']> {
    const win = this.live();
    return win ? [win.webContents] : [];
  }

  /** Closes the window (quit). */
  close(): void {
    this.live()?.close();
    this.window = null;
  }

  private live(): WindowLike | null {
    return this.window && !this.window.isDestroyed() ? this.window : null;
  }

  private load(win: WindowLike, url: string): void {
    win.loadURL(url).catch((err: unknown) => this.deps.warn(`could not load ${url}: ${err instanceof Error ? err.message : String(err)}`));
  }
}
