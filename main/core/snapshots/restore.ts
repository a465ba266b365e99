// Putting files back: every blob is read and every new file staged beside its target first; only then are they
// renamed into place and the deleted ones removed. A failure while staging changes nothing; a failure while placing
// puts back what was already placed. Threat: the agent may have turned a folder into a symlink to elsewhere, so
// every parent on the way is checked to be a real folder inside the workspace before anything is written.
import { randomBytes } from 'node:crypto';
import { chmodSync, lstatSync, mkdirSync, readdirSync, renameSync, rmdirSync, statSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Restore } from './plan.js';
import type { Entry } from './trees.js';

/** Why a path cannot be restored safely, or null. Pure apart from lstat: no symlink or file may stand on the way. */
export function unsafeParent(root: string, path: string): string | null {
  const parts = path.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..' || p === '.git')) return `${path} is not a plain path inside the workspace`;
  let dir = root;
  for (const part of parts.slice(0, -1)) {
    dir = join(dir, part);
    let st;
    try {
      st = lstatSync(dir);
    } catch {
      return null; // missing from here down: created as real folders
    }
    if (st.isSymbolicLink()) return `${dir} is now a symbolic link; undo will not write through it`;
    if (!st.isDirectory()) return `${dir} is now a file where a folder was`;
  }
  return null;
}

/** The permission bits to give a restored file: the current file's, with its execute bits set as the snapshot says. */
function modeFor(entry: Entry, current: string): number {
  const exec = entry.mode === '100755';
  let base = 0o644;
  try {
    base = statSync(current).mode & 0o777;
  } catch {
    base = 0o666 & ~process.umask();
  }
  return exec ? base | ((base & 0o444) >> 2) : base & ~0o111;
}

interface Staged {
  restore: Restore;
  temp: string | null;
}

/** Applies restores in `root` with blob bytes from `blobs`; throws (having changed nothing, or put it back) on failure. */
export function applyRestores(root: string, restores: readonly Restore[], blobs: Map<string, Buffer>): void {
  for (const r of restores) {
    const why = unsafeParent(root, r.path);
    if (why) throw new Error(why);
    for (const e of [r.to, r.now]) if (e?.mode === '160000') throw new Error(`${r.path} is a nested repository, which undo does not restore`);
    try {
      if (lstatSync(join(root, r.path)).isDirectory()) throw new Error(`${r.path} is now a folder; undo will not replace it`);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  const staged: Staged[] = [];
  try {
    for (const r of restores) staged.push({ restore: r, temp: r.to ? stage(root, r.path, r.to, blobs) : null });
  } catch (err) {
    for (const s of staged) if (s.temp) unlinkQuiet(s.temp);
    throw err;
  }
  const placed: Restore[] = [];
  try {
    for (const s of staged) {
      const target = join(root, s.restore.path);
      if (s.temp) renameSync(s.temp, target);
      else unlinkQuiet(target);
      placed.push(s.restore);
      if (!s.temp) removeEmptyParents(root, dirname(target));
    }
  } catch (err) {
    for (const s of staged) if (s.temp) unlinkQuiet(s.temp);
    // Put back what was placed: the inverse restores, whose bytes were read with the rest.
    const inverse = placed.map((r) => ({ path: r.path, now: r.to, to: r.now }));
    if (inverse.length > 0) applyRestores(root, inverse, blobs);
    throw err;
  }
}

/** Writes the file's new bytes (or symlink) beside it under a temporary name; returns that name. */
function stage(root: string, path: string, entry: Entry, blobs: Map<string, Buffer>): string {
  const target = join(root, path);
  const bytes = blobs.get(entry.oid);
  if (!bytes) throw new Error(`the snapshot has no content for ${path}`);
  mkdirSync(dirname(target), { recursive: true });
  const temp = join(dirname(target), `.gatehouse-undo-${randomBytes(6).toString('hex')}`);
  if (entry.mode === '120000') symlinkSync(bytes.toString('utf8'), temp);
  else {
    writeFileSync(temp, bytes, { flag: 'wx', mode: 0o600 });
    chmodSync(temp, modeFor(entry, target));
  }
  return temp;
}

function unlinkQuiet(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}

/** Removes folders left empty by a deletion, up to (not including) the workspace root. */
function removeEmptyParents(root: string, dir: string): void {
  for (let d = dir; d.startsWith(`${root}/`); d = dirname(d)) {
    try {
      if (readdirSync(d).length > 0) return;
      rmdirSync(d);
    } catch {
      return;
    }
  }
}
