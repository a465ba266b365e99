// Which paths of a workspace changed since the last snapshot, from the kernel (inotify through fs.watch, one watch per
// folder the snapshot walks; ignored folders are not watched). A watch that fails or reports an error makes the next
// snapshot walk the whole workspace again. `settled()` waits one turn of the event loop's poll phase, so every change
// made before it was called (an agent's write, then its after-call hook) has been reported.
import { watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';

/** Resolves after the event loop has polled for I/O once more (fs.watch events queued before the call are delivered). */
export async function settled(): Promise<void> {
  for (let i = 0; i < 2; i++) await new Promise<void>((r) => setImmediate(r));
}

/** The folders of one workspace under watch, and what they reported. */
export class FolderWatch {
  private readonly watchers = new Map<string, FSWatcher>();
  /** Paths (relative to the workspace) reported changed since `take()`. */
  private dirty = new Set<string>();
  /** Set when a watch failed: what changed is not known, the whole workspace must be walked. */
  broken = false;

  constructor(private readonly root: string) {}

  /** Starts watching folder `rel` (before it is read, so no change after the read is missed); false when it cannot. */
  add(rel: string): boolean {
    if (this.watchers.has(rel)) return true;
    try {
      const w = watch(rel === '' ? this.root : join(this.root, rel), { persistent: false }, (_event, name) => {
        if (typeof name !== 'string' || name === '') this.broken = true;
        else this.dirty.add(rel === '' ? name : `${rel}/${name}`);
      });
      w.on('error', () => {
        this.broken = true;
        this.remove(rel);
      });
      this.watchers.set(rel, w);
      return true;
    } catch {
      this.broken = true;
      return false;
    }
  }

  /** Stops watching `rel` and every folder below it. */
  remove(rel: string): void {
    for (const [k, w] of this.watchers) {
      if (k === rel || rel === '' || k.startsWith(`${rel}/`)) {
        w.close();
        this.watchers.delete(k);
      }
    }
  }

  /** Stops watching every folder `keep` refuses (folders a changed ignore rule now leaves out). */
  keepOnly(keep: (rel: string) => boolean): void {
    for (const [k, w] of this.watchers) {
      if (keep(k)) continue;
      w.close();
      this.watchers.delete(k);
    }
  }

  /** The paths reported since the last take, and whether the report can be trusted; starts a new report. */
  take(): { paths: Set<string>; broken: boolean } {
    const out = { paths: this.dirty, broken: this.broken };
    this.dirty = new Set();
    this.broken = false;
    return out;
  }

  close(): void {
    this.remove('');
  }
}
