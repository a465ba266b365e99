// The closed-world model of a program (issue 12): every option it has and what each does, written from its manual.

/** What an option or operand does, as far as a prefix rule is concerned. */
export type Effect =
  /** Changes only how output looks or what is selected. */
  | 'harmless'
  /** Its value is a path the program reads (judged by the workspace tiers). */
  | 'reads-path'
  /** Its value is a path the program writes or deletes. */
  | 'writes-path'
  /** Its value is the build output it writes (`go build -o bin/x`): vouched for inside the workspace. */
  | 'writes-output'
  /** Runs a program, a script, a plugin or code from a file. */
  | 'runs-code'
  /** Talks to a host other than the one a rule names (a server, a proxy, TLS switched off). */
  | 'network'
  /** Its value is a folder the program works in (judged like a read). */
  | 'changes-cwd'
  /** Shows environment variables (tokens live there). */
  | 'reads-env';

/** One option: what it does and how many words of value follow it. */
export interface OptionDef {
  effect: Effect;
  /** Values it takes: 0 (a flag), 1, or 2 (`jq --rawfile NAME FILE`: the last one is the path). */
  arity: 0 | 1 | 2;
  /** A value it may take only attached (`--color[=WHEN]`, `-i[SUFFIX]`). */
  optional?: boolean;
}

/** What the operands of a program are, in order; the last kind repeats. */
export type OperandKind =
  /** A file or folder it reads. */
  | 'path'
  /** A folder it reads recursively, ignore files or not. */
  | 'tree'
  /** git's `REV:PATH` (`HEAD:.env`, `:0:.env`, `stash@{0}:x`) reads PATH as some commit holds it; a bare word is a path or a revision. */
  | 'object'
  /** Text with no effect (a pattern, a revision, a resource name). */
  | 'text'
  /** Program text checked by the spec's `program` function (a jq filter). */
  | 'program'
  /** A URL (the network programs check the host). */
  | 'url';

/** A program (or subcommand) as the engine understands it. */
export interface ProgramSpec {
  /** Options by spelling (`-r`, `--raw-output`); long ones may be abbreviated when `abbreviations` is set. */
  options: ReadonlyMap<string, OptionDef>;
  /** Operand kinds in order; the last one repeats. Empty: the program takes no operands. */
  operands: readonly OperandKind[];
  /** GNU getopt: an unambiguous prefix of a long option names it. */
  abbreviations?: boolean;
  /** `-5` means `-n 5` (head, tail). */
  numeric?: boolean;
  /** Options spelled with one dash and a whole word (`go test -exec`, `find -name`). */
  singleDashLong?: boolean;
  /** Options that give the pattern or program, so the first operand is already a path (`grep -e P`, `jq -f F`). */
  givesFirstOperand?: readonly string[];
  /** Why program text (the first `program` operand) has an effect a rule cannot vouch for, or null. */
  program?: (text: string) => string | null;
  /** Subcommands by name (git, kubectl, go, npm): the spec that applies after the subcommand word. */
  subcommands?: ReadonlyMap<string, ProgramSpec>;
  /** What the program does whatever its options: `reads-env` for env/printenv. */
  always?: Effect;
  /** Extra reading for what option values say beyond their option (curl's `@file`, its `--url`). */
  extra?: (argv: readonly string[], from: number) => { unvouched: string[]; reads: string[]; urls: string[] };
}

const CODES: Record<string, [Effect, 0 | 1 | 2]> = {
  H: ['harmless', 0], H1: ['harmless', 1], H2: ['harmless', 2], R1: ['reads-path', 1], R2: ['reads-path', 2],
  W: ['writes-path', 0], W1: ['writes-path', 1], O1: ['writes-output', 1], X: ['runs-code', 0], X1: ['runs-code', 1], N: ['network', 0], N1: ['network', 1], C1: ['changes-cwd', 1],
  E: ['reads-env', 0], E1: ['reads-env', 1],
};

/**
 * Builds an option table from groups of spellings by code: `H` harmless flag, `H1`/`H2` harmless with one or two values,
 * `R1`/`R2` the (last) value is a path read, `W1` a path written, `O1` a build output written, `X`/`X1` runs code, `N`/`N1` network, `C1` a working
 * folder, `E` reads the environment. A spelling ending in `=` takes an optional attached value (`--color=`).
 */
export function options(groups: Partial<Record<keyof typeof CODES, string>>): ReadonlyMap<string, OptionDef> {
  const out = new Map<string, OptionDef>();
  for (const [code, spellings] of Object.entries(groups)) {
    const [effect, arity] = CODES[code]!;
    for (const s of spellings!.split(/\s+/).filter((x) => x !== '')) {
      if (s.endsWith('=')) out.set(s.slice(0, -1), { effect, arity: 0, optional: true });
      else out.set(s, { effect, arity });
    }
  }
  return out;
}

/** A spec from its parts (defaults: GNU abbreviations on). */
export function program(opts: ReadonlyMap<string, OptionDef>, operands: readonly OperandKind[], extra: Partial<ProgramSpec> = {}): ProgramSpec {
  return { options: opts, operands, abbreviations: true, ...extra };
}
