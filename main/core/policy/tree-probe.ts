// What a recursive read of a folder reaches: the first file the tiers would refuse below it (.git, gitignored, secret).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { checkIgnored } from './git-ignore.js';
import { relativeInside } from './paths.js';
import { secretReason } from './secrets.js';

/** Most entries looked at below one folder; a bigger tree is not vouched for (a recursive read of it asks). */
const MAX_ENTRIES = 4000;

function walk(dir: string, out: string[], intoGit: boolean): 'full' | null | string {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return null; // unreadable: the reader cannot read it either
  }
  for (const e of entries) {
    const p = path.join(dir, e.name);
    // grep -r walks into .git, whose files git itself rewrites: an unfiltered recursive read of a tree holding it asks.
    if (e.name === '.git' && !intoGit) return p;
    if (out.length >= MAX_ENTRIES) return 'full';
    out.push(p);
    // grep -r, tar and find do not follow links met during recursion: a link is read as a link.
    if (e.isDirectory()) {
      const deeper = walk(p, out, intoGit);
      if (deeper !== null) return deeper;
    }
  }
  return null;
}

/**
 * The first path below `folder` (absolute, resolved, inside `realCwd`) that the workspace tiers would not let a read
 * through — repository internals, a gitignored or secret-looking file — or a note that the tree is too big to check; null
 * when every file below is one the tiers allow. `picks` narrows the files read (find's `-name`). Threat: `grep -r KEY .`, `tar -cf - .`, `find . -exec cat {} +` read .env.
 */
export async function treeHolds(folder: string, realCwd: string, picks: ((path: string) => boolean) | null = null): Promise<string | null> {
  const all: string[] = [];
  const stop = walk(folder, all, picks !== null);
  if (stop === 'full') return `more than ${MAX_ENTRIES} files, too many to check`;
  if (stop !== null) return stop;
  const found = picks === null ? all : all.filter(picks);
  const internal = found.find((p) => p.split(path.sep).includes('.git'));
  if (internal !== undefined) return internal;
  const secret = found.find((p) => secretReason(relativeInside(p, realCwd) ?? p) !== null);
  if (secret !== undefined) return secret;
  if (found.length === 0) return null;
  const answer = await checkIgnored(realCwd, found);
  return found.find((p) => answer.ignored.has(p)) ?? null;
}
