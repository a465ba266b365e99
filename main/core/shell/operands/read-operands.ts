// The paths a reading program opens, so a prefix rule (`Bash(cat:*)`) is not a pass to read outside the workspace.
import { findReadPaths } from '../checks/find-primaries.js';
import { tarReadOperands } from '../checks/tar.js';
import { specReading } from '../specs/index.js';
import { gitAddWholeTree, readsFolders, zipReadOperands } from './recursion.js';
import { isOneOf, longIs, scanArgs, type OptSpec } from '../options.js';
import type { SimpleCommand } from '../types.js';

/** Programs every operand of which is a file or folder they read. */
const FILE_READERS = new Set([
  'cat', 'head', 'tail', 'less', 'more', 'wc', 'sort', 'nl', 'tac', 'od', 'hexdump', 'xxd', 'strings', 'base64', 'md5sum',
  'sha1sum', 'sha256sum', 'sha512sum', 'cksum', 'stat', 'file', 'ls', 'diff', 'cmp', 'uniq', 'cut', 'paste', 'column', 'bat', 'tree', 'du',
  'comm', 'join', 'fold', 'rev', 'shuf', 'expand', 'unexpand', 'fmt', 'pr', 'tsort', 'ptx', 'b2sum', 'sum', 'zcat', 'bzcat', 'xzcat', 'zstdcat',
  'lzcat', 'zless', 'zmore', 'iconv', 'batcat',
]);
/** Programs whose first operand is a pattern or a script unless given with an option (`-e`, `-f`, `--regexp`). */
const PATTERN_FIRST = new Set(['grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'awk', 'gawk', 'mawk', 'nawk', 'sed', 'gsed', 'look']);
/** Short options whose value is the next word (so it is not an operand), per program. */
const VALUED: Record<string, string> = {
  head: 'nc', tail: 'ncs', grep: 'efmABCd', egrep: 'efmABCd', fgrep: 'efmABCd', rg: 'efgtTmABCjMr', ag: 'ABCGgm', ack: 'ABCm',
  sort: 'ktoST', cut: 'dfcb', uniq: 'fsw', awk: 'Fvf', gawk: 'Fvf', mawk: 'Fvf', nawk: 'Fvf', sed: 'efl', gsed: 'efl',
  od: 'AtjNw', xxd: 'lscg', base64: 'w', du: 'dBtX', tree: 'LIP', nl: 'bdfhilnsvw', column: 'csto', paste: 'd', diff: 'CUFLIxX',
  date: 'dfIr', join: 'aejot12', fold: 'w', fmt: 'wpg', shuf: 'nio', expand: 't', unexpand: 't', pr: 'hNwWlo', iconv: 'fto', look: 't',
};
/** Options whose value is a file the program reads (patterns, scripts, name lists), per program. */
const FILE_VALUED: Record<string, { spec: OptSpec; names: readonly string[] }> = {};
const fileValued = (programs: string[], spec: OptSpec, names: readonly string[]): void => {
  for (const p of programs) FILE_VALUED[p] = { spec: { ...spec, shortValue: VALUED[p] ?? spec.shortValue }, names };
};
fileValued(['grep', 'egrep', 'fgrep'], { longValue: ['regexp', 'file', 'exclude-from', 'max-count', 'context', 'after-context', 'before-context', 'directories', 'devices', 'label'] }, ['f', 'file', 'exclude-from']);
fileValued(['rg'], { longValue: ['regexp', 'file', 'ignore-file', 'glob', 'iglob', 'type', 'type-not', 'max-count', 'context', 'after-context', 'before-context', 'replace', 'pre', 'pre-glob'] }, ['f', 'file', 'ignore-file']);
fileValued(['sed', 'gsed'], { longValue: ['expression', 'file', 'line-length'] }, ['f', 'file']);
fileValued(['awk', 'gawk', 'mawk', 'nawk'], { longValue: ['file', 'field-separator', 'assign', 'include'] }, ['f', 'file', 'include']);
fileValued(['date'], { longValue: ['date', 'file', 'reference', 'iso-8601'] }, ['f', 'file', 'r', 'reference']);
fileValued(['sort'], { longValue: ['files0-from', 'random-source', 'key', 'field-separator', 'output', 'temporary-directory', 'buffer-size', 'parallel', 'compress-program'] }, ['files0-from', 'random-source']);
fileValued(['wc'], { longValue: ['files0-from'] }, ['files0-from']);
fileValued(['du'], { longValue: ['files0-from', 'exclude-from', 'max-depth', 'block-size', 'threshold', 'exclude'] }, ['files0-from', 'X', 'exclude-from']);
fileValued(['diff'], { longValue: ['from-file', 'to-file', 'exclude-from', 'label', 'ignore-matching-lines'] }, ['from-file', 'to-file', 'X', 'exclude-from']);
/** Operands that are streams, not files. */
const STREAMS = /^(-|\/dev\/(null|stdin|stdout|stderr|fd\/[0-2]|zero|urandom|random))$/;
/** Where a directory change to a place only known at run time (`cd -`, `popd`, `cd $X`) is judged to go: the filesystem root, outside any workspace. */
const UNKNOWN_PLACE = '/';

/** Programs that only show names and metadata of what they are given (or move into it), never its contents. */
const NAMES_ONLY = new Set(['ls', 'tree', 'du', 'stat', 'find', 'cd', 'pushd', 'popd', 'readlink', 'realpath']);

/** Whether the engine knows which of `prog`'s words are files it reads (so the read tiers judge exactly those). */
export function knowsReads(prog: string): boolean {
  return FILE_READERS.has(prog) || PATTERN_FIRST.has(prog) || NAMES_ONLY.has(prog) || prog === 'tar';
}

/** Whether `prog` shows the contents of the files it is given (so gitignored and .git files matter, not only outside ones). */
export function showsContents(prog: string): boolean {
  return !NAMES_ONLY.has(prog);
}

/**
 * Whether `prog` opens only files, failing on a folder it is given ("Is a directory") unless told to recurse
 * (readsFolders): cat, grep, sed … — not test runners and other programs that walk a folder they are pointed at.
 */
export function failsOnFolders(prog: string): boolean {
  return FILE_READERS.has(prog) || PATTERN_FIRST.has(prog);
}

// fd's options that show hidden or ignored files (clap may take a prefix of a long option: `--hid`).
const FD_UNHIDING = ['hidden', 'no-ignore', 'no-ignore-vcs', 'no-ignore-parent', 'unrestricted'];

/** Whether `word` is `--NAME[=…]` for one of `names`, or a prefix of one. */
function isLong(word: string, names: readonly string[]): boolean {
  const given = word.startsWith('--') ? word.slice(2).split('=')[0]! : '';
  return given !== '' && names.some((n) => longIs(given, n));
}

/** File-name patterns that pick secrets, keys, credentials, dotfiles or repository internals. */
const SECRET_NAMES = /(^|\/)\.(?![./]|$)|\.(pem|key|p12|pfx|kdbx)\b|id_(rsa|dsa|ecdsa|ed25519)|credential|secret|passw|token/i;

/** Whether some command opens the file names xargs hands it (`… | xargs cat`): what comes before it is read too. */
export function feedsFileReader(commands: readonly SimpleCommand[]): boolean {
  return commands.some((c) => c.appendsArgs === true && readsNamedFiles(c.argv[0] ?? '') && showsContents(c.argv[0] ?? ''));
}

/** Whether `prog` opens the files named in its arguments (so names xargs appends are files it reads). */
export function readsNamedFiles(prog: string): boolean {
  return FILE_READERS.has(prog) || PATTERN_FIRST.has(prog) || prog === 'find' || prog === 'tar';
}

/**
 * Whether a pipeline stage prints only names of files below the folders it is given (`find src`, `git ls-files`,
 * `grep -l`), whose own reads are judged: then xargs after it reads those. Anything else (`cat list`, `git log`)
 * prints text that may name any file.
 */
export function listsWorkspaceNames(words: readonly string[]): boolean {
  const [prog = '', ...args] = words.map((w, i) => (i === 0 ? w.replace(/^.*\//, '') : w));
  if (prog === 'find') {
    // `find . -name .env | xargs cat`: names picked for looking like secrets or dotfiles are not ordinary workspace files.
    return !args.some((a, i) => /^-i?(name|path|wholename|regex)$/.test(args[i - 1] ?? '') && SECRET_NAMES.test(a));
  }
  // `ls src/*.ts` prints the files its globs expand to, whose own reads are judged; a folder's listing (names that xargs
  // would open where it runs, not in that folder), hidden names (-a, -A) and recursion (-R) are not that.
  if (prog === 'ls') {
    const operands = args.filter((a) => !a.startsWith('-'));
    return operands.length > 0 && operands.every((a) => /[*?[]/.test(a.slice(a.lastIndexOf('/') + 1))) && !args.some((a) => /^-[a-zA-Z]*[aAR]|^--(all|almost-all|recursive)$/.test(a));
  }
  if (prog === 'fd' || prog === 'fdfind') return !args.some((a) => SECRET_NAMES.test(a) || /^-[a-zA-Z]*[HIu]/.test(a) || isLong(a, FD_UNHIDING));
  if (prog === 'grep' || prog === 'egrep' || prog === 'fgrep' || prog === 'rg') {
    return args.some((a) => /^(-[a-zA-Z]*[lL][a-zA-Z]*|--files(-with(out)?-matches?)?)$/.test(a));
  }
  if (prog === 'git') {
    const sub = args.find((a) => !a.startsWith('-'));
    // `git ls-files -o` lists untracked files, ignored ones too unless --exclude-standard; `-i` lists exactly those.
    // git takes unambiguous prefixes (`--oth`, `--ign`, `--exclude-st`; `--exclude=x` is another option).
    const opts = scanArgs(args, 0, { shortValue: 'xX', longValue: ['exclude', 'exclude-from', 'exclude-per-directory', 'with-tree', 'format'] }).opts;
    const excludesStandard = opts.some((o) => o.long && o.name.startsWith('exclude-s') && 'exclude-standard'.startsWith(o.name));
    const ignored = opts.some((o) => isOneOf(o, ['i', 'ignored'])) || (opts.some((o) => isOneOf(o, ['o', 'others'])) && !excludesStandard);
    return (sub === 'ls-files' && !ignored) || (sub === 'diff' && args.some((a) => a === '--name-only')) || (sub === 'grep' && args.some((a) => /^(-l|--name-only|--files-with-matches)$/.test(a)));
  }
  return false;
}

/** The paths `git diff --no-index A B` compares: it reads any two files, in a repository or not. */
function gitNoIndexOperands(args: string[]): string[] {
  const sub = args.findIndex((a) => !a.startsWith('-'));
  if (args[sub] !== 'diff' || !args.includes('--no-index')) return [];
  const rest = args.slice(sub + 1);
  const dash = rest.indexOf('--');
  const before = (dash < 0 ? rest : rest.slice(0, dash)).filter((a) => !a.startsWith('-'));
  return [...before, ...(dash < 0 ? [] : rest.slice(dash + 1))];
}

/** Where `cd`/`pushd` goes: its operand, home when it has none, and an unknown place for `-`, `popd` or run-time words. */
function directoryChange(cmd: SimpleCommand): string[] {
  const [prog = '', ...args] = cmd.argv;
  if (prog === 'popd' || cmd.dynamic) return [UNKNOWN_PLACE];
  const operands = args.filter((a) => !/^-[LPe@]+$/.test(a) && a !== '--');
  if (operands.length === 0) return ['~'];
  return operands.map((a) => (a === '-' || /^[+-]\d+$/.test(a) ? UNKNOWN_PLACE : a));
}

/**
 * Where a ripgrep glob (`rg -g`, the Grep tool's `glob`) picks files at the search root: without its leading globstars, and
 * also with a leading dot, since ripgrep's `*` matches one and bash-style expansion does not (`*env` picks .env).
 */
export function rootGlobSpellings(glob: string): string[] {
  return braceAlternatives(glob).flatMap((one) => {
    const g = one.replace(/^(\*\*\/)+/, '') || '*';
    // ripgrep's `*`, `?` and `[…]` match a leading dot; bash's do not: the dot is spelled out for the probe's bash matching.
    if (g.startsWith('*')) return [g, `.${g}`];
    if (g.startsWith('?')) return [g, `.${g.slice(1)}`];
    const set = /^\[[^\]]+\]/.exec(g);
    return set ? [g, `.${g.slice(set[0].length)}`] : [g];
  });
}

/** `{a,b}c` → `ac`, `bc` (ripgrep's globs take braces; bounded, nested ones expanded one level at a time). */
function braceAlternatives(glob: string, depth = 0): string[] {
  const m = /\{([^{}]*)\}/.exec(glob);
  if (!m || depth > 4) return [glob];
  return m[1]!.split(',').flatMap((alt) => braceAlternatives(glob.slice(0, m.index) + alt + glob.slice(m.index + m[0].length), depth + 1)).slice(0, 64);
}

/** Files named as option values (`grep -f FILE`, `sed --file=FILE`, `date -f FILE`, `sort --files0-from=FILE`). */
function optionFiles(prog: string, argv: readonly string[]): string[] {
  const table = FILE_VALUED[prog];
  if (!table) return [];
  const opts = scanArgs(argv, 1, table.spec).opts;
  const named = opts.flatMap((o) => (isOneOf(o, table.names) && o.value ? [o.value] : []));
  // rg's `-g GLOB` picks the files it names even when they are gitignored: its root-level matches are read.
  const globs = prog === 'rg' ? opts.flatMap((o) => (isOneOf(o, ['g', 'glob', 'iglob']) && o.value && !o.value.startsWith('!') ? rootGlobSpellings(o.value) : [])) : [];
  return [...named, ...globs];
}

// A pattern or script given by option (so the first operand is a file); a lone short option; a long one without `=`.
const PATTERN_OPTION = /^(-[a-zA-Z]*[ef]|--regexp|--file|--expression)/;
const SHORT_OPTION = /^-[a-zA-Z]$/;
const LONG_OPTION = /^--[^=]+$/;

/** The operands of a program that reads every file it is given (after its pattern or script, for grep/sed/awk). */
function fileOperands(prog: string, args: string[]): string[] {
  const find = prog === 'find';
  if (!find && !FILE_READERS.has(prog) && !PATTERN_FIRST.has(prog)) return [];
  const operands: string[] = [];
  let patternGiven = !PATTERN_FIRST.has(prog) || args.some((a) => PATTERN_OPTION.test(a));
  let options = true;
  // find's own options (-H, -L, -P, -D debug, -O3) come before its start points.
  let start = 0;
  while (find && start < args.length && /^-([HLP]|D|O\d*)$/.test(args[start]!)) start += args[start] === '-D' ? 2 : 1;
  for (let i = start; i < args.length; i++) {
    const w = args[i]!;
    if (options && w === '--') options = false;
    else if (options && w.startsWith('-') && w !== '-') {
      if (find) break; // find's expression starts at the first option-like word; start points come before it
      if (SHORT_OPTION.test(w) && (VALUED[prog] ?? '').includes(w[1]!)) i++;
      else if (LONG_OPTION.test(w) && (FILE_VALUED[prog]?.spec.longValue ?? []).some((name) => longIs(w.slice(2), name))) i++;
    } else if (!patternGiven) patternGiven = true;
    else operands.push(w);
  }
  return operands;
}

/**
 * The words of a reading program that name paths it opens or moves into: cat's files, grep's files after the pattern,
 * find's start points, files named by options (`grep -f`), tar's archive and the files it packs, where `cd` goes.
 * Threat: `cat ~/.ssh/id_rsa`, `grep -f ~/.ssh/id_rsa .`, `tar -czf - ~/.ssh`, `cd ~/.ssh && ls` under prefix rules
 * the user wrote for workspace use.
 */
export function commandReadOperands(cmd: SimpleCommand): string[] {
  const [prog = '', ...args] = cmd.argv;
  let named: string[];
  // `git add -f -A` or `git add -f '*env'` stages what git itself finds below the folder it runs in.
  if (prog === 'git') {
    const compared = gitNoIndexOperands(args);
    named = gitAddWholeTree(cmd.argv) ? [...compared, '.'] : compared;
  }
  else if (prog === 'cd' || prog === 'pushd' || prog === 'popd') named = directoryChange(cmd);
  else if (prog === 'tar') named = tarReadOperands(cmd.argv);
  else if (prog === 'zip') named = zipReadOperands(cmd.argv);
  else if (prog === 'find') named = [...fileOperands(prog, args), ...findReadPaths(cmd.argv)];
  else {
    const valued = optionFiles(prog, cmd.argv);
    const operands = fileOperands(prog, args);
    named = valued.length === 0 ? operands : [...valued, ...operands];
  }
  // `grep -r PATTERN` with no file searches the folder it runs in.
  if (named.length === 0 && (prog === 'grep' || prog === 'egrep' || prog === 'fgrep') && readsFolders(cmd.argv)) named = ['.'];
  // rg with no path searches the folder it runs in (its -g globs then pick files there).
  if (prog === 'rg' && fileOperands(prog, args).length === 0 && !args.some((a) => /^--(files|type-list|help|version)$/.test(a))) named = [...named, '.'];
  // What a program's closed-world spec says it reads (`jq --rawfile k F`, `git blame --contents F`, `date -f F`).
  const spec = specReading(cmd.argv);
  // (Each once: with nothing to add, one name is already once.)
  if (spec && (spec.reads.length > 0 || named.length > 1)) named = [...new Set([...named, ...spec.reads])];
  return named.some((w) => STREAMS.test(w)) ? named.filter((w) => !STREAMS.test(w)) : named;
}
