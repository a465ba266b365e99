// Core settings (mode, timeout, session TTL) as the frame and the Settings view see them, kept live from events.
import { create } from 'zustand';
import type { GatehouseEvent } from '../../common/api.js';
import type { CoreSettings } from '../../common/domain.js';
import { api } from '../api/current.js';

/** Settings data and the verbs that change it. */
export interface SettingsState {
  settings: CoreSettings | null;
  error: string | null;
  load(): Promise<void>;
  apply(event: GatehouseEvent): void;
  update(patch: Partial<CoreSettings>): Promise<boolean>;
}

/** The settings store. */
export const useSettings = create<SettingsState>((set, get) => ({
  settings: null,
  error: null,
  async load() {
    const result = await api().getSettings();
    set(result.ok ? { settings: result.value, error: null } : { error: result.error });
  },
  apply(event) {
    if (event.type === 'settings_changed') set({ settings: event.settings });
    else if (event.type === 'mode_changed') set((s) => (s.settings ? { settings: { ...s.settings, mode: event.mode } } : {}));
  },
  // Optimistic: a toggle moves when clicked (a controlled checkbox would otherwise snap back until the server answers,
  // and a second click in that window is lost); the server's answer replaces it, and an error puts back what was.
  async update(patch) {
    const before = get().settings;
    if (before) set({ settings: { ...before, ...patch } });
    const result = await api().updateSettings(patch);
    set(result.ok ? { settings: result.value, error: null } : { settings: before, error: result.error });
    return result.ok;
  },
}));
