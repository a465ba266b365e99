// What every per-program check receives, and small helpers to point a finding at the right words.
import type { Findings } from '../findings.js';
import { isStdinPath } from '../paths.js';
import type { ShellContext, SimpleCommand, Span } from '../types.js';

/** Where a command's stdin comes from: the previous pipeline stage, a heredoc/here-string, a `<` file, or nothing special. */
export type StdinSource = 'pipe' | 'heredoc' | 'file' | 'inherited';

/** One unwrapped simple command under check. */
export interface CheckInput {
  cmd: SimpleCommand;
  ctx: ShellContext;
  /** Directory the command runs in (absolute). */
  cwd: string;
  f: Findings;
  stdin: StdinSource;
  /** The text on stdin when the command itself fixes it (a heredoc, a here-string): program text for an interpreter. */
  stdinText?: string;
  /** Argument lists a check found to be commands in their own right (`find -exec CMD ;`), to analyze as such. */
  nested: Array<{ start: number; end: number; via: string }>;
  /** Shell code found inside the command's own program text (`system("…")`), to analyze as such. */
  scripts: Array<{ text: string; via: string }>;
}

/** The span of argv word `i` (the whole command when unknown). */
export function wordSpan(c: CheckInput, i: number): Span {
  return c.cmd.wordSpans?.[i] ?? c.cmd.span;
}

/** The span from argv word `i` to word `j` inclusive. */
export function wordsSpan(c: CheckInput, i: number, j: number): Span {
  return { start: wordSpan(c, i).start, end: wordSpan(c, Math.max(i, j)).end };
}

/** Operands that do not start with `-` (a GNU-style reading; `--` ends options). */
export function plainOperands(argv: readonly string[], from = 1): number[] {
  const out: number[] = [];
  let options = true;
  for (let i = from; i < argv.length; i++) {
    const w = argv[i]!;
    if (options && w === '--') options = false;
    else if (!options || !w.startsWith('-') || w === '-') out.push(i);
  }
  return out;
}

/**
 * The program text a program-file option names when that file is the command's own stdin (`-`, `/dev/stdin`) and the
 * command line fixes what it is fed (a heredoc, a here-string, a stage printing known text), else null.
 * Threat: `echo 'BEGIN{system("rm -rf ~")}' | awk -f -` and `sed -f /dev/stdin <<< 'e rm -rf ~'` past the hard denies.
 */
export function programOnStdin(c: CheckInput, file: string | undefined): string | null {
  return (file === '-' || (file !== undefined && isStdinPath(file))) && c.stdinText !== undefined ? c.stdinText : null;
}
