// Keeps the desktop settings: persists them (electron-store), applies them to the system (login item, theme),
// and keeps the core's timeout settings and the settings file in step, whichever side changed them.
import type { CoreSettings } from '../../common/domain.js';
import type { Approver } from './core-port.js';
import type { ShellSettings, Theme } from './settings-schema.js';

/** The part of conf / electron-store the service uses. */
export interface SettingsStoreLike {
  readonly store: ShellSettings;
  set(patch: Partial<ShellSettings>): void;
}

/** What the service is wired to. */
export interface SettingsServiceDeps {
  store: SettingsStoreLike;
  core: Pick<Approver, 'getSettings' | 'updateSettings'>;
  /** `app.setLoginItemSettings`. */
  setLoginItem: (settings: { openAtLogin: boolean }) => void;
  /** Sets `nativeTheme.themeSource`. */
  setTheme: (theme: Theme) => void;
}

const CORE_KEYS = ['timeout_seconds', 'timeout_outcome'] as const;

/** Reads, changes and applies the desktop settings. */
export class SettingsService {
  private readonly listeners = new Set<(settings: ShellSettings) => void>();

  constructor(private readonly deps: SettingsServiceDeps) {}

  /** Current settings (a copy). */
  get(): ShellSettings {
    return { ...this.deps.store.store };
  }

  /** At startup: take the core's timeout settings (the database is shared with the CLI) and apply the rest. */
  async start(): Promise<void> {
    this.mirrorCore(await this.deps.core.getSettings());
    this.applyToSystem();
  }

  /** Changes settings; timeout keys go to the core first, so a value the core refuses is not saved either. */
  async update(patch: Partial<ShellSettings>): Promise<ShellSettings> {
    const corePatch: Partial<CoreSettings> = {};
    for (const key of CORE_KEYS) if (patch[key] !== undefined) Object.assign(corePatch, { [key]: patch[key] });
    if (Object.keys(corePatch).length > 0) await this.deps.core.updateSettings(corePatch);
    this.deps.store.set(patch);
    this.applyToSystem();
    this.emit();
    return this.get();
  }

  /** Follows a change the core made (renderer settings view, CLI): the file keeps the same timeout values. */
  mirrorCore(core: CoreSettings): void {
    const current = this.deps.store.store;
    if (current.timeout_seconds === core.timeout_seconds && current.timeout_outcome === core.timeout_outcome) return;
    this.deps.store.set({ timeout_seconds: core.timeout_seconds, timeout_outcome: core.timeout_outcome });
    this.emit();
  }

  /** Calls `listener` after every change; returns the unsubscribe function. */
  onChange(listener: (settings: ShellSettings) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private applyToSystem(): void {
    const { open_at_login, theme } = this.deps.store.store;
    this.deps.setLoginItem({ openAtLogin: open_at_login });
    this.deps.setTheme(theme);
  }

  private emit(): void {
    const settings = this.get();
    for (const listener of this.listeners) listener(settings);
  }
}
