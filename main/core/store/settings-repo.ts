// Core settings as key/value JSON rows over the defaults of CoreSettings.
import type Database from 'better-sqlite3';
import type { CoreSettings, Mode, TimeoutOutcome } from '../../../common/domain.js';
import { integer, oneOf } from './input.js';
import { StoreInputError } from './types.js';

/** What a fresh install does: ask the person, wait 5 minutes, then let the agent fall back to its own prompt. */
export const DEFAULT_SETTINGS: Readonly<CoreSettings> = Object.freeze({
  mode: 'interactive',
  timeout_seconds: 300,
  timeout_outcome: 'no-decision',
  session_ttl_seconds: 0,
  retention_days: null,
  retention_max_entries: null,
  snapshot_retention_days: 30,
  snapshot_max_mb: 2048,
  contain_unvouched: false,
});

const MODES: readonly Mode[] = ['interactive', 'approve-all', 'strict'];
const OUTCOMES: readonly TimeoutOutcome[] = ['deny', 'no-decision'];
const DAY_LIMIT = 36_500;

const nullable = (check: (v: unknown) => number) => (v: unknown) => (v === null ? null : check(v));
const VALIDATORS: { [K in keyof CoreSettings]: (v: unknown) => CoreSettings[K] } = {
  mode: (v) => oneOf(v, MODES, 'mode'),
  timeout_seconds: (v) => integer(v, 'timeout_seconds', 0, 86_400 * 7),
  timeout_outcome: (v) => oneOf(v, OUTCOMES, 'timeout_outcome'),
  session_ttl_seconds: (v) => integer(v, 'session_ttl_seconds', 0),
  retention_days: nullable((v) => integer(v, 'retention_days', 1, DAY_LIMIT)),
  retention_max_entries: nullable((v) => integer(v, 'retention_max_entries', 1)),
  snapshot_retention_days: (v) => integer(v, 'snapshot_retention_days', 1, DAY_LIMIT),
  snapshot_max_mb: (v) => integer(v, 'snapshot_max_mb', 1, 1_048_576),
  contain_unvouched: (v) => {
    if (typeof v !== 'boolean') throw new StoreInputError('contain_unvouched must be true or false');
    return v;
  },
};

/** The settings part of the store, bound to one connection. */
export function settingsRepo(db: Database.Database) {
  const all = db.prepare<[], { key: string; value_json: string }>('SELECT key, value_json FROM settings');
  const upsert = db.prepare<[string, string]>(
    'INSERT INTO settings (key, value_json) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value_json = excluded.value_json',
  );

  const getSettings = (): CoreSettings => {
    const settings: CoreSettings = { ...DEFAULT_SETTINGS };
    for (const { key, value_json } of all.all()) {
      if (!(key in VALIDATORS)) continue;
      const name = key as keyof CoreSettings;
      try {
        // A hand-edited or stale value falls back to the default instead of breaking startup.
        (settings as unknown as Record<string, unknown>)[name] = VALIDATORS[name](JSON.parse(value_json));
      } catch {
        continue;
      }
    }
    return settings;
  };

  return {
    getSettings,
    updateSettings(patch: Partial<CoreSettings>): CoreSettings {
      if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) throw new StoreInputError('settings must be a JSON object');
      const entries = Object.entries(patch).map(([key, value]) => {
        if (!(key in VALIDATORS)) throw new StoreInputError(`unknown setting ${JSON.stringify(key)}`);
        return [key, VALIDATORS[key as keyof CoreSettings](value)] as const;
      });
      db.transaction(() => {
        for (const [key, value] of entries) upsert.run(key, JSON.stringify(value));
      })();
      return getSettings();
    },
  };
}
