// The file paths a shell command touches, each marked read or (possibly) write, for deny rules, tamper and tiers.
import path from 'node:path';
import type { Span } from '../../shell/types.js';
import type { ShellAnalysis, SimpleCommand } from '../../shell/types.js';
import { commandPathWords, commandReadOperands, commandWriteWords, defaultTreeOperands, feedsFileReader, followsLinksInTrees, readsFolders, rootGlobSpellings, resolvePathWords, showsContents } from '../../shell/index.js';
import { absolutePath } from '../../shell/paths.js';
import { findNarrowing, findReadPaths } from '../../shell/checks/find-primaries.js';
import { fnmatchRegex, ripgrepGlobFilter } from '../../shell/words/fnmatch.js';
import { expandHome } from '../paths.js';
import { chainRenames, renamedFrom, type Rename } from '../../shell/walk/renames.js';
import { implicitEnvFiles, servedFolder } from '../../shell/operands/env-loaders.js';
import type { Reach } from './reach.js';
import { copiedSources, copyFollowsLinks, gitArchivePaths, gitContentPaths, gitGrepSearch, gitHandedPaths, gitHoldsIgnored, stashedTreePrinters } from '../../shell/operands/tree-readers.js';

/** One path a shell command names, with how the command may use it. */
export interface BashPathRef {
  /** Absolute, lexically normalized; also the key into WorkspaceState.paths. */
  path: string;
  /** `write` = the command may write, move or delete it (anything but a clearly read-only program or a `<` redirect). */
  access: 'read' | 'write';
  /** Index into analysis.commands. */
  cmd: number;
  span: Span;
  /** A `cd` to an unknown place came before: the path's real folder is not known. */
  unsure: boolean;
  /** Named by a redirection (`< f`, `> f`) rather than as an argument. */
  redirect: boolean;
  /**
   * Read from the request's cwd only in case a `cd` before the command was misread (bash runs it where the cd led): the
   * tamper guard and deny rules judge it, a prefix rule's closed world does not (`cd build && cmake ..`).
   */
  misreadCd?: boolean;
  /** The path as the command names it, when an earlier command of the line moved, copied or linked `path` there. */
  aliasOf?: string;
  /** A file the program loads though no word names it (`dotenv -- cmd` and `.env`): read only when it is there. */
  implicit?: boolean;
}

// Programs that only read the files they name (their output can still be redirected; redirects are judged apart).
const READ_ONLY = new Set([
  'cat', 'less', 'more', 'head', 'tail', 'grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'ls', 'stat', 'diff',
  'cmp', 'wc', 'file', 'md5sum', 'sha1sum', 'sha256sum', 'sha512sum', 'cksum', 'b2sum', 'jq', 'bat',
  'od', 'hexdump', 'strings', 'readlink', 'realpath', 'test', '[', '[[', 'tree', 'du', 'df', 'echo',
  'printf', 'basename', 'dirname', 'cd', 'pushd', 'pwd', 'type', 'which', 'nl', 'column', 'tac', 'rev',
  'cut', 'tr', 'true', 'false', 'date', 'whoami', 'id', 'uname', 'env', 'printenv', 'zcat', 'zless',
  'wc', 'look', 'fold', 'expand', 'unexpand', 'paste', 'join', 'comm', 'fmt', 'pr', 'colordiff',
]);
// Programs whose written operands the shell analysis knows exactly (commandWriteWords): their other operands are reads.
const KNOWN_WRITERS = new Set([
  'cp', 'mv', 'ln', 'install', 'rm', 'rmdir', 'unlink', 'shred', 'truncate', 'touch', 'mkdir', 'tee',
  'chmod', 'chown', 'chgrp', 'dd', 'sort', 'iconv', 'sed', 'gsed', 'uniq',
]);
const GIT_READ_ONLY = new Set(['status', 'diff', 'log', 'show', 'blame', 'ls-files', 'ls-tree', 'grep', 'rev-parse', 'cat-file', 'describe', 'shortlog']);
const GIT_WRITES = /^(--output|-o|--ext-diff)/;
// sed's in-place option, its `w` command, and the `w`/`e` flags of `s///`.
const SED_WRITES = /^(-[a-zA-Z]*i|--in-place)|(^|[;}\s/])[wW]\s*\S|\/[gpIi0-9]*[we]\b/;
const SORT_OUTPUT = /^(-o|--output)/;

// The written paths of a command that writes none (most): one shared empty set.
const NO_PATHS: ReadonlySet<string> = new Set();

