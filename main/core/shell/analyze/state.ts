// What the analysis carries: the findings and commands it fills, and what a nested script inherits from its command.
import type { Findings } from '../findings.js';
import { absolutePath } from '../paths.js';
import type { Redirect, ShellContext, SimpleCommand } from '../types.js';
import type { Unwrapped } from '../unwrap/unwrap.js';
import type { Assignment, RawCommand } from '../walk/types.js';
import type { WrittenFiles } from '../walk/written-scripts.js';

/** What one analysis fills as it reads a command line and every script nested in it. */
export interface State {
  ctx: ShellContext;
  f: Findings;
  commands: SimpleCommand[];
  parsed: boolean;
  /** The command line never rebinds HOME, USER and the like, so printing them shows what bash set (checks/general.ts). */
  plainVariables: boolean;
  /** Files the command line has written so far, for a later command that runs one (written-scripts.ts). */
  written: WrittenFiles;
}

/** What a nested script inherits from the command that runs it. */
export interface Outer {
  wrappers: string[];
  env: Assignment[];
  forms: string[][];
  privileged: boolean;
  appendsArgs: boolean;
  cwd: string | null;
  /** Fragments of an unparsable command are analyzed only to find what must be denied. */
  salvage: boolean;
  /** Read as a command an unknown program may launch (launched.ts): its own words are not read so again. */
  launched?: boolean;
  /**
   * The redirects of the command that runs a nested script (`sh -c 'cat' < .env`, `eval echo > f`): bash opens them
   * before the script runs, so every command of it reads and writes through them, as a group's commands do. Spans are
   * the original command line's; relative targets are already resolved where the outer command runs.
   */
  redirects: Redirect[];
}

/** `a` then `b`; one of them itself when the other is empty (these lists are never changed once made). */
function joined<T>(a: T[], b: T[]): T[] {
  return a.length === 0 ? b : b.length === 0 ? a : [...a, ...b];
}

/** What a command inherits plus what its own wrappers add. */
export function innerOf(outer: Outer, u: Unwrapped, raw: RawCommand, ctx: ShellContext): Outer {
  const base = raw.cwd;
  return {
    wrappers: joined(outer.wrappers, u.wrappers),
    env: joined(outer.env, u.env),
    forms: joined(outer.forms, u.forms),
    privileged: outer.privileged || u.privileged,
    appendsArgs: outer.appendsArgs || u.xargs,
    cwd: u.chdir === undefined ? base : u.chdir === null || base === null ? null : absolutePath(u.chdir, base, ctx.home),
    salvage: outer.salvage,
    launched: outer.launched,
    redirects: outer.redirects,
  };
}
