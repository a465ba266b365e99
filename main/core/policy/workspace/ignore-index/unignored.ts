// The files `git ls-files -co --exclude-standard -- <under>` lists — what rg and git grep search — answered from the
// files git reads (the ignore oracle's repository view, repo-view.ts) and one walk of the folder, without a git process
// on the decision path (a git start costs 5 ms on a quiet machine and hundreds under load). Every tracked path at or
// below `under`, and every untracked regular file or symbolic link git does not ignore, found the way git walks: a
// folder git ignores is not entered (nothing untracked below it is listed, its .gitignore is never read), links are
// not followed, special files and empty folders list nothing. Whatever git may answer otherwise — a repository nested
// in the work tree, a submodule, a name git or this reader treats specially, a tree too big to walk at once — answers
// null: the caller asks git.
import { lstatSync, readdirSync, realpathSync, type Dirent } from 'node:fs';
import path from 'node:path';
import type { TrackedSet } from './index-file.js';
import { ignores, type Level } from './levels.js';
import { levelsIn, levelsInside, repoView, type RepoView } from './repo-view.js';

// Past this many entries read, git answers: a walk of a huge tree would cost more than the git start it saves.
const MAX_WALKED = 20_000;

/** A name this reader does not vouch for: glob characters, a backslash, bytes that are not UTF-8, or not NFC. */
function oddName(name: string): boolean {
  return /[*?[\\\uFFFD]/.test(name) || name.normalize('NFC') !== name;
}

// Per tracked set (one per version of the index), its paths with odd names: found once, not on every listing.
const oddTracked = new WeakMap<TrackedSet, string[]>();

function oddTrackedOf(set: TrackedSet): string[] {
  let odd = oddTracked.get(set);
  if (odd === undefined) {
    odd = [...set.files].filter(oddName);
    oddTracked.set(set, odd);
  }
  return odd;
}

function kind(e: Dirent, folder: string): 'dir' | 'file' | 'other' {
  if (e.isDirectory()) return 'dir';
  if (e.isFile() || e.isSymbolicLink()) return 'file';
  if (!e.isFIFO() && !e.isSocket() && !e.isBlockDevice() && !e.isCharacterDevice()) {
    // No file type from readdir on this filesystem.
    const s = lstatSync(path.join(folder, e.name), { throwIfNoEntry: false });
    if (s?.isDirectory()) return 'dir';
    if (s?.isFile() || s?.isSymbolicLink()) return 'file';
  }
  return 'other';
}

/**
 * Adds the untracked files git does not ignore below folder `top` (one git does not ignore, with its parent's levels
 * `outer`) to `out`, each folder's levels read once on the way down; false when git must say.
 */
function walk(view: RepoView, top: string, outer: readonly Level[], out: Set<string>): boolean {
  const stack: Array<{ rel: string; outer: readonly Level[] }> = [{ rel: top, outer }];
  let walked = 0;
  for (let folder = stack.pop(); folder !== undefined; folder = stack.pop()) {
    const abs = path.join(view.workTree, folder.rel);
    const entries = readdirSync(abs, { withFileTypes: true });
    walked += entries.length;
    if (walked > MAX_WALKED) return false;
    const levels = levelsIn(view, folder.rel, folder.outer, entries.map((e) => e.name));
    if (levels === null) return false;
    for (const e of entries) {
      // The repository's own .git; one below makes levelsIn hand back.
      if (e.name === '.git' && folder.rel === '') continue;
      if (e.name === '.git' || oddName(e.name)) return false;
      const rel = folder.rel === '' ? e.name : `${folder.rel}/${e.name}`;
      const k = kind(e, abs);
      // A folder git ignores is not entered: nothing untracked below it is listed, its .gitignore never read.
      if (k === 'dir') {
        if (!ignores(rel, true, levels, view.wide)) stack.push({ rel, outer: levels });
      } else if (k === 'file' && !view.set.files.has(rel) && !ignores(rel, false, levels, view.wide)) out.add(rel);
    }
  }
  return true;
}

/** The untracked files git does not ignore at or below `rel` (added to `out`); false when git must say. Throws on a file-system error. */
function untracked(view: RepoView, rel: string, out: Set<string>): boolean {
  const abs = path.join(view.workTree, rel);
  // git does not follow a link on the way to `under`: nor does this reader answer for one.
  if (realpathSync.native(path.dirname(abs)) !== path.dirname(abs)) return false;
  const s = lstatSync(abs, { throwIfNoEntry: false });
  if (s === undefined) return true;
  if (rel === '') return !s.isDirectory() || walk(view, '', [], out);
  const outer = levelsInside(view, rel.slice(0, Math.max(rel.lastIndexOf('/'), 0)));
  if (outer === null) return false;
  if (outer === 'excluded' || ignores(rel, s.isDirectory(), outer, view.wide)) return true;
  if (s.isDirectory()) return walk(view, rel, outer, out);
  if ((s.isFile() || s.isSymbolicLink()) && !view.set.files.has(rel)) out.add(rel);
  return true;
}

/**
 * The files `git ls-files -co --exclude-standard -- <under>` lists from `dir` (physical, as git answers for it; `under`
 * absolute, a folder or a file inside its work tree), absolute and in no particular order; null when that cannot be
 * known here without running git.
 */
export function knownUnignored(dir: string, under: string, env: NodeJS.ProcessEnv = process.env): string[] | null {
  if (!path.isAbsolute(under)) return null;
  const view = repoView(dir, env);
  if (view === null) return null;
  const native = path.relative(view.workTree, under);
  if (native === '..' || native.startsWith(`..${path.sep}`) || path.isAbsolute(native)) return null;
  const rel = native.split(path.sep).join('/');
  if (rel !== '' && rel.split('/').some((p) => p === '.git' || oddName(p))) return null;
  const { set } = view;
  if (set.listedApart) return null;
  const below = `${rel}/`;
  const at = (p: string): boolean => rel === '' || p === rel || p.startsWith(below);
  // A submodule at, below or above `under` is another repository's to list.
  if (set.gitlinks.some((g) => at(g) || rel.startsWith(`${g}/`))) return null;
  if (oddTrackedOf(set).some(at)) return null;
  const out = new Set<string>();
  for (const f of set.files) if (at(f)) out.add(f);
  try {
    if (!untracked(view, rel, out)) return null;
  } catch {
    return null; // a folder unreadable, or gone on the way: what git makes of it is git's to say
  }
  const prefix = view.workTree.endsWith(path.sep) ? view.workTree : `${view.workTree}${path.sep}`;
  return [...out].map((p) => prefix + p);
}
