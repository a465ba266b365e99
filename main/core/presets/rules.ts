// The two shapes a preset's rules take, so each preset lists only its patterns (and why, where a rule says so).
import type { Preset } from '../../../common/api.js';

type PresetRule = Preset['rules'][number];

/** Rules of one action from `[pattern, note]` pairs, in the order given. */
export function noted(action: PresetRule['action'], ...rules: Array<[pattern: string, note: string]>): PresetRule[] {
  return rules.map(([pattern, note]) => ({ action, pattern, note }));
}

/** Allow rules for `Bash(…)` command patterns, in the order given (no note: the command says what it allows). */
export function allowBash(...commands: string[]): PresetRule[] {
  return commands.map((c) => ({ action: 'allow', pattern: `Bash(${c})` }));
}
