// A repository as the in-memory ignore readers see it — its work tree, what its index tracks and its repository-wide
// ignore files — and the per-folder .gitignore levels read on the way down: the one view behind both knownIgnored
// (oracle.ts, `git check-ignore`) and knownUnignored (unignored.ts, `git ls-files -co --exclude-standard`). Whatever
// it does not follow for certain (config includes, a case-folding repository, a repository owned by someone else, a
// work tree reached through a link, an unreadable index) gives null: the caller asks git.
import { lstatSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { findRepository, globalConfigFiles } from '../git-config-files.js';
import { readIndex, type TrackedSet } from './index-file.js';
import { ignoreConfigOf, defaultExcludesFile, type IgnoreConfig } from './git-config.js';
import { ignores, type Level } from './levels.js';
import { ignoreFiles, ODD, wideFiles, type Parsed } from './pattern-files.js';
import { StampedFiles, stampOf } from './stamped.js';

/** What both ignore readers need of one repository. */
export interface RepoView {
  /** The folder holding `.git`, physical (symlinks resolved). */
  workTree: string;
  set: TrackedSet;
  /** info/exclude and the excludes file, in the order git weighs them. */
  wide: readonly Level[];
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
  if (bytes === null) return { files: new Set(), dirs: new Set(), gitlinks: [], listedApart: false };
  const stamp = stampOf(file);
  const had = indexes.get(file);
  if (had !== undefined && had.stamp === stamp && had.hashBytes === hashBytes) return had.tracked;
  const set = readIndex(bytes, hashBytes);
  indexes.set(file, { stamp, hashBytes, tracked: set });
  return set;
}

/** The repository `dir` (absolute, physical) is in, as git run there sees it; null when not followed for certain. */
export function repoView(dir: string, env: NodeJS.ProcessEnv): RepoView | null {
  // Paths are compared with the work tree as git sees it: physically, symlinks resolved.
  try {
    if (realpathSync.native(dir) !== dir) return null;
  } catch {
    return null;
  }
  const repo = findRepository(dir);
  // A bare repository has no work tree and no index: what git says there is git's to say.
  if (repo === undefined || repo.bare) return null;
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
  return { workTree: repo.workTree, set, wide };
}

/**
 * The levels that apply inside folder `rel` (one git does not ignore; '' for the work tree's root), given those of its parent;
 * null when not followed for certain (a repository nested there, a .gitignore git may read otherwise). `names`, the
 * folder's entries when already read, spares a stat of what is not among them.
 */
export function levelsIn(view: RepoView, rel: string, outer: readonly Level[], names?: readonly string[]): readonly Level[] | null {
  const holds = (name: string): boolean => names === undefined || names.includes(name);
  // A repository nested in this one answers for itself.
  if (rel !== '' && holds('.git') && stampOf(path.join(view.workTree, rel, '.git')) !== undefined) return null;
  if (!holds('.gitignore')) return outer;
  const patterns = ignoreFiles.get(path.join(view.workTree, rel, '.gitignore'));
  if (patterns === ODD) return null;
  return patterns !== null && patterns.length > 0 ? [...outer, { base: rel, patterns }] : outer;
}

/**
 * The levels that apply inside folder `rel`, entered from the work tree's root down: 'excluded' when git ignores a
 * folder on the way (or `rel` itself), null when one is not followed for certain (levelsIn).
 */
export function levelsInside(view: RepoView, rel: string): readonly Level[] | 'excluded' | null {
  const parts = rel === '' ? [] : rel.split('/');
  let levels: readonly Level[] | null = levelsIn(view, '', []);
  for (let i = 1; i <= parts.length && levels !== null; i++) {
    const dir = parts.slice(0, i).join('/');
    // A folder git ignores hides everything untracked below it; its .gitignore is never read.
    if (ignores(dir, true, levels, view.wide)) return 'excluded';
    levels = levelsIn(view, dir, levels);
  }
  return levels;
}
