// Taking a snapshot in this process (issue 22's speed goal): the workspace's files are kept in memory between calls
// with their stat data and blob ids, a folder watch says what changed since, only changed files are read and hashed,
// and blob and tree objects are written straight into the shadow's object store. The shadow's index file is written
// after each change, so git (where it still takes a snapshot) and the next server run start from the same file set.
// Anything this reader does not vouch for (scan.ts's GitDecides, ignore rules it does not follow) answers null: the
// caller takes that snapshot with git, as before, and the state is read again from the index git wrote.
import { existsSync, lstatSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import type { ShadowPaths } from '../git.js';
import { byteOrder, FileTree } from './file-tree.js';
import { wideRules } from './ignore-rules.js';
import { readIndexFile, writeIndexFile, type IndexEntry } from './index-file.js';
import { ObjectStore } from './objects.js';
import { applyReported, examine, gitMode, GitDecides, oddName, settledAt, walkAll, type ScanState } from './scan.js';
import { FolderWatch, settled } from './watch.js';

const SAVE_DELAY_MS = 150;

/** The in-process snapshots of one workspace into its shadow. */
export class SnapshotEngine {
  private state: ScanState | null = null;
  private wideStamp: string | null = null;
  private needWalk = true;
  private savedRevision = -1;
  /** The index file is written off the decision path, shortly after a snapshot changed it (or before the next). */
  private saveTimer: NodeJS.Timeout | null = null;
  private sorted: { membership: number; paths: string[] } | null = null;
  private readonly watch: FolderWatch;

  constructor(private readonly paths: ShadowPaths) {
    this.watch = new FolderWatch(paths.workTree);
  }

  /** The workspace's tree id now (tracked, untracked-not-ignored, held and `force` files); null when git must take it. */
  async take(force: readonly string[]): Promise<string | null> {
    await settled();
    try {
      this.flush();
      return this.takeNow(force);
    } catch (err) {
      // Not only GitDecides: a file unreadable here is git's to report (or to take) as before. What is in memory may
      // be half updated: dropped unsaved, the index on disk is the last whole snapshot's.
      this.drop();
      if (!(err instanceof GitDecides) && (err as NodeJS.ErrnoException).code === undefined) throw err;
      return null;
    }
  }

  /** Writes the objects and the index file the snapshots since the last flush named (before git reads them). */
  flush(): void {
    if (this.saveTimer !== null) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    if (this.state === null) return;
    this.state.store.flush();
    if (this.state.files.revision !== this.savedRevision) this.save(this.state);
  }

  /** Saves, then drops what is held in memory (git writes the index, or gc may drop trees): read again next time. */
  forget(): void {
    this.flush();
    this.drop();
  }

  private drop(): void {
    if (this.saveTimer !== null) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    this.state?.store.discard();
    this.state = null;
    this.sorted = null;
    this.needWalk = true;
  }

  close(): void {
    this.forget();
    this.watch.close();
  }

  /**
   * What the last snapshot holds at each of `files` (mode and blob id, absent files left out) when that snapshot is
   * `tree`; null otherwise (git reads the tree). A tree id names its content, so an equal id is the same file set.
   */
  entriesAt(tree: string, files: readonly string[]): Map<string, { mode: string; oid: string }> | null {
    const st = this.state;
    if (st === null || st.files.treeId(st.store).toString('hex') !== tree) return null;
    const out = new Map<string, { mode: string; oid: string }>();
    for (const f of files) {
      const held = st.files.get(f);
      if (held !== undefined) out.set(f, { mode: held.mode.toString(8), oid: held.oid.toString('hex') });
    }
    return out;
  }

  private takeNow(force: readonly string[]): string | null {
    const rules = wideRules(this.paths.gitDir);
    if (rules === null) return null;
    if (this.state === null) {
      const files = this.load();
      if (files === null) return null;
      const store = new ObjectStore(this.paths.gitDir);
      this.state = { root: this.paths.workTree, files, store, wide: rules.levels, folders: new Map(), watch: this.watch, unsettled: new Set(), folderEpoch: 0, outside: null };
      for (const p of files.paths()) if (!files.get(p)!.fresh) this.state.unsettled.add(p);
      this.savedRevision = files.revision;
      this.needWalk = true;
    }
    const st = this.state;
    if (rules.stamp !== this.wideStamp) {
      st.wide = rules.levels;
      this.wideStamp = rules.stamp;
      this.needWalk = true;
    }
    const reported = this.watch.take();
    if (this.needWalk || reported.broken || !applyReported(st, reported.paths)) walkAll(st);
    this.needWalk = false;
    addForced(st, force);
    const tree = st.files.treeId(st.store).toString('hex');
    if (this.saveTimer === null) {
      this.saveTimer = setTimeout(() => {
        this.saveTimer = null;
        try {
          this.flush();
        } catch {
          this.drop(); // the next snapshot reads the index again, or leaves it to git
        }
      }, SAVE_DELAY_MS);
      this.saveTimer.unref();
    }
    return tree;
  }

  /**
   * The file set the shadow's index holds; null when git wrote what this reader does not take up, or when there is no
   * index yet (a new shadow: git hashes every file of the first snapshot faster than this process would).
   */
  private load(): FileTree | null {
    const files = new FileTree();
    let bytes: Buffer;
    try {
      bytes = readFileSync(this.paths.indexFile);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    const store = new ObjectStore(this.paths.gitDir);
    const entries = readIndexFile(bytes, store.idBytes);
    if (entries === null) return null;
    const written = statSync(this.paths.indexFile, { bigint: true }).mtimeNs;
    for (const e of entries) {
      if (e.mode !== 0o100644 && e.mode !== 0o100755 && e.mode !== 0o120000) return null;
      files.set(e.path, { mode: e.mode, oid: e.oid, stat: e.stat, fresh: settledAt(e.stat, written) });
    }
    return files;
  }

  /** Writes the index file (through a lock file, as git does); a file not yet settled gets stat data git will not trust. */
  private save(st: ScanState): void {
    if (this.sorted?.membership !== st.files.membership) this.sorted = { membership: st.files.membership, paths: [...st.files.paths()].sort(byteOrder) };
    const paths = this.sorted.paths;
    const entries: IndexEntry[] = paths.map((path) => {
      const f = st.files.get(path)!;
      return { path, mode: f.mode, oid: f.oid, stat: f.fresh ? f.stat : { ...f.stat, mtimeS: 0, mtimeN: 0 } };
    });
    const lock = `${this.paths.indexFile}.lock`;
    writeFileSync(lock, writeIndexFile(entries, st.store.algorithm), { flag: 'wx', mode: 0o600 });
    try {
      renameSync(lock, this.paths.indexFile);
    } catch (err) {
      unlinkSync(lock);
      throw err;
    }
    this.savedRevision = st.files.revision;
  }
}

/** Adds the files a file tool wrote (`git add -f`): absolute paths inside the workspace, even ignored ones. */
function addForced(st: ScanState, force: readonly string[]): void {
  for (const p of force) {
    const rel = relative(st.root, p);
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel) || !existsSync(p) || st.files.get(rel) !== undefined) continue;
    const parts = rel.split('/');
    if (parts.some((n) => n === '.git' || oddName(n))) throw new GitDecides(`a name git treats specially: ${rel}`);
    for (let i = 1; i < parts.length; i++) {
      const dir = join(st.root, ...parts.slice(0, i));
      const s = lstatSync(dir, { throwIfNoEntry: false });
      if (!s?.isDirectory() || existsSync(join(dir, '.git'))) throw new GitDecides(`${rel} is not below plain folders`);
    }
    const s = lstatSync(p, { bigint: true });
    if (gitMode(s) === null) throw new GitDecides(`${rel} is not a file`);
    examine(st, rel, s);
  }
}

