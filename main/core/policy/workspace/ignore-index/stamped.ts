// Files read again only when they change: each read is kept with the file's stat stamp (inode, size, change and
// modification times in nanoseconds), and a stat per use says whether it is still what the disk holds.
import { lstatSync, readFileSync, statSync } from 'node:fs';

/** A file's identity and version on disk (of the link itself unless `follow`); undefined when there is no such file. */
export function stampOf(file: string, follow = false): string | undefined {
  try {
    const s = (follow ? statSync : lstatSync)(file, { bigint: true, throwIfNoEntry: false });
    if (s === undefined) return undefined;
    if (s.isSymbolicLink()) return 'link';
    return `${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}:${s.isFile() ? 'f' : 'o'}`;
  } catch {
    return 'unreadable';
  }
}

/** A cache of parsed files, each parsed again when its stamp changes. */
export class StampedFiles<T> {
  private readonly known = new Map<string, { stamp: string | undefined; value: T }>();

  /**
   * `parse` (of the file's bytes, or of null when there is no such file) as of now; `odd` for a file that is not a
   * plain file, or unreadable, or a link unless `follow` (what git would do with it is not modelled).
   */
  constructor(
    private readonly parse: (bytes: Buffer | null) => T,
    private readonly odd: T,
    private readonly follow = false,
    private readonly limit = 4096,
  ) {}

  /** The parsed file as the disk holds it now. */
  get(file: string): T {
    const stamp = stampOf(file, this.follow);
    const had = this.known.get(file);
    if (had !== undefined && had.stamp === stamp) return had.value;
    let value: T;
    if (stamp === undefined) value = this.parse(null);
    else if (!stamp.endsWith(':f')) value = this.odd;
    else {
      try {
        value = this.parse(readFileSync(file));
      } catch {
        value = this.odd;
      }
      // Read, then stamped again: a file changed while it was read is not kept.
      if (stampOf(file, this.follow) !== stamp) return value;
    }
    if (this.known.size >= this.limit) this.known.clear();
    this.known.set(file, { stamp, value });
    return value;
  }
}
