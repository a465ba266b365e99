// The whole desktop shell wired to a real core, a real HTTP server and a real settings file, under plain Node:
// only the Electron module is replaced by fakes (it cannot run here). Covers what main.ts hands to Electron.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_VERBS } from '../../common/api.js';
import { invokeChannel } from '../../common/ipc.js';
import type { TestHooks } from '../../main/app/test-hooks.js';

/** Everything the fake Electron records, reset per test. */
const fake = vi.hoisted(() => ({
  windows: [] as Array<{ options: Record<string, unknown>; urls: string[]; webContents: { id: number; sent: unknown[][] } }>,
  trays: [] as Array<{ images: string[]; tooltip: string; destroyed: boolean }>,
  notifications: [] as Array<{ options: { title: string; body: string; silent: boolean }; shown: boolean }>,
  handlers: new Map<string, (event: unknown, ...args: unknown[]) => Promise<unknown>>(),
  loginItems: [] as unknown[],
  quits: 0,
}));

vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  let nextId = 1;
  class BrowserWindow extends Emitter {
    webContents: { id: number; sent: unknown[][]; mainFrame: unknown; isDestroyed(): boolean; send(...a: unknown[]): void };
    private destroyed = false;
    private readonly record: (typeof fake.windows)[number];
    constructor(options: Record<string, unknown>) {
      super();
      const id = nextId++;
      const sent: unknown[][] = [];
      this.webContents = {
        id,
        sent,
        mainFrame: { url: 'app://gatehouse/index.html', parent: null, processId: 1, routingId: id },
        isDestroyed: () => this.destroyed,
        send: (...a: unknown[]) => void sent.push(a),
      };
      this.record = { options, urls: [], webContents: this.webContents };
      fake.windows.push(this.record);
    }
    async loadURL(url: string) {
      this.record.urls.push(url);
      (this.webContents.mainFrame as { url: string }).url = url;
    }
    isDestroyed = () => this.destroyed;
    isMinimized = () => false;
    restore = () => undefined;
    show = () => undefined;
    focus = () => undefined;
    close = () => {
      this.destroyed = true;
      this.emit('closed');
    };
  }
  class Tray {
    record = { images: [] as string[], tooltip: '', destroyed: false };
    constructor(image: { path: string }) {
      this.record.images.push(image.path);
      fake.trays.push(this.record);
    }
    setImage = (image: { path: string }) => void this.record.images.push(image.path);
    setToolTip = (t: string) => void (this.record.tooltip = t);
    setTitle = () => undefined;
    setContextMenu = () => undefined;
    on = () => this;
    destroy = () => void (this.record.destroyed = true);
  }
  class Notification extends Emitter {
    record: (typeof fake.notifications)[number];
    constructor(options: { title: string; body: string; silent: boolean }) {
      super();
      this.record = { options, shown: false };
      fake.notifications.push(this.record);
    }
    static isSupported = () => true;
    show = () => void (this.record.shown = true);
    close = () => undefined;
  }
  const app = {
    setLoginItemSettings: (s: unknown) => void fake.loginItems.push(s),
    quit: () => void (fake.quits += 1),
    getPath: () => os.tmpdir(),
    getVersion: () => '0.0.0-test',
  };
  const ipcMain = {
    handle: (channel: string, fn: (event: unknown, ...args: unknown[]) => Promise<unknown>) => void fake.handlers.set(channel, fn),
    removeHandler: (channel: string) => void fake.handlers.delete(channel),
    on: () => undefined,
  };
  const electron = {
    app,
    ipcMain,
    BrowserWindow,
    Tray,
    Notification,
    Menu: { buildFromTemplate: (t: unknown) => t },
    nativeImage: { createFromPath: (p: string) => ({ path: path.basename(p) }) },
    nativeTheme: { themeSource: 'system' },
    dialog: { showMessageBox: async () => ({ response: 0 }), showSaveDialog: async () => ({ canceled: true }) },
  };
  return { ...electron, default: electron };
});

// electron-store is conf plus Electron's default paths; with an absolute cwd it is conf under another option name.
vi.mock('electron-store', async () => {
  const { default: Conf } = await import('conf');
  return {
    default: class extends Conf<Record<string, unknown>> {
      constructor({ name, ...options }: { name: string; cwd: string }) {
        super({ ...options, configName: name });
      }
    },
  };
});

const { startShell } = await import('../../main/app/shell.js');

