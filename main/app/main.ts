// Electron entry (package.json "main" → dist/main/app/main.js): one instance, tray only, no window until the
// person needs one. The core runs in-process; agents reach it over HTTP on 127.0.0.1.
import path from 'node:path';
import { app, dialog, protocol, session } from 'electron';
import { resolveHome } from '../core/store/home.js';
import { createAppProtocolHandler } from './app-protocol.js';
import { APP_SCHEME } from './app-url.js';
import { startShell, type Shell } from './shell.js';
import { explainStartupError } from './startup-error.js';
import { testHooksEnabled, type TestHooks } from './test-hooks.js';
import { guardWebContents, hardenSession } from './web-contents-guard.js';

const warn = (message: string) => console.warn(`gatehouse: ${message}`);
const testHooks: Partial<TestHooks> | null = testHooksEnabled(process.env, app.isPackaged) ? {} : null;

// Before `ready`: app:// behaves like https (standard origin, secure context, fetch, module workers).
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: false, stream: true } },
]);
app.setAppUserModelId('dev.gatehouse.app');
app.setName('Gatehouse');

// The e2e suite runs instances side by side, each with its own GATEHOUSE_HOME.
const primary = testHooks !== null || app.requestSingleInstanceLock();
if (!primary) app.quit();

let shell: Shell | null = null;
let stopped = false;

// Every webContents (windows, devtools, anything later) gets the navigation/popup/webview guard.
app.on('web-contents-created', (_event, contents) => guardWebContents(contents, warn));
// A tray app keeps running with no window open.
app.on('window-all-closed', () => undefined);
app.on('second-instance', () => shell?.windows.open());
app.on('activate', () => shell?.windows.open());
app.on('before-quit', (event) => {
  if (stopped || !shell) return;
  event.preventDefault();
  const running = shell;
  shell = null;
  void running.shutdown().finally(() => {
    stopped = true;
    app.quit();
  });
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.quit());

async function start(): Promise<void> {
  const root = app.getAppPath();
  hardenSession(session.defaultSession, warn);
  protocol.handle(APP_SCHEME, createAppProtocolHandler(path.join(root, 'dist/renderer')));
  if (process.platform === 'darwin') app.dock?.hide();
  shell = await startShell({
    home: resolveHome(process.env),
    // A packaged app ships its own rebuilt module; only a development start may point elsewhere.
    nativeBinding: app.isPackaged ? undefined : process.env.GATEHOUSE_SQLITE_BINDING || undefined,
    preloadPath: path.join(root, 'dist/preload/preload.cjs'),
    trayIconDir: app.isPackaged ? path.join(process.resourcesPath, 'tray') : path.join(root, 'resources/tray'),
    appIcon: path.join(root, 'resources/icon.png'),
    devTools: !app.isPackaged,
    testHooks,
    warn,
  });
}

if (primary) {
  const ready = app.whenReady().then(start);
  if (testHooks) {
    testHooks.ready = ready;
    Object.assign(globalThis, { __gatehouseTest: testHooks });
  }
  ready.catch((err: unknown) => {
    dialog.showErrorBox('Gatehouse could not start', explainStartupError(err, app.isPackaged));
    app.exit(1);
  });
}
