// Opens settings.json with electron-store (ESM, imports electron at load: main process only).
import path from 'node:path';
import ElectronStore from 'electron-store';
import { SETTINGS_FILE, settingsStoreOptions, type ShellSettings } from './settings-schema.js';
import type { SettingsStoreLike } from './settings-service.js';

/** The persisted desktop settings in `<home>/settings.json`; throws a one-line error when the file is invalid. */
export function openSettingsStore(home: string): SettingsStoreLike {
  try {
    return new ElectronStore<ShellSettings>({ ...settingsStoreOptions(home), name: SETTINGS_FILE });
  } catch (err) {
    const reason = err instanceof Error ? err.message.split('\n', 1)[0] : String(err);
    throw new Error(`${path.join(home, `${SETTINGS_FILE}.json`)} is not valid (${reason}); fix or delete it, then start Gatehouse again`);
  }
}
