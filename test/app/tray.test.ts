// The tray: badge icon and tooltip per pending count, the menu, and the approve-all confirmation.
import type { MenuItemConstructorOptions } from 'electron';
import Conf from 'conf';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Route } from '../../common/routes.js';
import { SettingsService } from '../../main/app/settings-service.js';
import { settingsStoreOptions, SETTINGS_FILE, type ShellSettings } from '../../main/app/settings-schema.js';
import { findMenuItem } from '../../main/app/test-hooks.js';
import { TrayService, type TrayLike } from '../../main/app/tray-service.js';
import { APPROVE_ALL_WARNING, trayIconName, trayMenuTemplate, trayTooltip } from '../../main/app/tray-view.js';
import { startCore, type CoreHarness } from './core-harness.js';
import { pendingRecord, SECRET } from './fixtures.js';

describe('tray view', () => {
  it.each([
    [0, 'linux', 'tray-0'],
    [1, 'win32', 'tray-1'],
    [9, 'linux', 'tray-9'],
    [10, 'linux', 'tray-9plus'],
    [250, 'win32', 'tray-9plus'],
    [0, 'darwin', 'tray-0Template'],
    [3, 'darwin', 'tray-3Template'],
    [12, 'darwin', 'tray-9plusTemplate'],
  ] as const)('%i pending on %s → %s', (count, platform, name) => {
    expect(trayIconName(count, platform)).toBe(name);
  });

  it('tooltip counts requests and warns while approve-all is on', () => {
    expect(trayTooltip(0, 'interactive')).toBe('Gatehouse — no requests waiting');
    expect(trayTooltip(1, 'interactive')).toBe('Gatehouse — 1 request waiting');
    expect(trayTooltip(4, 'approve-all')).toBe(`Gatehouse — 4 requests waiting\n${APPROVE_ALL_WARNING}`);
    expect(trayTooltip(0, 'strict')).toContain('Strict');
  });

  it('lists at most ten requests, redacted and inert, each opening its review', () => {
    const opened: Route[] = [];
    const records = Array.from({ length: 12 }, (_, i) => pendingRecord({ args: { command: `echo ${i} ${SECRET}\u202e` } }));
    const settings = settingsDefaults();
    const template = trayMenuTemplate(records, 'interactive', settings, { open: (r) => opened.push(r), setMode: () => undefined, updateSettings: () => undefined, quit: () => undefined });
    const pending = template.filter((i) => i.id?.startsWith('pending:'));
    expect(pending).toHaveLength(10);
    expect(JSON.stringify(template)).not.toContain(SECRET.slice(8));
    expect(JSON.stringify(template)).not.toMatch(/\u202e/);
    expect(template.some((i) => i.label === '…and 2 more')).toBe(true);
    (pending[3]?.click as () => void)();
    expect(opened).toEqual([{ view: 'review', id: records[3]?.request.id }]);
  });
});

function settingsDefaults(): ShellSettings {
  return { notifications: true, sound: true, open_at_login: false, port: 0, theme: 'system', timeout_seconds: 300, timeout_outcome: 'no-decision' };
}

/** A fake Electron Tray recording what the service drew. */
class FakeTray implements TrayLike<string, MenuItemConstructorOptions[]> {
  image = '';
  tooltip = '';
  title = '';
  menu: MenuItemConstructorOptions[] = [];
  destroyed = false;
  setImage(image: string) {
    this.image = image;
  }
  setToolTip(text: string) {
    this.tooltip = text;
  }
  setTitle(title: string) {
    this.title = title;
  }
  setContextMenu(menu: MenuItemConstructorOptions[]) {
    this.menu = menu;
  }
  on() {
    return this;
  }
  destroy() {
    this.destroyed = true;
  }
}