/** Whether some argument (after the program name) matches `re`. */
function anyArg(argv: readonly string[], re: RegExp): boolean {
  for (let i = 1; i < argv.length; i++) if (re.test(argv[i]!)) return true;
  return false;
}

/** Whether a simple command clearly only reads the files it names (so naming a protected file is not tampering). */
export function isReadOnlyCommand(cmd: SimpleCommand): boolean {
  // Asked several times for every command of every evaluation: the arguments are read in place, not copied.
  const argv = cmd.argv;
  const prog = argv[0];
  if (prog === undefined) return true;
  if (prog === 'git') {
    let sub: string | undefined;
    for (let i = 1; i < argv.length && sub === undefined; i++) if (!argv[i]!.startsWith('-')) sub = argv[i];
    return sub !== undefined && GIT_READ_ONLY.has(sub) && !anyArg(argv, GIT_WRITES);
  }
  if (prog === 'sed') return !anyArg(argv, SED_WRITES);
  if (prog === 'sort' || prog === 'uniq') {
    let operands = 0;
    for (let i = 1; i < argv.length; i++) if (!argv[i]!.startsWith('-')) operands++;
    return !anyArg(argv, SORT_OUTPUT) && (prog === 'sort' || operands < 2);
  }
  return READ_ONLY.has(prog);
}

function cdIsUnknown(cmd: SimpleCommand): boolean {
  const prog = cmd.argv[0];
  if (prog !== 'cd' && prog !== 'pushd' && prog !== 'popd') return false;
  return prog === 'popd' || cmd.dynamic || cmd.argv.slice(1).some((a) => a === '-');
}

/**
 * Every path the command's simple commands name (the shell analysis' commandPathWords), read both where an
 * earlier `cd` moved the command and from the request's cwd (so a misread `cd` cannot hide a path), each
 * marked write when the program is not clearly read-only or the analysis knows it writes there.
 * Threat: `cd .claude && rm settings.json` names the hook config only after the `cd`.
 */
export function bashPathRefs(analysis: ShellAnalysis, cwd: string, home: string): BashPathRef[] {
  const refs: BashPathRef[] = [];
  const renames = chainRenames(analysis.commands, cwd, home);
  // Each path once per command and use: path → command index × 4 + a bit for each (access, redirect) pair added.
  const seen = new Map<string, number>();
  let unsure = false;
  const add = (p: string, access: BashPathRef['access'], cmd: number, span: Span, redirect: boolean, relative: boolean, misreadCd = false): void => {
    // `mv secrets src/keys && cat src/keys/*`: the new name stands for what an earlier command put there.
    for (const from of renamedFrom(p, renames[cmd] ?? [])) addOne(from, access, cmd, span, redirect, relative, misreadCd, p);
    addOne(p, access, cmd, span, redirect, relative, misreadCd);
  };
  const addOne = (p: string, access: BashPathRef['access'], cmd: number, span: Span, redirect: boolean, relative: boolean, misreadCd: boolean, aliasOf?: string): void => {
    const bit = (access === 'write' ? 1 : 2) * (redirect ? 4 : 1);
    const had = seen.get(p);
    const bits = had !== undefined && Math.floor(had / 16) === cmd ? had % 16 : 0;
    if ((bits & bit) !== 0) return;
    seen.set(p, cmd * 16 + (bits | bit));
    const ref: BashPathRef = { path: p, access, cmd, span, unsure: unsure && relative, redirect };
    if (misreadCd) ref.misreadCd = true;
    if (aliasOf !== undefined) ref.aliasOf = aliasOf;
    refs.push(ref);
  };
  const here = [cwd];
  const stashPrinters = stashedTreePrinters(analysis.commands);
  analysis.commands.forEach((cmd, i) => {
    // A read is judged where the command runs; a possible write also from the request's cwd, in case a `cd` was misread.
    const elsewhere = cmd.cwd !== undefined && cmd.cwd !== cwd;
    // Every directory the command may run in: where a cd took it, and where bash stayed if a cd failed.
    const real = elsewhere ? [cmd.cwd!, ...(cmd.cwdAlts ?? [])] : [cwd, ...(cmd.cwdAlts ?? [])];
    const bases = !elsewhere && cmd.cwdAlts === undefined ? here : [...new Set([...real, ...(elsewhere && !isReadOnlyCommand(cmd) ? [cwd] : [])])];
    const misread = (base: string): boolean => !real.includes(base);
    let redirected: Set<string> | undefined;
    for (const r of cmd.redirects) {
      if (r.target === null || r.target === '' || (r.kind !== 'write' && r.kind !== 'read')) continue;
      const relative = !path.isAbsolute(expandHome(r.target, home));
      for (const base of bases) {
        const abs = absolutePath(r.target, base, home);
        (redirected ??= new Set()).add(abs);
        add(abs, r.kind === 'write' ? 'write' : 'read', i, r.span, true, relative, misread(base));
      }
    }
    // The words are read once; only where they resolve depends on the directory.
    const writeWords = commandWriteWords(cmd);
    // The folder a file server hands out, and the folder a stash printer prints as it was stashed, are read whole.
    const served = servedFolder(cmd.argv);
    const pathWords = stashPrinters.has(i) || served !== null ? [...commandPathWords(cmd), ...(stashPrinters.has(i) ? ['.'] : []), ...(served === null ? [] : [served])] : commandPathWords(cmd);
    const writes = writeWords.length === 0 ? NO_PATHS : new Set(bases.flatMap((b) => writeWords.map((w) => absolutePath(w, b, home))));
    const readOnly = isReadOnlyCommand(cmd) || KNOWN_WRITERS.has(cmd.argv[0] ?? '');
    for (const base of bases) {
      for (const p of resolvePathWords(pathWords, base, home)) {
        if (redirected?.has(p)) continue;
        add(p, readOnly && !writes.has(p) ? 'read' : 'write', i, cmd.span, false, true, misread(base));
      }
    }
    // Paths written that no word spells out: `cp -r /tmp/evil/.claude .` writes ./.claude.
    for (const p of writes) if (!redirected?.has(p)) add(p, 'write', i, cmd.span, false, true);
    for (const f of implicitEnvFiles(cmd.argv)) for (const base of real) {
      const p = absolutePath(f, base, home);
      if (refs.some((r) => r.cmd === i && r.path === p)) continue;
      addOne(p, 'read', i, cmd.span, false, true, false);
      refs[refs.length - 1]!.implicit = true;
    }
    if (cdIsUnknown(cmd)) unsure = true;
  });
  return refs;
}

