// Desktop settings: persisted in <home>/settings.json (conf, the base of electron-store), validated, applied to
// the system, and kept in step with the core's timeout settings.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Conf from 'conf';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SHELL_DEFAULTS, settingsStoreOptions, SETTINGS_FILE, type ShellSettings, type Theme } from '../../main/app/settings-schema.js';
import { SettingsService } from '../../main/app/settings-service.js';
import { startCore, type CoreHarness } from './core-harness.js';

describe('SettingsService', () => {
  let h: CoreHarness;
  let loginItems: Array<{ openAtLogin: boolean }>;
  let themes: Theme[];
  const open = () => new Conf<ShellSettings>({ ...settingsStoreOptions(h.home), configName: SETTINGS_FILE });
  const service = () =>
    new SettingsService({ store: open(), core: h.core.approver, setLoginItem: (s) => loginItems.push(s), setTheme: (t) => themes.push(t) });

  beforeEach(async () => {
    h = await startCore();
    loginItems = [];
    themes = [];
  });
  afterEach(() => h.dispose());

  it('starts from defaults and applies login item and theme', async () => {
    const s = service();
    await s.start();
    expect(s.get()).toEqual(SHELL_DEFAULTS);
    expect(loginItems.at(-1)).toEqual({ openAtLogin: false });
    expect(themes.at(-1)).toBe('system');
  });

  it('persists changes to settings.json and applies them', async () => {
    const s = service();
    await s.start();
    await s.update({ open_at_login: true, theme: 'dark', sound: false, port: 47100 });
    expect(loginItems.at(-1)).toEqual({ openAtLogin: true });
    expect(themes.at(-1)).toBe('dark');
    const file = JSON.parse(readFileSync(path.join(h.home, 'settings.json'), 'utf8')) as ShellSettings;
    expect(file).toMatchObject({ open_at_login: true, theme: 'dark', sound: false, port: 47100 });
    expect(service().get()).toMatchObject({ open_at_login: true, theme: 'dark', sound: false, port: 47100 });
  });

  it('sends timeout settings to the core, and refuses what the core refuses without saving it', async () => {
    const s = service();
    await s.start();
    await s.update({ timeout_seconds: 60, timeout_outcome: 'deny' });
    expect(await h.core.approver.getSettings()).toMatchObject({ timeout_seconds: 60, timeout_outcome: 'deny' });
    await expect(s.update({ timeout_seconds: -5 })).rejects.toThrow();
    expect(s.get().timeout_seconds).toBe(60);
  });

  it('mirrors the core: a change made in the window (or CLI) lands in settings.json', async () => {
    await h.core.approver.updateSettings({ timeout_seconds: 90 });
    const s = service();
    await s.start();
    expect(s.get().timeout_seconds).toBe(90);
    const seen: number[] = [];
    s.onChange((next) => seen.push(next.timeout_seconds));
    s.mirrorCore(await h.core.approver.updateSettings({ timeout_seconds: 120 }));
    expect(open().store.timeout_seconds).toBe(120);
    expect(seen).toEqual([120]);
  });

  it('refuses values of the wrong shape (schema), keeping the file intact', async () => {
    const s = service();
    await s.start();
    await expect(s.update({ port: 70000 })).rejects.toThrow(/port/);
    await expect(s.update({ theme: 'neon' as Theme })).rejects.toThrow(/theme/);
    expect(open().store.port).toBe(0);
  });

  it('a hand-edited settings.json with a wrong type is refused with the key named', () => {
    writeFileSync(path.join(h.home, 'settings.json'), JSON.stringify({ ...SHELL_DEFAULTS, notifications: 'yes' }));
    expect(() => open()).toThrow(/notifications/);
  });
});
