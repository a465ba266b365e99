// Which paths of a work tree git ignores, answered from the files git itself reads — every .gitignore on the way,
// info/exclude, the excludes file of git's config, and the index for what is tracked — each re-read only when its
// stat stamp changes: the same answer `git check-ignore --stdin` gives, without a git process on the decision path
// (a git start costs 5 ms on a quiet machine and hundreds under load). Whatever this reader does not follow for
// certain (config includes, nested repositories, a split index, odd patterns, a case-folding repository, paths with
// glob characters, a repository owned by someone else) answers null: the caller asks git, as before.
import { lstatSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { findRepository, globalConfigFiles } from '../git-config-files.js';
import { readIndex, type TrackedSet } from './index-file.js';
import { ignoreConfigOf, defaultExcludesFile, type IgnoreConfig } from './git-config.js';
import { decide, type Level } from './levels.js';
import { ignoreFiles, ODD, wideFiles, type Parsed } from './pattern-files.js';
import { StampedFiles, stampOf } from './stamped.js';

/** What git says about a batch of paths in one work tree (as git-ignore.ts's IgnoreAnswer). */
export interface KnownIgnoreAnswer {
  inRepo: true;
  ignored: Set<string>;
}

const indexes = new Map<string, { stamp: string | undefined; hashBytes: number; tracked: TrackedSet | null }>();
const indexBytes = new StampedFiles<Parsed<Buffer>>((bytes) => bytes, ODD, false, 64);

/** The repository's ignore-related config, or null when it uses what is not followed. */
function readConfig(commonDir: string, gitDir: string, home: string, env: NodeJS.ProcessEnv): IgnoreConfig | null {
  if (stampOf(path.join(gitDir, 'config.worktree')) !== undefined) return null;
  return ignoreConfigOf(['/etc/gitconfig', ...globalConfigFiles(home, env), path.join(commonDir, 'config')], home);
}

/** The tracked set as the index holds it now (empty for a repository with no index yet), or null when unreadable. */
function tracked(gitDir: string, hashBytes: number): TrackedSet | null {
  const file = path.join(gitDir, 'index');
  const bytes = indexBytes.get(file);
  if (bytes === ODD) return null;
  if (bytes === null) return { files: new Set(), dirs: new Set(), gitlinks: [] };
  const stamp = stampOf(file);
  const had = indexes.get(file);
  if (had !== undefined && had.stamp === stamp && had.hashBytes === hashBytes) return had.tracked;
  const set = readIndex(bytes, hashBytes);
  indexes.set(file, { stamp, hashBytes, tracked: set });
  return set;
}

function isDirectory(p: string): boolean {
  try {
    return lstatSync(p, { throwIfNoEntry: false })?.isDirectory() ?? false;
  } catch {
    return false;
  }
}

/** Whether git ignores `rel` (below `workTree`); null when the answer cannot be known without git. */
function ignoredPath(workTree: string, rel: string, set: TrackedSet, wide: readonly Level[]): boolean | null {
  if (/[*?[\\]/.test(rel)) return null;
  if (set.gitlinks.some((g) => rel === g || rel.startsWith(`${g}/`))) return null;
  // check-ignore is silent on what the index holds, and on a folder that holds something tracked (the work tree
  // itself holds everything; empty, it is matched as a name that is empty and no folder: `*` ignores it, `*/` does not).
  if (set.files.has(rel) || set.dirs.has(rel) || (rel === '' && set.files.size > 0)) return false;
  if (rel === '') {
    const patterns = ignoreFiles.get(path.join(workTree, '.gitignore'));
    if (patterns === ODD) return null;
    const m = decide('', false, patterns === null ? [] : [{ base: '', patterns }], wide);
    return m !== null && !m.negative;
  }
  const parts = rel.split('/');
  const levels: Level[] = [];
  for (let i = 0; i < parts.length; i++) {
    const dir = parts.slice(0, i).join('/');
    if (i > 0) {
      // A folder an earlier level excludes hides everything below it; its own .gitignore is never read.
      const m = decide(dir, true, levels, wide);
      if (m !== null && !m.negative) return true;
      // A repository nested in this one (untracked) answers for itself.
      if (stampOf(path.join(workTree, dir, '.git')) !== undefined) return null;
    }
    const patterns = ignoreFiles.get(path.join(workTree, dir, '.gitignore'));
    if (patterns === ODD) return null;
    if (patterns !== null && patterns.length > 0) levels.push({ base: dir, patterns });
  }
  const m = decide(rel, isDirectory(path.join(workTree, rel)), levels, wide);
  return m !== null && !m.negative;
}

/**
 * Which of `paths` (absolute, symlinks resolved, inside `dir`'s work tree) git ignores, as `git check-ignore` would
 * answer from `dir`; null when that cannot be known here without running git.
 */
export function knownIgnored(dir: string, paths: readonly string[], env: NodeJS.ProcessEnv = process.env): KnownIgnoreAnswer | null {
  // Paths are compared with the work tree as git sees it: physically, symlinks resolved.
  try {
    if (realpathSync.native(dir) !== dir) return null;
  } catch {
    return null;
  }
  const repo = findRepository(dir);
  if (repo === undefined) return null;
  // git refuses a repository another user owns (safe.directory): that answer is git's to give.
  try {
    if (process.getuid !== undefined && lstatSync(repo.gitDir).uid !== process.getuid()) return null;
  } catch {
    return null;
  }
  const home = env.HOME || homedir();
  const config = readConfig(repo.commonDir, repo.gitDir, home, env);
  if (config === null || config.ignoreCase) return null;
  const set = tracked(repo.gitDir, config.hashBytes);
  if (set === null) return null;
  const wide: Level[] = [];
  for (const file of [path.join(repo.commonDir, 'info', 'exclude'), config.excludesFile ?? defaultExcludesFile(home, env)]) {
    const patterns = wideFiles.get(file);
    if (patterns === ODD) return null;
    if (patterns !== null) wide.push({ base: '', patterns });
  }
  const ignored = new Set<string>();
  for (const p of paths) {
    const rel = path.relative(repo.workTree, p);
    if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
    const answer = ignoredPath(repo.workTree, rel.split(path.sep).join('/'), set, wide);
    if (answer === null) return null;
    if (answer) ignored.add(p);
  }
  return { inRepo: true, ignored };
}
