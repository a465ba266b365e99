// Bringing the in-memory snapshot up to date with the workspace, with exactly the file set the shadow's
// `git add -A` gives: every file it already holds that still exists, every file that is not ignored (git's
// rules, ignore-rules.ts), no `.git`, no empty folder, no special file. A file is read and hashed again only when its
// stat data changed or was too recent to vouch for its content. What git would treat otherwise than plain files
// (a nested repository, a name git refuses, a held file turned into a FIFO) throws GitDecides: git takes that snapshot.
import { lstatSync, readdirSync, readFileSync, readlinkSync, type BigIntStats, type Dirent } from 'node:fs';
import { join } from 'node:path';
import type { FileTree } from './file-tree.js';
import { gitignoreAt, ignored } from './ignore-rules.js';
import type { Level } from '../../policy/workspace/ignore-index/levels.js';
import type { StatData } from './index-file.js';
import type { ObjectStore } from './objects.js';
import type { FolderWatch } from './watch.js';

/** A workspace this reader will not snapshot the way git would for sure: git takes the snapshot. */
export class GitDecides extends Error {}

/** A folder the snapshot walked (not ignored): its inode, and the .gitignore levels that apply inside it. */
export interface WalkedFolder {
  ino: bigint;
  levels: readonly Level[];
}

/** What a scan reads and updates. */
export interface ScanState {
  root: string;
  files: FileTree;
  store: ObjectStore;
  wide: readonly Level[];
  folders: Map<string, WalkedFolder>;
  watch: FolderWatch | null;
  /** Files whose stat data cannot vouch for their content yet (changed too recently): examined every snapshot. */
  unsettled: Set<string>;
  /** Bumped when the walked folders change. */
  folderEpoch: number;
  /** Held files outside the walked folders, as of a membership and folder epoch. */
  outside: { key: string; paths: string[] } | null;
}

// Files changed within this window before their hashing are hashed again: a second write in the same tick of the
// filesystem's clock (a jiffy, at most 10 ms) keeps the stat data. Ten times that, for clocks coarser still.
const RACY_NS = 100_000_000n;
const u32 = (v: bigint) => Number(BigInt.asUintN(32, v));

/** Stat data as the index keeps it. Pure. */
function statData(s: BigIntStats): StatData {
  const ns = 1_000_000_000n;
  return {
    ctimeS: u32(s.ctimeNs / ns), ctimeN: Number(s.ctimeNs % ns), mtimeS: u32(s.mtimeNs / ns), mtimeN: Number(s.mtimeNs % ns),
    dev: u32(s.dev), ino: u32(s.ino), uid: u32(s.uid), gid: u32(s.gid), size: u32(s.size),
  };
}

/** The mode git records for a file, symbolic link, or null for anything else. Pure. */
export function gitMode(s: BigIntStats): number | null {
  if (s.isSymbolicLink()) return 0o120000;
  if (s.isFile()) return (Number(s.mode) & 0o100) !== 0 ? 0o100755 : 0o100644;
  return null;
}

/** Whether two stat data are the same. Pure. */
function sameStat(a: StatData, b: StatData): boolean {
  return a.mtimeS === b.mtimeS && a.mtimeN === b.mtimeN && a.ctimeS === b.ctimeS && a.ctimeN === b.ctimeN && a.ino === b.ino && a.size === b.size && a.dev === b.dev && a.uid === b.uid && a.gid === b.gid;
}

/** Whether a file last changed at least the racy window before `refNs`. Pure. */
export function settledAt(s: StatData, refNs: bigint): boolean {
  const ns = (sec: number, n: number) => BigInt(sec) * 1_000_000_000n + BigInt(n);
  return ns(s.mtimeS, s.mtimeN) + RACY_NS < refNs && ns(s.ctimeS, s.ctimeN) + RACY_NS < refNs;
}

/** A name git refuses or treats specially where this reader would not (`.git` look-alikes, backslashes, bad UTF-8). Pure. */
export function oddName(name: string): boolean {
  const lower = name.toLowerCase();
  return /^\.git[. ]*$/.test(lower) || /^\.git[:\\]/.test(lower) || /^git~\d/.test(lower) || name.includes('\\') || name.includes('\uFFFD');
}

