// Rule presets the person can read and apply in one step (the queue offers them on first run; `gatehouse rules preset`).
import type { Preset } from '../../common/api.js';
import { EVERYDAY } from './presets/everyday.js';
import { SAFE_DEFAULTS } from './presets/safe-defaults.js';

/** Every preset Gatehouse offers, the recommended one first. */
export const PRESETS: readonly Preset[] = [EVERYDAY, SAFE_DEFAULTS];

/** The preset with this name, or undefined. */
export function findPreset(name: string): Preset | undefined {
  return PRESETS.find((p) => p.name === name);
}