describe('TrayService with a real core', () => {
  let h: CoreHarness;
  let tray: FakeTray;
  let opened: Route[];
  let confirmations: number;
  let confirmAnswer: boolean;
  let service: TrayService<string, MenuItemConstructorOptions[]>;

  beforeEach(async () => {
    h = await startCore();
    tray = new FakeTray();
    opened = [];
    confirmations = 0;
    confirmAnswer = false;
    const store = new Conf<ShellSettings>({ ...settingsStoreOptions(h.home), configName: SETTINGS_FILE });
    const settings = new SettingsService({ store, core: h.core.approver, setLoginItem: () => undefined, setTheme: () => undefined });
    service = new TrayService({
      tray,
      buildMenu: (template) => template,
      image: (name) => name,
      platform: 'darwin',
      approver: h.core.approver,
      settings,
      confirmApproveAll: async () => {
        confirmations += 1;
        return confirmAnswer;
      },
      open: (route) => opened.push(route),
      quit: () => undefined,
      warn: () => undefined,
    });
    await service.refresh();
  });
  afterEach(() => h.dispose());

  const modeChecked = () => findMenuItem(tray.menu, 'mode')?.submenu as MenuItemConstructorOptions[];
  const checkedMode = () => modeChecked().find((i) => i.checked)?.id;

  it('shows the pending count as icon, title and tooltip', async () => {
    expect(tray.image).toBe('tray-0Template');
    expect(tray.title).toBe('');
    await h.ask();
    await h.ask({ command: 'git push' });
    await service.refresh();
    expect(tray.image).toBe('tray-2Template');
    expect(tray.title).toBe('2');
    expect(tray.tooltip).toBe('Gatehouse — 2 requests waiting');
    expect(tray.menu.filter((i) => i.id?.startsWith('pending:')).map((i) => i.label)).toEqual([
      'Bash: npm publish (claude-code)',
      'Bash: git push (claude-code)',
    ]);
  });

  it('approve-all declined: the mode stays, the radio goes back, no warning', async () => {
    expect(checkedMode()).toBe('mode:interactive');
    (findMenuItem(tray.menu, 'mode:approve-all')?.click as () => void)();
    await vitestFlush();
    expect(confirmations).toBe(1);
    expect((await h.core.approver.getSettings()).mode).toBe('interactive');
    expect(checkedMode()).toBe('mode:interactive');
    expect(findMenuItem(tray.menu, 'approve-all-warning')).toBeNull();
  });

  it('approve-all confirmed: the core switches and the warning stays in tooltip and menu', async () => {
    confirmAnswer = true;
    expect(await service.setMode('approve-all')).toBe(true);
    expect((await h.core.approver.getSettings()).mode).toBe('approve-all');
    expect(checkedMode()).toBe('mode:approve-all');
    expect(tray.tooltip).toContain(APPROVE_ALL_WARNING);
    expect(findMenuItem(tray.menu, 'approve-all-warning')?.label).toBe(APPROVE_ALL_WARNING);
    // Strict needs no confirmation, and the warning goes away.
    expect(await service.setMode('strict')).toBe(true);
    expect(confirmations).toBe(1);
    expect(findMenuItem(tray.menu, 'approve-all-warning')).toBeNull();
  });

  it('menu items open history, rules, settings and a request review', async () => {
    const record = await h.ask();
    await service.refresh();
    for (const id of ['open-history', 'open-rules', 'open-settings', `pending:${record.request.id}`]) {
      (findMenuItem(tray.menu, id)?.click as () => void)();
    }
    expect(opened).toEqual([{ view: 'history' }, { view: 'rules' }, { view: 'settings' }, { view: 'review', id: record.request.id }]);
  });

  it('settings toggles persist and redraw the menu', async () => {
    (findMenuItem(tray.menu, 'notifications')?.click as () => void)();
    await vitestFlush();
    expect(findMenuItem(tray.menu, 'notifications')?.checked).toBe(false);
    const reopened = new Conf<ShellSettings>({ ...settingsStoreOptions(h.home), configName: SETTINGS_FILE });
    expect(reopened.store.notifications).toBe(false);
  });
});

/** Lets queued promise callbacks (menu clicks start async work) run to completion. */
async function vitestFlush(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
}