function lstat(path: string): BigIntStats | undefined {
  return lstatSync(path, { bigint: true, throwIfNoEntry: false });
}

const abs = (st: ScanState, rel: string) => (rel === '' ? st.root : join(st.root, rel));

/** Records the file at `rel` as it is now, hashing it unless its stat data vouches for what the snapshot holds. */
export function examine(st: ScanState, rel: string, s: BigIntStats): void {
  const mode = gitMode(s)!;
  const stat = statData(s);
  const had = st.files.get(rel);
  if (had && had.fresh && had.mode === mode && sameStat(had.stat, stat)) return;
  const path = abs(st, rel);
  const readAt = BigInt(Date.now()) * 1_000_000n;
  const bytes = mode === 0o120000 ? readlinkSync(path, { encoding: 'buffer' }) : readFileSync(path);
  const after = lstat(path);
  const steady = after !== undefined && sameStat(statData(after), stat);
  const fresh = steady && settledAt(stat, readAt);
  if (fresh) st.unsettled.delete(rel);
  else st.unsettled.add(rel);
  st.files.set(rel, { mode, oid: st.store.write('blob', bytes), stat, fresh });
}

/** Forgets `rel` and everything below it: files, walked folders, watches. */
function forgetBelow(st: ScanState, rel: string): void {
  st.files.delete(rel);
  st.unsettled.delete(rel);
  const prefix = `${rel}/`;
  for (const p of [...st.files.paths()]) if (p.startsWith(prefix)) {
    st.files.delete(p);
    st.unsettled.delete(p);
  }
  for (const f of [...st.folders.keys()]) if (f === rel || f.startsWith(prefix)) st.folders.delete(f);
  st.folderEpoch++;
  st.watch?.remove(rel);
}

function kind(d: Dirent, path: string): 'dir' | 'file' | 'other' {
  if (d.isDirectory()) return 'dir';
  if (d.isFile() || d.isSymbolicLink()) return 'file';
  if (d.isFIFO() || d.isSocket() || d.isBlockDevice() || d.isCharacterDevice()) return 'other';
  const s = lstat(path); // no file type from readdir on this filesystem
  return s === undefined ? 'other' : s.isDirectory() ? 'dir' : gitMode(s) !== null ? 'file' : 'other';
}

/** Walks folder `rel` (not ignored) and everything not ignored below it; adds each file it records to `seen`. */
function walkFolder(st: ScanState, rel: string, outer: readonly Level[], seen: Set<string>): void {
  const path = abs(st, rel);
  const s = lstat(path);
  if (s === undefined || !s.isDirectory()) return;
  st.watch?.add(rel);
  const entries = readdirSync(path, { withFileTypes: true });
  let levels = outer;
  if (entries.some((e) => e.name === '.gitignore')) {
    const patterns = gitignoreAt(path);
    if (patterns === null) throw new GitDecides(`${rel}/.gitignore is not a plain file this reader follows`);
    if (patterns.length > 0) levels = [...outer, { base: rel, patterns }];
  }
  st.folders.set(rel, { ino: s.ino, levels });
  st.folderEpoch++;
  for (const e of entries) {
    const name = e.name;
    if (name === '.git') {
      if (rel === '') continue;
      throw new GitDecides(`${rel} holds a repository of its own`);
    }
    if (oddName(name)) throw new GitDecides(`a name git treats specially: ${name}`);
    const child = rel === '' ? name : `${rel}/${name}`;
    const k = kind(e, join(path, name));
    if (k === 'dir') {
      if (!ignored(child, true, levels, st.wide)) walkFolder(st, child, levels, seen);
    } else if (k === 'file') {
      if (st.files.get(child) !== undefined || !ignored(child, false, levels, st.wide)) {
        const cs = lstat(join(path, name));
        if (cs !== undefined && gitMode(cs) !== null) {
          examine(st, child, cs);
          seen.add(child);
        }
      }
    } else if (st.files.get(child) !== undefined) throw new GitDecides(`${child} is no longer a file`);
  }
}

