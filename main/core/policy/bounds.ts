// How much one decision may cost: no single request may hold the server (every other agent waits on its event loop).
// Past these bounds a command is undecidable, and only the person may allow it.
import type { ShellAnalysis } from '../shell/types.js';

/** The longest command Gatehouse reads (Linux's MAX_ARG_STRLEN: `bash -c` takes no longer script as one argument). */
export const MAX_COMMAND_LENGTH = 131_072;

/**
 * The most text the paths of one analysis may hold: every later step (the probe, the tiers, the tamper guard) works
 * path by path, so this bounds them. `cd a && cd a && …` makes each command's directory longer than the last.
 */
export const MAX_ANALYSIS_SIZE = 2 * MAX_COMMAND_LENGTH;

/** Why a command is too long to read at all, or null. */
export function commandTooLong(command: string): string | null {
  return command.length > MAX_COMMAND_LENGTH ? `the command is ${command.length} characters long; Gatehouse reads commands of at most ${MAX_COMMAND_LENGTH}` : null;
}

/** Why an analysis is too large to judge path by path, or null: its words, redirect targets and directories, summed. */
export function analysisTooLarge(analysis: ShellAnalysis): string | null {
  let size = 0;
  for (const c of analysis.commands) {
    size += c.cwd?.length ?? 0;
    for (const d of c.cwdAlts ?? []) size += d.length;
    for (const w of c.argv) size += w.length;
    for (const r of c.redirects) size += r.target?.length ?? 0;
    if (size > MAX_ANALYSIS_SIZE) return `the command names more than ${MAX_ANALYSIS_SIZE} characters of words and directories; Gatehouse judges no larger command`;
  }
  return null;
}