/**
 * The paths whose gitignore status the tiers need: `< file` reads and the files reading programs open
 * (commandReadOperands) when it shows their contents. Every other shell path skips git, so a rule-decided `npm test` never waits for it.
 */
export function tieredShellReads(analysis: ShellAnalysis, refs: readonly BashPathRef[], cwd: string, home: string): Set<string> {
  const out = new Set(refs.filter((r) => (r.redirect && r.access === 'read') || r.aliasOf !== undefined || r.implicit === true).map((r) => r.path));
  const feedsReader = feedsFileReader(analysis.commands);
  for (const cmd of analysis.commands) {
    // `find -files0-from F` prints (or echoes in errors) each line of F.
    if (cmd.argv[0] === 'find') for (const f of findReadPaths(cmd.argv, true)) for (const base of [cmd.cwd ?? cwd, ...(cmd.cwdAlts ?? [])]) out.add(absolutePath(f, base, home));
    if (!showsContents(cmd.argv[0] ?? '') && !feedsReader) continue;
    for (const op of commandReadOperands(cmd)) for (const base of [cmd.cwd ?? cwd, ...(cmd.cwdAlts ?? [])]) out.add(absolutePath(op, base, home));
  }
  return out;
}

// Recursive readers that skip what .gitignore and dotfiles hide, so only their explicit hidden-file options matter.
const RESPECTS_IGNORES = new Set(['rg', 'ag']);

/**
 * The folders the command reads recursively without regard to .gitignore (`grep -r`, `tar -c`, `zip -r`, find or fd
 * handing their finds to a reader): the probe looks below them, so the tiers judge every file such a read reaches.
 * Threat: `grep -r KEY .` and `tar -cf - .` print .env; `find . -name '*.md' -exec cat {} +` walks into .git.
 */
