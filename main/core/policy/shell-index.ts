// Picks the `Bash(...)` rules worth asking about a simple command, so 1,000 rules cost a handful of matcher calls.
import type { SimpleCommand } from '../shell/types.js';
import type { LiveRule } from './rule-match.js';

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

function programName(word: string): string {
  return word.slice(word.lastIndexOf('/') + 1);
}

/** The program names under which a command can be matched (as written, normalized, each unwrapped reading). */
function commandPrograms(cmd: SimpleCommand): string[] {
  const out = new Set<string>();
  for (const w of [cmd.argv[0], cmd.program]) if (w !== undefined) out.add(programName(w));
  for (const form of cmd.forms ?? []) {
    const p = form.find((w) => !ASSIGNMENT.test(w));
    if (p !== undefined) out.add(programName(p));
  }
  return [...out];
}

/**
 * The `Bash(...)` rules of `rules` that could match `cmd`, in their order: those naming one of the command's
 * program names, and those whose first word is a wildcard. Bare tool rules are not included.
 */
export function shellCandidates(rules: readonly LiveRule[], cmd: SimpleCommand): LiveRule[] {
  const programs = commandPrograms(cmd);
  const out: LiveRule[] = [];
  for (const lr of rules) {
    const p = lr.parsed;
    if (p.kind === 'bash' && (p.program === null || programs.includes(p.program))) out.push(lr);
  }
  return out;
}
