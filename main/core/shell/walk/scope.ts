// The walk's knowledge at one point of a script, and how `cd` and `~+`/`~-` move where later commands run (issue 12 §3).
import { expandWords } from '../words/braces.js';
import { absolutePath } from '../paths.js';
import { programName } from '../words/program.js';
import type { ShellContext } from '../types.js';
import { syntheticWord, type Word } from '../words/words.js';

/** Most directories one command is judged from before its directory counts as unknown. */
const MAX_DIRS = 8;
/** The longest path the kernel opens (Linux PATH_MAX): a `cd` past it fails, and `cd a && cd a && …` cannot grow one without end. */
const PATH_MAX = 4096;

/** What the walk knows at one point of a script: where bash may be, loop and assigned values, glob rules. */
export interface Scope {
  cwd: string | null;
  /** Other directories bash may be in (each `cd` may fail and leave it where it was). */
  alts?: string[];
  /** GLOBIGNORE was set or `shopt` run: globs no longer match as bash's defaults say (dotglob, nocaseglob, extglob). */
  globsChanged?: boolean;
  /** Set right after a `cd`: the alternatives before it, which hold again once the cd is known to have worked (`cd x && …`). */
  afterCd?: string[];
  /** Loop variables whose values the words of `for NAME in …` fix (`for d in a b; do rm -r "$d"; done`). */
  vars?: Map<string, Word[]>;
  /** Values plain assignments earlier in the script gave (`X=/; rm -rf $X`); replaced on write, so a subshell's stay its own. */
  known?: Map<string, string>;
  /** The script was given no arguments (the command line itself, `sh -c SCRIPT` alone): `$@`, `$*`, `$1`… are empty. */
  noArgs?: boolean;
  /** Aliases the script defined (`alias g=gatehouse`): later commands named so run the alias' words. */
  aliases?: Map<string, string>;
  /** A command named CDPATH (`export CDPATH=/`, `read CDPATH`): a later `cd NAME` may lead below any folder it lists. */
  cdpath?: boolean;
}

// A cd operand bash looks up in CDPATH: not absolute (nor `~`, which is), not starting with `.` or `..` (absolute_pathname).
const SEARCHED = /^(?!\/|~|\.\.?(\/|$))/;

/**
 * `cd`/`pushd` change where later commands (and their relative paths) run. With CDPATH set (`cdpath`: by the command's
 * own prefix, or earlier in the script) a relative name is looked up below its folders first, so where it leads is unknown.
 * Threat: `CDPATH=/ cd usr && rm -rf *` empties /usr, read as the workspace's usr.
 */
export function nextCwd(words: Word[], scope: Scope, ctx: ShellContext, cdpath: boolean): void {
  const name = programName(words[0]?.value ?? '');
  if (name !== 'cd' && name !== 'pushd' && name !== 'popd') {
    // Cleared, not deleted: a delete turns the scope into a slow dictionary object for the rest of the walk.
    scope.afterCd = undefined;
    return;
  }
  const before = scope.cwd;
  const alts = scope.alts ?? [];
  scope.afterCd = alts;
  const args = expandWords(words.slice(1)).filter((w) => !/^-[LPe@]+$/.test(w.value));
  const target = args[0];
  const searched = target !== undefined && (cdpath || scope.cdpath === true || scope.known?.has('CDPATH') === true) && SEARCHED.test(target.value);
  if (name === 'popd' || target?.dynamic || target?.value === '-' || searched) scope.cwd = null;
  else if (target === undefined) scope.cwd = ctx.home;
  else if (scope.cwd !== null || target.value.startsWith('/') || target.value.startsWith('~')) {
    scope.cwd = absolutePath(target.value, scope.cwd ?? ctx.cwd, ctx.home);
    if (scope.cwd.length > PATH_MAX) scope.cwd = null;
  }
  // The cd may fail (no such folder, a file, too many arguments): bash then stays where it was.
  // From each other directory bash may be in, the cd leads elsewhere again (at most MAX_DIRS kept; more: unknown).
  if (before !== null && scope.cwd !== null && before !== scope.cwd) {
    const moved = target === undefined || target.dynamic ? [] : alts.map((d) => absolutePath(target.value, d, ctx.home));
    const all = [...new Set([...moved, before, ...alts])].filter((d) => d !== scope.cwd);
    if (all.length > MAX_DIRS) scope.cwd = null;
    else scope.alts = all;
  }
}

