// The desktop app's own settings (settings.json in GATEHOUSE_HOME, via electron-store / conf), with the JSON
// schema that conf validates every write and every load against. No electron import: tests use `conf` directly.
import type { TimeoutOutcome } from '../../common/domain.js';

/** Colour scheme of the window (Electron's nativeTheme.themeSource). */
export type Theme = 'system' | 'light' | 'dark';

/** Settings of the desktop shell; the two timeout keys mirror the core's settings (the core is the source of truth). */
export interface ShellSettings {
  /** One native notification per new pending request. */
  notifications: boolean;
  /** Notifications make a sound. */
  sound: boolean;
  /** Start Gatehouse when the person logs in. */
  open_at_login: boolean;
  /** Port of the agents' HTTP endpoint on 127.0.0.1; 0 picks a free one (agents find it in endpoint.json). */
  port: number;
  theme: Theme;
  timeout_seconds: number;
  timeout_outcome: TimeoutOutcome;
}

/** Defaults for a first start. */
export const SHELL_DEFAULTS: ShellSettings = {
  notifications: true,
  sound: true,
  open_at_login: false,
  port: 0,
  theme: 'system',
  timeout_seconds: 300,
  timeout_outcome: 'no-decision',
};

/** conf's per-key JSON schema: a hand-edited settings.json with a wrong type is refused with the key's name. */
export const SHELL_SCHEMA = {
  notifications: { type: 'boolean' },
  sound: { type: 'boolean' },
  open_at_login: { type: 'boolean' },
  port: { type: 'integer', minimum: 0, maximum: 65535 },
  theme: { type: 'string', enum: ['system', 'light', 'dark'] },
  timeout_seconds: { type: 'integer', minimum: 0 },
  timeout_outcome: { type: 'string', enum: ['deny', 'no-decision'] },
} as const;

/** Base name of the settings file in GATEHOUSE_HOME (electron-store's `name`, conf's `configName`). */
export const SETTINGS_FILE = 'settings';

/** Options shared by the real electron-store and the tests' conf instance. */
export function settingsStoreOptions(home: string) {
  return {
    cwd: home,
    defaults: SHELL_DEFAULTS,
    schema: SHELL_SCHEMA,
    rootSchema: { additionalProperties: false },
    clearInvalidConfig: false,
  };
}
