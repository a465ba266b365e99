// The seam between the shell-command analysis and the policy engine: the policy sees only these shapes.
import type { Risk } from '../../../common/domain.js';

/** A character range [start, end) in the original command string. */
export interface Span {
  start: number;
  end: number;
}

/** One redirection attached to a simple command. */
export interface Redirect {
  /** The operator as written: `>`, `>>`, `>|`, `&>`, `&>>`, `<`, `<<<`, `2>`, `>&`, … */
  op: string;
  /** The target word, unquoted; null when it is not a static word (e.g. contains an expansion). */
  target: string | null;
  kind: 'write' | 'read' | 'fd-dup' | 'heredoc' | 'null';
  span: Span;
}

/** One simple command after splitting and unwrapping wrappers (`env`, `timeout`, `sh -c`, …). */
export interface SimpleCommand {
  /** Words with quotes removed; argv[0] normalized to a bare program name (`/bin/rm`, `\rm`, `"rm"` → `rm`). */
  argv: string[];
  /** The original text of this command (including env prefixes and wrappers). */
  text: string;
  span: Span;
  /** `NAME=value` prefixes (own and from `env`), in order. */
  env: Array<{ name: string; value: string }>;
  redirects: Redirect[];
  /** Wrappers removed to reach argv, outermost first (e.g. ['timeout', 'nice']). */
  wrappers: string[];
  /** True when some word is not static text (variable, substitution, glob brace with expansion…). */
  dynamic: boolean;
  /** Span of each argv word (same length as argv); words of a nested `sh -c` script map to the script's span. */
  wordSpans?: Span[];
  /** argv[0] as written, unquoted but not normalized (`/bin/rm`, `./git`), so allow rules can tell `./git` from `git`. */
  program?: string;
  /**
   * Readings of the command for rules, outermost first: the full words (env prefixes and wrappers included,
   * program words as written, quotes removed), then the words left after each wrapper is peeled.
   */
  forms?: string[][];
  /** Directory the command runs in when an earlier `cd` moved it away from the context's cwd (absolute). */
  cwd?: string;
  /** Other directories it may run in (an earlier `cd` may have failed): every path is judged from each of them too. */
  cwdAlts?: string[];
  /** Started in the background with `&`. */
  background?: boolean;
  /** Run through `xargs`, which appends words read from stdin: exact allow rules cannot vouch for it. */
  appendsArgs?: boolean;
  /**
   * The package or environment runner (`npx`, `uv run`…) that runs this command: it is judged by deny rules, hard denies
   * and the tamper guard, while allow rules judge the runner's own command.
   */
  runBy?: string;
}

/** Why a command can never be auto-allowed by a rule, with where it sits. */
export interface Blocker {
  reason: string;
  span?: Span;
  /** Only a write of a named file inside the workspace: a prefix rule does not vouch for it, a blanket `Bash` rule does. */
  workspaceWrite?: boolean;
  /** With workspaceWrite: the absolute path written, which a Write/Edit rule or grant for exactly it can vouch for. */
  target?: string;
  /** What runs is only known at run time (the program word itself): not even approve-all may allow it. */
  undecidable?: boolean;
}

/** The whole analysis of one shell command string. */
export interface ShellAnalysis {
  /** False when the command did not parse cleanly (the verdict is then `ask`). */
  parsed: boolean;
  commands: SimpleCommand[];
  /** Findings for the review window and the verdict (each with a range in the command). */
  risks: Risk[];
  /** Constructs that make the command not auto-allowable whatever the rules say. */
  blockers: Blocker[];
  /** Built-in never-allow findings (deny even in approve-all). */
  hardDenies: Blocker[];
}

/** Context for analysis: where the command runs and whose home `~` is. */
export interface ShellContext {
  cwd: string;
  home: string;
}
