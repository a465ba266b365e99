// Which paths of a work tree git ignores, answered from the files git itself reads — every .gitignore on the way,
// info/exclude, the excludes file of git's config, and the index for what is tracked — each re-read only when its
// stat stamp changes: the same answer `git check-ignore --stdin` gives, without a git process on the decision path
// (a git start costs 5 ms on a quiet machine and hundreds under load). Whatever this reader does not follow for
// certain (config includes, nested repositories, a split index, odd patterns, a case-folding repository, a path with
// glob characters that may match a tracked file, a repository owned by someone else) answers null: the caller asks git, as before.
import { lstatSync } from 'node:fs';
import path from 'node:path';
import { ignores } from './levels.js';
import { ignoreFiles, ODD } from './pattern-files.js';
import { mayMatchTracked } from './pathspec.js';
import { levelsInside, repoView, type RepoView } from './repo-view.js';

/** What git says about a batch of paths in one work tree (as git-ignore.ts's IgnoreAnswer). */
export interface KnownIgnoreAnswer {
  inRepo: true;
  ignored: Set<string>;
}

function isDirectory(p: string): boolean {
  try {
    return lstatSync(p, { throwIfNoEntry: false })?.isDirectory() ?? false;
  } catch {
    return false;
  }
}

/** Whether git ignores `rel` (below the view's work tree); null when the answer cannot be known without git. */
function ignoredPath(view: RepoView, rel: string): boolean | null {
  const { workTree, set, wide } = view;
  // A name with glob characters is a pathspec to git: when it may match a tracked file, git's is the answer.
  if (/[*?[\\]/.test(rel) && mayMatchTracked(rel, set)) return null;
  if (set.gitlinks.some((g) => rel === g || rel.startsWith(`${g}/`))) return null;
  // check-ignore is silent on what the index holds, and on a folder that holds something tracked (the work tree
  // itself holds everything; empty, it is matched as a name that is empty and no folder: `*` ignores it, `*/` does not).
  if (set.files.has(rel) || set.dirs.has(rel) || (rel === '' && set.files.size > 0)) return false;
  if (rel === '') {
    const patterns = ignoreFiles.get(path.join(workTree, '.gitignore'));
    if (patterns === ODD) return null;
    return ignores('', false, patterns === null ? [] : [{ base: '', patterns }], wide);
  }
  const levels = levelsInside(view, rel.slice(0, Math.max(rel.lastIndexOf('/'), 0)));
  if (levels === null) return null;
  if (levels === 'excluded') return true;
  return ignores(rel, isDirectory(path.join(workTree, rel)), levels, wide);
}

/**
 * Which of `paths` (absolute, symlinks resolved, inside `dir`'s work tree) git ignores, as `git check-ignore` would
 * answer from `dir`; null when that cannot be known here without running git.
 */
export function knownIgnored(dir: string, paths: readonly string[], env: NodeJS.ProcessEnv = process.env): KnownIgnoreAnswer | null {
  const view = repoView(dir, env);
  if (view === null) return null;
  const ignored = new Set<string>();
  for (const p of paths) {
    const rel = path.relative(view.workTree, p);
    if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
    const answer = ignoredPath(view, rel.split(path.sep).join('/'));
    if (answer === null) return null;
    if (answer) ignored.add(p);
  }
  return { inRepo: true, ignored };
}
