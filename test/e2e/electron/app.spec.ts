// The desktop app under Playwright's `_electron`: starts hidden in the tray, the tray menu follows the queue,
// a notification click opens the review, and the window runs isolated and sandboxed. Runs where an Electron
// binary (and the Electron build of better-sqlite3 that `npm start` makes) exists; skips clearly elsewhere.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';
import { API_VERBS } from '../../../common/api.js';
import type { TestHooks } from '../../../main/app/test-hooks.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const ELECTRON_DIR = path.join(ROOT, 'node_modules/electron');
const ELECTRON_VERSION = (JSON.parse(readFileSync(path.join(ELECTRON_DIR, 'package.json'), 'utf8')) as { version: string }).version;
const SQLITE_BINDING = path.join(ROOT, '.electron-native', ELECTRON_VERSION, 'better_sqlite3.node');

/** The Electron executable if it is installed; never triggers Electron's first-run download. */
function electronBinary(): string | null {
  let relative: string | null = null;
  try {
    relative = readFileSync(path.join(ELECTRON_DIR, 'path.txt'), 'utf8');
  } catch {
    // Not installed (ELECTRON_SKIP_BINARY_DOWNLOAD, or never started).
  }
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const full = override ? path.join(override, relative ?? 'electron') : relative ? path.join(ELECTRON_DIR, 'dist', relative) : null;
  return full && existsSync(full) ? full : null;
}

const binary = electronBinary();
const skipReason = !binary
  ? 'Electron binary not installed here (ELECTRON_SKIP_BINARY_DOWNLOAD); _electron suite skipped'
  : !existsSync(SQLITE_BINDING)
    ? `better-sqlite3 for Electron ${ELECTRON_VERSION} not built (run \`npm start\` once); _electron suite skipped`
    : null;
if (skipReason) console.log(skipReason);
test.skip(skipReason !== null, skipReason ?? '');

/** The main process's test hooks (main/app/test-hooks.ts), as seen from inside `app.evaluate`. */
type WithHooks = { __gatehouseTest: TestHooks };

let app: ElectronApplication;
let home: string;
let workspace: string;

test.beforeEach(async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'gatehouse-electron-'));
  home = path.join(root, 'home');
  workspace = path.join(root, 'workspace');
  mkdirSync(workspace);
  app = await electron.launch({
    executablePath: binary ?? undefined,
    args: [ROOT],
    // Spread process.env, or DISPLAY (and everything else Electron needs) is lost.
    env: { ...process.env, GATEHOUSE_HOME: home, GATEHOUSE_TEST_HOOKS: '1', GATEHOUSE_SQLITE_BINDING: SQLITE_BINDING },
  });
  // The ES module entry may still be loading when Electron reports ready: wait for the hooks, then for startup.
  await expect.poll(() => app.evaluate(() => '__gatehouseTest' in globalThis)).toBe(true);
  await app.evaluate(() => (globalThis as unknown as WithHooks).__gatehouseTest.ready);
});

test.afterEach(async () => {
  await app.close();
  rmSync(path.dirname(home), { recursive: true, force: true });
});

/** Submits a request as an agent would (agent token from endpoint.json); it stays pending. */
async function submit(command: string): Promise<string> {
  const endpoint = JSON.parse(readFileSync(path.join(home, 'endpoint.json'), 'utf8')) as { url: string; token: string };
  const res = await fetch(`${endpoint.url}/v1/requests`, {
    method: 'POST',
    headers: { authorization: `Bearer ${endpoint.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ tool_name: 'Bash', args: { command }, agent: 'claude-code', session_id: 'e2e', cwd: workspace }),
  });
  const body = (await res.json()) as { id: string; status: string };
  expect(body.status).toBe('pending');
  return body.id;
}

test('starts hidden in the tray and publishes its endpoint for agents', async () => {
  expect(app.windows()).toHaveLength(0);
  const file = path.join(home, 'endpoint.json');
  if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
  const endpoint = JSON.parse(readFileSync(file, 'utf8')) as { url: string; token: string; pid: number };
  expect(endpoint.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(await app.evaluate(() => (globalThis as unknown as WithHooks).__gatehouseTest.trayTooltip())).toBe('Gatehouse — no requests waiting');
});

test('the tray menu lists a pending request and the mode; approve-all needs confirmation', async () => {
  await submit('npm publish');
  await expect.poll(() => app.evaluate(() => JSON.stringify((globalThis as unknown as WithHooks).__gatehouseTest.trayMenu()))).toContain('Bash: npm publish (claude-code)');
  expect(await app.evaluate(() => (globalThis as unknown as WithHooks).__gatehouseTest.trayTooltip())).toBe('Gatehouse — 1 request waiting');

  await app.evaluate(() => {
    const h = (globalThis as unknown as WithHooks).__gatehouseTest;
    h.answerNextConfirmation(false);
    h.clickTrayItem('mode:approve-all');
  });
  await expect.poll(() => app.evaluate(() => JSON.stringify((globalThis as unknown as WithHooks).__gatehouseTest.trayMenu()))).toContain('"id":"mode:interactive","label":"Ask me (interactive)","type":"radio","checked":true');

  await app.evaluate(() => {
    const h = (globalThis as unknown as WithHooks).__gatehouseTest;
    h.answerNextConfirmation(true);
    h.clickTrayItem('mode:approve-all');
  });
  await expect.poll(() => app.evaluate(() => (globalThis as unknown as WithHooks).__gatehouseTest.trayTooltip())).toContain('Approve-all is ON');
});

test('a notification click opens the review of that request, in an isolated sandboxed window', async () => {
  const id = await submit('git push --force');
  await expect.poll(() => app.evaluate(() => (globalThis as unknown as WithHooks).__gatehouseTest.notifications().map((n) => n.requestId))).toContain(id);
  await app.evaluate((_electron, requestId) => (globalThis as unknown as WithHooks).__gatehouseTest.clickNotification(requestId), id);

  const win = await app.firstWindow();
  await expect(win).toHaveURL(new RegExp(`^app://gatehouse/index\\.html#/review/${id}$`));
  await win.waitForSelector('[data-app-state="ready"]');

  const prefs = await app.evaluate(() => (globalThis as unknown as WithHooks).__gatehouseTest.windowPreferences());
  expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true });

  const page = await win.evaluate(async () => {
    const api = (window as unknown as { gatehouse: Record<string, unknown> }).gatehouse;
    const listed = (await (api.listPending as () => Promise<{ ok: boolean; value: unknown[] }>)()).value.length;
    return {
      require: typeof (globalThis as { require?: unknown }).require,
      process: typeof (globalThis as { process?: unknown }).process,
      keys: Object.keys(api).sort(),
      popup: window.open('https://example.com/') === null,
      listed,
    };
  });
  expect(page).toEqual({ require: 'undefined', process: 'undefined', keys: [...API_VERBS, 'exportAudit', 'subscribe'].sort(), popup: true, listed: 1 });

  await win.evaluate(() => {
    window.location.href = 'https://example.com/';
  });
  await expect(win).toHaveURL(new RegExp(`#/review/${id}$`));
});
