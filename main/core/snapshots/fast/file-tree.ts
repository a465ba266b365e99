// The snapshot's files in memory, folder by folder, each folder remembering its tree id until something below it
// changes: a snapshot where ten files changed writes the trees on their ten paths, not every tree of the workspace.
import type { StatData } from './index-file.js';
import type { ObjectStore } from './objects.js';

/** One file of the snapshot as this process last saw it. */
export interface FileState {
  /** 0o100644, 0o100755 or 0o120000. */
  mode: number;
  oid: Buffer;
  stat: StatData;
  /** Whether the stat data can vouch for the content: false while the file's times are too recent (racy git). */
  fresh: boolean;
}

class Folder {
  readonly files = new Map<string, FileState>();
  readonly folders = new Map<string, Folder>();
  /** The folder's tree id, null when it holds no file (no tree), undefined when to be computed again. */
  tree: Buffer | null | undefined = undefined;
}

/** Orders names (or paths) by their UTF-8 bytes, as git does. */
export function byteOrder(a: string, b: string): number {
  if (/^[\x00-\ud7ff]*$/.test(a) && /^[\x00-\ud7ff]*$/.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** The files of one snapshot, by path. */
export class FileTree {
  private readonly root = new Folder();
  private readonly all = new Map<string, FileState>();
  /** Bumped when a file comes, goes, or changes content or mode: the index file is written again when it moved. */
  revision = 0;
  /** Bumped when a file comes or goes. */
  membership = 0;

  get(path: string): FileState | undefined {
    return this.all.get(path);
  }

  /** Every path, in no particular order. */
  paths(): IterableIterator<string> {
    return this.all.keys();
  }

  /** Records a file; the trees above it are computed again when its content or mode changed. */
  set(path: string, state: FileState): void {
    const had = this.all.get(path);
    const changed = had === undefined || had.mode !== state.mode || !had.oid.equals(state.oid);
    if (had !== undefined && !changed) {
      Object.assign(had, state);
      return;
    }
    this.all.set(path, state);
    this.revision++;
    if (had === undefined) this.membership++;
    const parts = path.split('/');
    const name = parts.pop()!;
    let folder = this.root;
    folder.tree = undefined;
    for (const part of parts) {
      let next = folder.folders.get(part);
      if (!next) folder.folders.set(part, (next = new Folder()));
      folder = next;
      folder.tree = undefined;
    }
    folder.files.set(name, state);
  }

  /** Forgets a file (and folders it leaves empty). */
  delete(path: string): void {
    if (!this.all.delete(path)) return;
    this.revision++;
    this.membership++;
    const parts = path.split('/');
    const name = parts.pop()!;
    const chain: Folder[] = [this.root];
    for (const part of parts) chain.push(chain[chain.length - 1]!.folders.get(part)!);
    chain[chain.length - 1]!.files.delete(name);
    for (let i = chain.length - 1; i >= 0; i--) {
      const f = chain[i]!;
      f.tree = undefined;
      if (i > 0 && f.files.size === 0 && f.folders.size === 0) chain[i - 1]!.folders.delete(parts[i - 1]!);
    }
  }

  /** The root tree id, writing the trees that changed; null for a snapshot without files (git's empty tree is written). */
  treeId(store: ObjectStore): Buffer {
    return this.build(this.root, store) ?? store.write('tree', Buffer.alloc(0));
  }

  private build(folder: Folder, store: ObjectStore): Buffer | null {
    if (folder.tree !== undefined) return folder.tree;
    const items: Array<{ key: string; head: string; oid: Buffer }> = [];
    for (const [name, f] of folder.files) items.push({ key: name, head: `${f.mode.toString(8)} ${name}\0`, oid: f.oid });
    for (const [name, sub] of folder.folders) {
      const oid = this.build(sub, store);
      if (oid !== null) items.push({ key: `${name}/`, head: `40000 ${name}\0`, oid });
    }
    if (items.length === 0) return (folder.tree = null);
    items.sort((a, b) => byteOrder(a.key, b.key));
    const parts: Buffer[] = [];
    for (const it of items) parts.push(Buffer.from(it.head, 'utf8'), it.oid);
    return (folder.tree = store.write('tree', Buffer.concat(parts)));
  }
}
