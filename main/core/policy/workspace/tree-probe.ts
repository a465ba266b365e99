// What a recursive read of a folder reaches: the first file the tiers would refuse below it (.git, gitignored, secret).
import { readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { checkIgnored } from './git-ignore.js';
import { relativeInside } from '../paths.js';
import { secretReason } from '../vouch/secrets.js';

/** Most entries looked at below one folder; a bigger tree is not vouched for (a recursive read of it asks). */
export const MAX_ENTRIES = 4000;

/** How a walk goes: into `.git` or stopping there, following links met below within a folder, listing folders too. */
interface WalkOptions {
  intoGit: boolean;
  /** The workspace when the reader follows links met below the folder (`diff -r`, `zip -r`, `find -L`), else null. */
  within: string | null;
  filesOnly: boolean;
}

function walk(dir: string, out: string[], opts: WalkOptions): 'full' | null | string {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return null; // unreadable: the reader cannot read it either
  }
  for (const e of entries) {
    const p = path.join(dir, e.name);
    // grep -r walks into .git, whose files git itself rewrites: an unfiltered recursive read of a tree holding it asks.
    if (e.name === '.git' && !opts.intoGit) return p;
    if (out.length >= MAX_ENTRIES) return 'full';
    // grep -r, tar and find do not follow links met during recursion: a link is read as a link. diff -r and zip -r do.
    if (opts.within !== null && e.isSymbolicLink()) {
      const target = resolved(p);
      if (target === null) continue;
      if (relativeInside(target, opts.within) === null) return p;
      out.push(target);
      continue;
    }
    if (!opts.filesOnly || !e.isDirectory()) out.push(p);
    if (e.isDirectory()) {
      const deeper = walk(p, out, opts);
      if (deeper !== null) return deeper;
    }
  }
  return null;
}

/** Every file below `dir` (a link met below is listed as a link, not followed), or 'full' past MAX_ENTRIES entries. */
export function filesBelow(dir: string): string[] | 'full' {
  const out: string[] = [];
  return walk(dir, out, { intoGit: true, within: null, filesOnly: true }) === 'full' ? 'full' : out;
}

function resolved(p: string): string | null {
  try {
    return realpathSync(p);
  } catch {
    return null; // dangling: nothing to read
  }
}

/**
 * The first path below `folder` (absolute, resolved, inside `realCwd`) that the workspace tiers would not let a read
 * through — repository internals, a gitignored or secret-looking file, a link out when `followsLinks` — or a note that the
 * tree is too big to check; null when every file below is one the tiers allow. `picks` narrows the files read (find's `-name`).
 * Threat: `grep -r KEY .`, `tar -cf - .`, `find . -exec cat {} +` read .env; `diff -rN src docs` reads /etc through src/link-etc.
 */
export async function treeHolds(folder: string, realCwd: string, picks: ((path: string) => boolean) | null = null, followsLinks = false): Promise<string | null> {
  const all: string[] = [];
  const stop = walk(folder, all, { intoGit: picks !== null, within: followsLinks ? realCwd : null, filesOnly: false });
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
