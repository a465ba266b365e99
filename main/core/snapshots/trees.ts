// Reading snapshots back: which paths differ between two trees, what a tree holds at given paths, and blob bytes
// (objects the in-process snapshots named are written first).
import { flushShadow, heldInMemory } from './fast/engine.js';
import { git, type ShadowPaths } from './git.js';

/** A file as a tree records it: its mode (100644, 100755, 120000 symlink, 160000 nested repository) and blob id. */
export interface Entry {
  mode: string;
  oid: string;
}

/** Paths whose entry differs between two trees (added, deleted, changed content or mode), sorted. */
export async function changedPaths(paths: ShadowPaths, from: string, to: string): Promise<string[]> {
  if (from === to) return [];
  flushShadow(paths.gitDir);
  const out = await git(paths, ['diff-tree', '-r', '-z', '--no-renames', '--name-only', from, to]);
  return out.toString('utf8').split('\0').filter((p) => p !== '').sort();
}

/** What `tree` holds at each of `files` (absent files are missing from the map). */
export async function entriesAt(paths: ShadowPaths, tree: string, files: readonly string[]): Promise<Map<string, Entry>> {
  const map = new Map<string, Entry>();
  if (files.length === 0) return map;
  // The snapshot this process just took (a delete's before-snapshot): its files are in memory.
  const known = heldInMemory(paths.gitDir, tree, files);
  if (known !== null) return known;
  // ls-tree takes paths as literal pathspecs only with --full-tree and a `--`: read the whole listing and pick.
  const wanted = new Set(files);
  flushShadow(paths.gitDir);
  const out = await git(paths, ['ls-tree', '-r', '-z', '--full-tree', tree]);
  for (const record of out.toString('utf8').split('\0')) {
    const tab = record.indexOf('\t');
    if (tab < 0) continue;
    const path = record.slice(tab + 1);
    if (!wanted.has(path)) continue;
    const [mode, , oid] = record.slice(0, tab).split(' ');
    map.set(path, { mode: mode!, oid: oid! });
  }
  return map;
}

/** The bytes of each blob, read in one `cat-file --batch` run. */
export async function readBlobs(paths: ShadowPaths, oids: readonly string[]): Promise<Map<string, Buffer>> {
  const blobs = new Map<string, Buffer>();
  const unique = [...new Set(oids)];
  if (unique.length === 0) return blobs;
  flushShadow(paths.gitDir);
  const out = await git(paths, ['cat-file', '--batch'], `${unique.join('\n')}\n`);
  let at = 0;
  for (const oid of unique) {
    const nl = out.indexOf(0x0a, at);
    const header = out.subarray(at, nl).toString('utf8').split(' ');
    if (header[1] === 'missing') throw new Error(`the snapshot lost object ${oid}`);
    const size = Number(header[2]);
    blobs.set(oid, out.subarray(nl + 1, nl + 1 + size));
    at = nl + 1 + size + 1;
  }
  return blobs;
}

/** Whether two entries (or absences) are the same file. */
export function sameEntry(a: Entry | undefined, b: Entry | undefined): boolean {
  return a === undefined ? b === undefined : b !== undefined && a.mode === b.mode && a.oid === b.oid;
}
