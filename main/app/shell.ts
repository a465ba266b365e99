// Wires the running core to the desktop: agents' HTTP endpoint, tray, notifications, window, settings, IPC.
// Called by main.ts once Electron is ready; returns the shutdown that quitting runs.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { homedir } from 'node:os';
import type { BrowserWindowConstructorOptions } from 'electron';
import { app, BrowserWindow as ElectronWindow, dialog, ipcMain, Menu, nativeImage, nativeTheme, Notification as ElectronNotification, Tray } from 'electron';
import { findNodeOnPath } from '../core/agents/node-path.js';
import { createCore } from '../core/core.js';
import { publishEndpoint, withdrawEndpoint } from '../core/endpoint/publish.js';
import { warmUpPolicy } from '../core/policy/warm-up.js';
import { startServer } from '../core/server/server.js';
import { createAuditExport } from './export-service.js';
import { forwardEvents, IpcService } from './ipc-service.js';
import { NotificationService } from './notification-service.js';
import { SettingsService } from './settings-service.js';
import { openSettingsStore } from './settings-store.js';
import { findMenuItem, menuView, type ShownNotification, type TestHooks } from './test-hooks.js';
import { TrayService } from './tray-service.js';
import { APPROVE_ALL_CONFIRMATION, trayIconName } from './tray-view.js';
import { WindowService } from './window-service.js';

/** Where the shell finds its files and data. */
export interface ShellOptions {
  home: string;
  /** Electron-ABI better_sqlite3.node (dev: built by scripts/start.mjs); undefined in a packaged app. */
  nativeBinding: string | undefined;
  preloadPath: string;
  trayIconDir: string;
  appIcon: string;
  devTools: boolean;
  /** Set in the e2e suite: the shell fills them in. */
  testHooks: Partial<TestHooks> | null;
  warn: (message: string) => void;
}

/** A running shell. */
export interface Shell {
  windows: WindowService;
  shutdown(): Promise<void>;
}

/** Starts core, HTTP endpoint and desktop services. Throws (with the core closed again) if any part cannot start. */
export async function startShell(opts: ShellOptions): Promise<Shell> {
  const { home, warn, testHooks } = opts;
  const store = openSettingsStore(home);
  const core = await createCore({ home, ...(opts.nativeBinding ? { nativeBinding: opts.nativeBinding } : {}), logger: warn, hookNode: findNodeOnPath(process.env) });
  const cleanups: Array<() => unknown> = [() => core.close()];
  const shutdown = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (err) {
        warn(`shutdown: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  };
  try {
    const settings = new SettingsService({
      store,
      core: core.approver,
      setLoginItem: (s) => app.setLoginItemSettings(s),
      setTheme: (theme) => {
        nativeTheme.themeSource = theme;
      },
    });
    await settings.start();

    // Agents reach the core over HTTP with the agent token from endpoint.json; the person uses IPC (no approver token).
    const agentToken = randomBytes(32).toString('base64url');
    const server = await startServer(core, { port: settings.get().port, agentToken });
    // Runs last: core.close() first answers every waiting agent "no decision", then the server drains.
    cleanups.unshift(() => server.close());
    publishEndpoint(home, server.endpoint);
    void warmUpPolicy(homedir(), home);
    cleanups.push(() => withdrawEndpoint(home));

    let lastOptions: BrowserWindowConstructorOptions | null = null;
    const windows = new WindowService({
      createWindow: (options) => {
        lastOptions = options;
        return new ElectronWindow(options);
      },
      preloadPath: opts.preloadPath,
      devTools: opts.devTools,
      icon: opts.appIcon,
      warn,
    });
    cleanups.push(() => windows.close());

    const shown: ShownNotification[] = [];
    const notifications = new NotificationService({
      create: (options, requestId) => {
        const notification = new ElectronNotification(options);
        if (testHooks) shown.push({ requestId, ...options, click: () => notification.emit('click') });
        return notification;
      },
      isSupported: () => testHooks !== null || ElectronNotification.isSupported(),
      prefs: () => settings.get(),
      open: (route) => windows.open(route),
    });
    cleanups.push(() => notifications.dispose());

    let confirmAnswer: boolean | null = null;
    const tray = new TrayService({
      tray: new Tray(nativeImage.createFromPath(path.join(opts.trayIconDir, `${trayIconName(0, process.platform)}.png`))),
      buildMenu: (template) => Menu.buildFromTemplate(template),
      image: (name) => nativeImage.createFromPath(path.join(opts.trayIconDir, `${name}.png`)),
      platform: process.platform,
      approver: core.approver,
      settings,
      confirmApproveAll: async () => {
        if (confirmAnswer !== null) {
          const answer = confirmAnswer;
          confirmAnswer = null;
          return answer;
        }
        return (await dialog.showMessageBox(APPROVE_ALL_CONFIRMATION)).response === 1;
      },
      open: (route) => windows.open(route),
      quit: () => app.quit(),
      warn,
    });
    cleanups.push(() => tray.destroy());

    const ipc = new IpcService({
      ipcMain,
      approver: core.approver,
      trustedWebContents: () => windows.trustedWebContents(),
      exportAudit: createAuditExport({
        showSaveDialog: (options) => dialog.showSaveDialog(options),
        exporter: (filter, format, out) => core.exportAudit(filter, format, out),
      }),
      warn,
    });
    ipc.register();
    cleanups.push(() => ipc.dispose());
    cleanups.push(forwardEvents(core.events, () => windows.eventTargets()));
    cleanups.push(
      core.events.subscribeAll((event) => {
        if (event.type === 'request_pending') notifications.notifyPending(event.record);
        if (event.type === 'request_decided') notifications.retire(event.record.request.id);
        if (event.type === 'settings_changed') settings.mirrorCore(event.settings);
        if (event.type !== 'rule_changed') void tray.refresh();
      }),
    );
    cleanups.push(settings.onChange(() => tray.render()));
    await tray.refresh();

    if (testHooks) {
      Object.assign(testHooks, {
        trayMenu: () => menuView(tray.template),
        trayTooltip: () => tray.tooltip,
        clickTrayItem: (id: string) => {
          const item = findMenuItem(tray.template, id);
          if (!item?.click) throw new Error(`no clickable tray item ${id}`);
          (item.click as () => void)();
        },
        notifications: () => shown.map(({ click: _click, ...rest }) => rest),
        clickNotification: (requestId: string) => {
          const found = shown.find((n) => n.requestId === requestId);
          if (!found) throw new Error(`no notification for ${requestId}`);
          found.click();
        },
        answerNextConfirmation: (answer: boolean) => {
          confirmAnswer = answer;
        },
        windowPreferences: () => (windows.eventTargets().length > 0 ? { ...lastOptions?.webPreferences } : null),
      } satisfies Omit<TestHooks, 'ready'>);
    }
    return { windows, shutdown };
  } catch (err) {
    await shutdown();
    throw err;
  }
}
