// Applying a preset, the one path for the app, the web UI and `gatehouse rules preset`: its rules, then its settings.
import type { ImportReport, Preset } from '../../../common/api.js';
import type { CoreSettings } from '../../../common/domain.js';
import type { Store } from '../store/types.js';
import { addRules } from './rule-bundles.js';

/** What applying a preset did: the rules added or skipped, and the settings afterwards when the preset changed any. */
export interface PresetApplied {
  report: ImportReport;
  settings: CoreSettings | null;
}

/** Adds the preset's rules (source "preset"; present ones skipped) and sets the settings it names. */
export function applyPresetTo(store: Store, preset: Preset): PresetApplied {
  const report = addRules(store, preset.rules, 'preset');
  const settings = preset.settings && Object.keys(preset.settings).length > 0 ? store.updateSettings(preset.settings) : null;
  return { report, settings };
}