/** Updates a held file outside the walked folders (inside an ignored folder): kept while it is there, as git keeps it. */
function checkHeld(st: ScanState, rel: string): void {
  const parts = rel.split('/');
  for (let i = 1; i < parts.length; i++) {
    const dir = parts.slice(0, i).join('/');
    if (st.folders.has(dir)) continue;
    const s = lstat(abs(st, dir));
    if (s === undefined || !s.isDirectory()) return forgetBelow(st, rel);
    if (lstat(join(abs(st, dir), '.git')) !== undefined) throw new GitDecides(`${dir} holds a repository of its own`);
  }
  const s = lstat(abs(st, rel));
  if (s === undefined || s.isDirectory()) return forgetBelow(st, rel);
  if (gitMode(s) === null) throw new GitDecides(`${rel} is no longer a file`);
  examine(st, rel, s);
}

/** The parent folder of a relative path ('' for the workspace root). Pure. */
function parentOf(rel: string): string {
  const i = rel.lastIndexOf('/');
  return i < 0 ? '' : rel.slice(0, i);
}

/** Walks the whole workspace: afterwards the snapshot holds exactly what `git add -A` would record. */
export function walkAll(st: ScanState): void {
  const seen = new Set<string>();
  st.folders.clear();
  walkFolder(st, '', [], seen);
  st.watch?.keepOnly((rel) => st.folders.has(rel));
  settleHeld(st, seen);
}

/** Held files the walk did not record: gone when their folder was walked, else looked at where they are. */
function settleHeld(st: ScanState, seen: Set<string>): void {
  for (const p of [...st.files.paths()]) {
    if (seen.has(p)) continue;
    if (st.folders.has(parentOf(p))) forgetBelow(st, p);
    else checkHeld(st, p);
  }
}

/**
 * Applies what the watch reported: each path is looked at again (a new folder is walked, a gone one forgotten with
 * all below it). Returns false when only a full walk will do (a .gitignore changed).
 */
export function applyReported(st: ScanState, reported: Iterable<string>): boolean {
  const paths = [...reported].sort((a, b) => a.split('/').length - b.split('/').length);
  for (const rel of paths) {
    const name = rel.slice(rel.lastIndexOf('/') + 1);
    if (name === '.gitignore') return false;
    const parent = st.folders.get(parentOf(rel));
    if (parent === undefined) continue; // below a folder forgotten or ignored meanwhile
    if (name === '.git' && parentOf(rel) === '') continue;
    if (name === '.git' || oddName(name)) throw new GitDecides(`a name git treats specially: ${rel}`);
    const s = lstat(abs(st, rel));
    if (s?.isDirectory()) {
      const walked = st.folders.get(rel);
      if (walked !== undefined && walked.ino === s.ino) continue;
      // A folder replaced while it held files: which of them git keeps is the full walk's to say.
      if ([...st.files.paths()].some((p) => p === rel || p.startsWith(`${rel}/`))) return false;
      if (ignored(rel, true, parent.levels, st.wide)) continue;
      forgetBelow(st, rel);
      walkFolder(st, rel, parent.levels, new Set());
    } else if (s !== undefined && gitMode(s) !== null) {
      if (st.folders.has(rel)) forgetBelow(st, rel);
      if (st.files.get(rel) !== undefined || !ignored(rel, false, parent.levels, st.wide)) examine(st, rel, s);
    } else {
      if (s !== undefined && st.files.get(rel) !== undefined) throw new GitDecides(`${rel} is no longer a file`);
      forgetBelow(st, rel);
    }
  }
  // Files changed too recently to trust their stat, and held files outside the watched folders, are looked at again.
  for (const p of [...st.unsettled]) if (st.folders.has(parentOf(p))) recheck(st, p);
  for (const p of heldOutside(st)) checkHeld(st, p);
  return true;
}

/** Held files whose folder is not walked (ignored folders): no watch reports them, so each snapshot looks. */
function heldOutside(st: ScanState): string[] {
  const key = `${st.files.membership}:${st.folderEpoch}`;
  if (st.outside?.key !== key) st.outside = { key, paths: [...st.files.paths()].filter((p) => !st.folders.has(parentOf(p))) };
  return st.outside.paths;
}

function recheck(st: ScanState, rel: string): void {
  const s = lstat(abs(st, rel));
  if (s !== undefined && gitMode(s) !== null) examine(st, rel, s);
  else if (s !== undefined && !s.isDirectory()) throw new GitDecides(`${rel} is no longer a file`);
  else forgetBelow(st, rel);
}