const engines = new Map<string, SnapshotEngine>();

/** The engine of a shadow, kept for the life of the process. */
export function engineFor(paths: ShadowPaths): SnapshotEngine {
  let e = engines.get(paths.gitDir);
  if (!e) engines.set(paths.gitDir, (e = new SnapshotEngine(paths)));
  return e;
}

/** What a shadow's last in-process snapshot holds at `files`, when that snapshot is `tree`; null: ask git. */
export function heldInMemory(gitDir: string, tree: string, files: readonly string[]): Map<string, { mode: string; oid: string }> | null {
  return engines.get(gitDir)?.entriesAt(tree, files) ?? null;
}

/** Writes what the snapshots of one shadow named (objects, index): before git reads its trees. */
export function flushShadow(gitDir: string): void {
  engines.get(gitDir)?.flush();
}

/** Drops the memory of one shadow (its index was written by git, or gc ran) without closing its watch. */
export function forgetShadow(gitDir: string): void {
  engines.get(gitDir)?.forget();
}

/** Closes the engines of every shadow below `dir` (a Gatehouse home's snapshots folder closing). */
export function closeEngines(dir: string): void {
  for (const [gitDir, e] of engines) {
    if (!gitDir.startsWith(`${dir}/`)) continue;
    e.close();
    engines.delete(gitDir);
  }
}