export function recursiveShellReads(analysis: ShellAnalysis, cwd: string, home: string): Map<string, TreeFilter | null> {
  const out = new Map<string, TreeFilter | null>();
  const feedsReader = feedsFileReader(analysis.commands);
  const stashPrinters = stashedTreePrinters(analysis.commands);
  const renames = chainRenames(analysis.commands, cwd, home);
  for (const [i, cmd] of analysis.commands.entries()) {
    const prog = cmd.argv[0] ?? '';
    // rg's `-g GLOB` overrides its ignore rules: the files the glob picks are read even when gitignored.
    const globs = prog === 'rg' ? ripgrepGlobs(cmd.argv) : [];
    // A recursive copy reads every file below its sources into a place the tiers no longer tell apart (`cp -r secrets s2`).
    // A program without a spec given a folder packs, syncs, uploads or serves the whole tree (`7z a x.7z .`, `restic backup .`).
    const trees = stashPrinters.has(i) ? [...defaultTreeOperands(cmd), '.'] : defaultTreeOperands(cmd);
    for (const op of trees) for (const base of [cmd.cwd ?? cwd, ...(cmd.cwdAlts ?? [])]) for (const p of withRenames(absolutePath(op, base, home), renames[i])) out.set(p, null);
    const recursive = (readsFolders(cmd.argv) && !RESPECTS_IGNORES.has(prog)) || (feedsReader && (prog === 'find' || prog === 'fd' || prog === 'fdfind')) || globs.length > 0 || copiedSources(cmd.argv) !== null;
    if (!recursive) continue;
    if (globs.length > 0) {
      const ops = commandReadOperands(cmd).filter((o) => !rootGlobSpellings(globs[0]!).includes(o));
      for (const op of ops.length > 0 ? ops : ['.']) {
        const abs = absolutePath(op, cmd.cwd ?? cwd, home);
        const filters = globs.map((g) => ripgrepGlobFilter(g, abs));
        out.set(abs, (p) => filters.some((f) => f(p)));
      }
      continue;
    }
    for (const op of treeOperands(cmd)) for (const base of [cmd.cwd ?? cwd, ...(cmd.cwdAlts ?? [])]) {
      const named = absolutePath(op, base, home);
      const filter = prog === 'find' ? findFilter(cmd.argv, op, named) : null;
      // Two readers of one folder: the one without a filter reaches everything.
      for (const abs of withRenames(named, renames[i])) out.set(abs, out.has(abs) && (out.get(abs) === null || filter === null) ? null : filter);
    }
  }
  return out;
}

/** A path and the earlier paths it stands for after the line's renames. */
function withRenames(p: string, renames: readonly Rename[] | undefined): string[] {
  return renames === undefined || renames.length === 0 ? [p] : [p, ...renamedFrom(p, renames)];
}

/**
 * The folders read recursively by a command that follows the symbolic links it meets below them (`diff -r`, `zip -r`,
 * `find -L … -exec cat`): the probe judges where those links lead. Threat: `diff -rN src docs` prints /etc via src/link-etc.
 */
export function linkFollowingShellReads(analysis: ShellAnalysis, cwd: string, home: string): Set<string> {
  const out = new Set<string>();
  for (const cmd of analysis.commands) {
    // A program without a spec may follow the links it meets (7z, rclone -L): where they lead is judged too.
    for (const op of defaultTreeOperands(cmd)) for (const base of [cmd.cwd ?? cwd, ...(cmd.cwdAlts ?? [])]) out.add(absolutePath(op, base, home));
    if (!followsLinksInTrees(cmd.argv) && !copyFollowsLinks(cmd.argv)) continue;
    for (const op of treeOperands(cmd)) for (const base of [cmd.cwd ?? cwd, ...(cmd.cwdAlts ?? [])]) out.add(absolutePath(op, base, home));
  }
  return out;
}

/** The folders and files a recursive reader reads whole: a recursive copy's sources, or a reading program's operands. */
function treeOperands(cmd: SimpleCommand): string[] {
  return copiedSources(cmd.argv) ?? commandReadOperands(cmd);
}

/** Which files below a folder a recursive read picks (find's `-name`/`-path` tests), given their absolute paths. */
export type TreeFilter = (path: string) => boolean;

/**
 * The files `find START … -name P -path Q` lists, when its expression is a plain conjunction of name and path tests
 * (any `-o`, `!`, `,` or grouping: null, every file counts). find matches with fnmatch: `*` crosses `/` and dots.
 */
function findFilter(argv: readonly string[], start: string, startAbs: string): TreeFilter | null {
  const narrowing = findNarrowing(argv);
  if (narrowing === null || narrowing.tests.length === 0) return null;
  const tests = narrowing.tests.map((t) => ({ re: fnmatchRegex(t.pattern, { nocase: t.nocase }), whole: t.whole }));
  return (p) => {
    // find walks into .git whatever it looks for: what git rewrites there is never vouched for.
    if (p.split('/').includes('.git')) return true;
    const shown = start.replace(/\/+$/, '') + p.slice(startAbs.replace(/\/+$/, '').length);
    return tests.every((t) => t.re.test(t.whole ? shown : path.basename(p)));
  };
}

