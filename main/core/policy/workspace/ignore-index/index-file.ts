// The paths git tracks, read from the repository's index file (git's "index-format" documentation: versions 2 to 4),
// so a tracked file is never taken for an ignored one without starting git. Split and sparse indexes, and
// submodules, are not read: the caller then asks git.

import { readIndexEntries } from '../../../git-index/entries.js';

/** What the index says is tracked. */
export interface TrackedSet {
  /** Every path in the index (any stage), relative to the work tree. */
  files: ReadonlySet<string>;
  /** Every folder holding a tracked path (pathspec matching: `git check-ignore build` is silent when build/keep is tracked). */
  dirs: ReadonlySet<string>;
  /** Submodule paths (gitlinks): what lies below them is another repository's. */
  gitlinks: readonly string[];
  /** Whether `git ls-files` lists entries otherwise than `files` holds them: a skip-worktree entry, a path in conflict. */
  listedApart: boolean;
}

const GITLINK = 0o160000;

/** The tracked set of an index file's bytes; null when it uses what this reader does not read. */
export function readIndex(buf: Buffer, hashBytes = 20): TrackedSet | null {
  const entries = readIndexEntries(buf, hashBytes);
  if (entries === null) return null;
  const files = new Set<string>();
  const dirs = new Set<string>();
  const gitlinks: string[] = [];
  let listedApart = false;
  for (const { path: name, mode, skipWorktree, stage } of entries) {
    // ls-files lists a path in conflict once per stage.
    if (stage !== 0) listedApart = true;
    // Skip-worktree entries are not matched by check-ignore's pathspecs (ls-files lists them).
    if (skipWorktree) {
      listedApart = true;
      continue;
    }
    if ((mode & 0o170000) === GITLINK) gitlinks.push(name);
    files.add(name);
    for (let i = name.indexOf('/'); i !== -1; i = name.indexOf('/', i + 1)) dirs.add(name.slice(0, i));
  }
  return { files, dirs, gitlinks, listedApart };
}