describe('startShell', () => {
  let root: string;
  let home: string;
  let hooks: Partial<TestHooks>;
  let shutdown: () => Promise<void>;

  beforeEach(async () => {
    fake.windows.length = 0;
    fake.trays.length = 0;
    fake.notifications.length = 0;
    fake.handlers.clear();
    root = mkdtempSync(path.join(os.tmpdir(), 'gatehouse-shell-'));
    home = path.join(root, 'home');
    mkdirSync(path.join(root, 'workspace'));
    hooks = {};
    const shell = await startShell({
      home,
      nativeBinding: undefined,
      preloadPath: '/app/dist/preload/preload.cjs',
      trayIconDir: '/app/resources/tray',
      appIcon: '/app/resources/icon.png',
      devTools: false,
      testHooks: hooks,
      warn: () => undefined,
    });
    shutdown = shell.shutdown;
  });
  afterEach(async () => {
    await shutdown();
    rmSync(root, { recursive: true, force: true });
  });

  const endpoint = () => JSON.parse(readFileSync(path.join(home, 'endpoint.json'), 'utf8')) as { url: string; token: string; pid: number };
  const submit = async (command: string) => {
    const { url, token } = endpoint();
    const res = await fetch(`${url}/v1/requests`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tool_name: 'Bash', args: { command }, agent: 'claude-code', session_id: 's', cwd: path.join(root, 'workspace') }),
    });
    return (await res.json()) as { id: string; status: string };
  };
  const settle = async () => {
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
  };

  it('starts with no window, a tray at zero, IPC for every verb, settings.json and endpoint.json (0600)', () => {
    expect(fake.windows).toHaveLength(0);
    expect(fake.trays[0]?.images.at(-1)).toBe('tray-0.png');
    expect([...fake.handlers.keys()].sort()).toEqual([...API_VERBS, 'exportAudit' as const].map((v) => invokeChannel(v)).sort());
    expect(existsSync(path.join(home, 'settings.json'))).toBe(true);
    expect(endpoint()).toMatchObject({ url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/), pid: process.pid });
    if (process.platform !== 'win32') expect(statSync(path.join(home, 'endpoint.json')).mode & 0o777).toBe(0o600);
    expect(fake.loginItems.at(-1)).toEqual({ openAtLogin: false });
  });

  it('an agent request badges the tray, notifies, and the notification opens its review in a sandboxed window', async () => {
    const { id, status } = await submit('npm publish');
    expect(status).toBe('pending');
    await settle();
    expect(fake.trays[0]?.images.at(-1)).toBe('tray-1.png');
    expect(hooks.trayTooltip?.()).toBe('Gatehouse — 1 request waiting');
    expect(fake.notifications.map((n) => [n.options.title, n.options.body, n.shown])).toEqual([['claude-code asks to use Bash', 'npm publish', true]]);

    hooks.clickNotification?.(id);
    expect(fake.windows).toHaveLength(1);
    expect(fake.windows[0]?.urls).toEqual([`app://gatehouse/index.html#/review/${id}`]);
    expect(fake.windows[0]?.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
    expect(hooks.windowPreferences?.()).toMatchObject({ sandbox: true, preload: '/app/dist/preload/preload.cjs' });

    // The window's renderer decides over IPC; the agent's request ends, the tray goes back to zero.
    const wc = fake.windows[0]!.webContents as unknown as { mainFrame: unknown };
    const decide = fake.handlers.get(invokeChannel('decide'))!;
    expect(await decide({ sender: wc, senderFrame: wc.mainFrame }, id, { approved: true })).toMatchObject({ ok: true, value: { status: 'approved' } });
    await settle();
    expect(fake.trays[0]?.images.at(-1)).toBe('tray-0.png');
    expect(fake.windows[0]?.webContents.sent.map((m) => (m[1] as { type: string }).type)).toContain('request_decided');
  });

  it('refuses IPC from a webContents it did not create', async () => {
    const { id } = await submit('git push');
    const stranger = { id: 999, mainFrame: { url: 'app://gatehouse/index.html', parent: null, processId: 9, routingId: 9 } };
    const decide = fake.handlers.get(invokeChannel('decide'))!;
    expect(await decide({ sender: stranger, senderFrame: stranger.mainFrame }, id, { approved: true })).toMatchObject({ ok: false });
  });

  it('the approve-all item asks first; declining leaves the mode as it was', async () => {
    hooks.answerNextConfirmation?.(false);
    hooks.clickTrayItem?.('mode:approve-all');
    await settle();
    expect(hooks.trayTooltip?.()).not.toContain('Approve-all');
    hooks.answerNextConfirmation?.(true);
    hooks.clickTrayItem?.('mode:approve-all');
    await settle();
    expect(hooks.trayTooltip?.()).toContain('Approve-all is ON');
  });

  it('shutdown answers waiting agents, stops the server, removes endpoint.json and the tray', async () => {
    const { url, token } = endpoint();
    const waiting = fetch(`${url}/v1/requests?wait=30`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tool_name: 'Bash', args: { command: 'make deploy' }, cwd: path.join(root, 'workspace') }),
    }).then((r) => r.json() as Promise<{ status: string }>);
    await settle();
    await shutdown();
    expect((await waiting).status).toBe('cancelled');
    expect(existsSync(path.join(home, 'endpoint.json'))).toBe(false);
    expect(fake.trays[0]?.destroyed).toBe(true);
    expect(fake.handlers.size).toBe(0);
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });
});