// `~+` or `~-` as a whole word or before a slash. (A regex literal inside a function is a new object each call.)
const TILDE_PLACE = /^~([+-])(?=$|\/)/;

/**
 * `~+` is $PWD and `~-` is $OLDPWD, which a script can assign (`PWD=~/.claude; cd ~+`): then the word is that value, and
 * it stays a run-time word no rule vouches for; `~-` is always one (the previous directory is not known here).
 */
export function tildePlace(w: Word, scope: Scope): Word {
  const m = TILDE_PLACE.exec(w.value);
  if (!m || w.segments[0]?.literal !== false) return w;
  const known = scope.known?.get(m[1] === '+' ? 'PWD' : 'OLDPWD');
  if (m[1] === '+' && known === undefined) return w;
  const value = known === undefined ? w.value : known + w.value.slice(2);
  return { ...w, value, dynamic: true, expansions: [...w.expansions, m[0]] };
}

/**
 * `printf -v NAME FORMAT ARGS…` assigns NAME like `NAME=…` does: its value when the format is plain text and `%s`.
 * Threat: `printf -v D %s ~/.claude; echo {} > $D/settings.json` hides the path from the tamper guard.
 */
export function rememberPrintf(words: Word[], scope: Scope): void {
  if (programName(words[0]?.value ?? '') !== 'printf' || words[1]?.value !== '-v' || words[2] === undefined) return;
  const [fmt, ...args] = words.slice(3).map((w) => w.value);
  const plain = (t: string): boolean => !/[$`\\]/.test(t);
  let value: string | null = null;
  if (fmt !== undefined && plain(fmt) && args.every(plain) && !/%(?!s)/.test(fmt.replaceAll('%%', ''))) {
    let i = 0;
    value = fmt.replaceAll('%%', '\0').replace(/%s/g, () => args[i++] ?? '').replaceAll('\0', '%');
  }
  const known = new Map(scope.known);
  if (value === null) known.delete(words[2].value);
  else known.set(words[2].value, value);
  scope.known = known;
}

/** The names `hash -p FILE NAME…` binds to FILE (bash's getopt `dlp:rt`), or null for any other hash. */
export function hashBindings(args: readonly string[]): Array<[string, string]> | null {
  let file: string | undefined;
  let i = 0;
  for (; i < args.length && args[i]!.startsWith('-') && args[i] !== '-'; i++) {
    if (args[i] === '--') {
      i++;
      break;
    }
    const p = args[i]!.indexOf('p');
    if (p < 0) continue;
    file = args[i]!.length > p + 1 ? args[i]!.slice(p + 1) : args[++i];
  }
  return file === undefined ? null : args.slice(i).map((name): [string, string] => [name, file]);
}

/**
 * Records `alias NAME=VALUE` and `hash -p FILE NAME`, and puts an alias' words (or the hashed file) in place of its name
 * (an agent's shell may expand aliases; a hashed name runs its file in any shell).
 * Threat: `alias g=gatehouse` then `g rules add …`, `alias r='rm -rf'` then `r ~`, `hash -p /bin/rm ls; ls -rf ~`:
 * checks must see the real program.
 */
export function aliasExpanded(words: Word[], scope: Scope): Word[] {
  const first = words[0];
  if (first === undefined) return words;
  if (first.value === 'alias' || first.value === 'hash') {
    const defs = first.value === 'hash'
      ? hashBindings(words.slice(1).map((w) => w.value)) ?? []
      : words.slice(1).map((w) => /^([^=\s/$`]+)=(.*)$/s.exec(w.value)).filter((m) => m !== null).map((m): [string, string] => [m[1]!, m[2]!]);
    if (defs.length > 0) scope.aliases = new Map([...(scope.aliases ?? []), ...defs]);
    return words;
  }
  const body = scope.aliases?.get(first.value);
  if (body === undefined) return words;
  return [...body.split(/\s+/).filter((t) => t !== '').map((t) => syntheticWord(t, first.span)), ...words.slice(1)];
}
