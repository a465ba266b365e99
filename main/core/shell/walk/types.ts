// The shapes the syntax-tree walk reads commands into, and what a node inherits from the statement around it.
import type { SyntaxNode as Node } from './syntax-tree.js';
import type { Findings } from '../findings.js';
import type { ReadRedirect } from './redirects.js';
import type { ShellContext, Span } from '../types.js';
import type { Word } from '../words/words.js';

/** A `NAME=value` written before a command (or alone). */
export interface Assignment {
  name: string;
  value: string;
  dynamic: boolean;
  span: Span;
}

/** One simple command as written, before wrappers are unwrapped. Spans index the text that was parsed. */
export interface RawCommand {
  words: Word[];
  assignments: Assignment[];
  redirects: ReadRedirect[];
  span: Span;
  background: boolean;
  /** Position in a pipeline (stage 0 is the first); absent outside pipelines. */
  pipe?: { group: number; stage: number };
  /** Directory the command runs in; null when an earlier `cd` went somewhere only known at run time. */
  cwd: string | null;
  /** Other directories it may run in: where bash stayed when an earlier `cd` failed (a missing folder, a file). */
  cwdAlts?: string[];
}

/** Everything the walk needs and fills. `at` maps a span of the parsed text to the original command. */
export interface WalkState {
  source: string;
  ctx: ShellContext;
  findings: Findings;
  commands: RawCommand[];
  at: (s: Span) => Span;
  nextPipe: number;
  /** Which variables the command line fixes without the environment's secrets (tested-variables.ts), once a condition asks. */
  clean?: (name: string) => boolean;
}

/** What a node takes from the statement around it: redirects and words written after it, its pipeline place, `&`. */
export interface Inherit {
  redirects: ReadRedirect[];
  /** Redirects written after a list or pipeline: bash applies them to its last command only (`a && b > f`). */
  tail: ReadRedirect[];
  pipe?: { group: number; stage: number };
  background: boolean;
  inCommand: boolean;
  /** Argument words that sit after a redirect (`rm 2>/dev/null -rf /`), for the command they belong to. */
  words: Node[];
  /** The same after a list or pipeline: bash gives them to its last command (`ls | rm 2>/dev/null -rf /`). */
  tailWords: Node[];
}

/** Inherits nothing: a node walked on its own. */
export const NONE: Inherit = { redirects: [], tail: [], background: false, inCommand: false, words: [], tailWords: [] };

/** The text a node covers. */
export const span = (n: Node): Span => ({ start: n.startIndex, end: n.endIndex });