/** The include globs of an rg command (`-g GLOB`, `--glob=GLOB`, `--iglob`), exclusions (`!…`) left out. */
function ripgrepGlobs(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i]!;
    const m = /^(?:-g|--i?glob)(?:=(.*))?$|^-g(.+)$/.exec(w);
    if (!m) continue;
    const g = m[1] ?? m[2] ?? argv[++i];
    if (g !== undefined && !g.startsWith('!')) out.push(g);
  }
  return out;
}

/** rg's own recursion: what it skips unless told not to (`-u` ignored files, `-uu`/`--hidden` hidden ones too). */
function ripgrepReach(argv: readonly string[]): Reach {
  const us = argv.slice(1).filter((w) => /^-[a-zA-Z]*u/.test(w) && !w.startsWith('--')).reduce((n, w) => n + (w.match(/u/g)?.length ?? 0), 0);
  const noIgnore = us >= 1 || argv.some((w) => /^--no-ignore(-vcs)?$/.test(w));
  const hidden = us >= 2 || argv.some((w) => w === '--hidden' || w === '-.');
  return { picks: null, skipsIgnored: !noIgnore, skipsHidden: !hidden };
}

/**
 * Every folder the command reads recursively and how it picks the files there: the readers that read all
 * (recursiveShellReads, `cp -r`, `rsync -a`) and those that skip what git ignores (rg, `git grep`, `git archive`, git's
 * diffs and patches). Asked for only when Read deny rules exist. Threat: `grep -r KEY .`, `rg KEY`, `git grep KEY HEAD`,
 * `git show`, `cp -r docs out` read docs/guide.md past `Read(./docs/**)`.
 */
export function searchedFolders(analysis: ShellAnalysis, cwd: string, home: string): Map<string, Reach> {
  const out = new Map<string, Reach>();
  const feedsReader = feedsFileReader(analysis.commands);
  const ignoredInHistory = analysis.commands.some((c) => gitHoldsIgnored(c.argv));
  const bases = (cmd: SimpleCommand): string[] => [cmd.cwd ?? cwd, ...(cmd.cwdAlts ?? [])];
  const add = (cmd: SimpleCommand, ops: readonly string[], reach: Reach): void => {
    for (const op of ops) for (const base of bases(cmd)) out.set(absolutePath(op, base, home), reach);
  };
  // A read that happens only if some word is not a path never narrows a read already found there; two such reads merge.
  const addUnless = (cmd: SimpleCommand, words: readonly string[], reach: Reach): void => {
    for (const base of bases(cmd)) {
      const key = absolutePath('.', base, home);
      const unless = words.map((w) => absolutePath(w, base, home));
      const known = out.get(key);
      if (known !== undefined && known.unlessAllExist === undefined) continue;
      out.set(key, { ...reach, unlessAllExist: [...(known?.unlessAllExist ?? []), ...unless] });
    }
  };
  for (const cmd of analysis.commands) {
    if (cmd.argv[0] === 'rg' || cmd.argv[0] === 'ag') add(cmd, commandReadOperands(cmd), ripgrepReach(cmd.argv));
    // git grep, git archive and git's diffs and patches read what the repository tracks (git grep --untracked also
    // what it does not ignore).
    const tracked: Reach = { picks: null, skipsIgnored: !ignoredInHistory, skipsHidden: false };
    const grep = gitGrepSearch(cmd.argv);
    if (grep !== null) add(cmd, grep.paths, tracked);
    if (grep !== null && grep.mayBeRevisions.length > 0) addUnless(cmd, grep.mayBeRevisions, tracked);
    const whole = gitArchivePaths(cmd.argv) ?? gitContentPaths(cmd.argv) ?? gitHandedPaths(cmd.argv, feedsReader);
    if (whole !== null) add(cmd, whole, tracked);
    // A recursive copy reads every file below its sources, into a place no rule denies.
    const copied = copiedSources(cmd.argv);
    if (copied !== null) add(cmd, copied, { picks: null, skipsIgnored: false, skipsHidden: false });
  }
  // Readers of everything last: they reach more than an ignore-aware reader of the same folder.
  for (const [p, picks] of recursiveShellReads(analysis, cwd, home)) out.set(p, { picks, skipsIgnored: false, skipsHidden: false });
  return out;
}
