// git's index file (gitformat-index(5), versions 2 to 4) read into its entries: the one reader behind the ignore
// oracle's tracked set (policy/workspace/ignore-index) and the undo snapshots' file list (snapshots/fast). Each caller then
// refuses or skips what it cannot use; this reader refuses only what it cannot read whole.

/** Stat data as the index keeps it: each field truncated to 32 bits, as git stores it. */
export interface StatData {
  ctimeS: number;
  ctimeN: number;
  mtimeS: number;
  mtimeN: number;
  dev: number;
  ino: number;
  uid: number;
  gid: number;
  size: number;
}

/** One entry as git wrote it. */
export interface RawIndexEntry {
  path: string;
  mode: number;
  /** The object id (a view into the file's bytes). */
  oid: Buffer;
  stat: StatData;
  /** The merge stage (0 outside a conflict). */
  stage: number;
  /** Version 3+ extended flags: skip-worktree (a sparse checkout leaves it out of the work tree). */
  skipWorktree: boolean;
  /** Version 3+ extended flags: intent-to-add (`git add -N`). */
  intentToAdd: boolean;
}

/** "DIRC", the index file's signature. */
export const INDEX_SIGNATURE = 0x44495243;

/** git's offset varint (varint.c), for version 4's prefix-compressed names. */
function varint(buf: Buffer, at: number): { value: number; next: number } {
  let c = buf[at++]!;
  let value = c & 127;
  while (c & 128) {
    c = buf[at++]!;
    value = ((value + 1) << 7) + (c & 127);
  }
  return { value, next: at };
}

/**
 * The entries of an index file's bytes, or null when it is not one this reader reads whole: another signature or
 * version, truncated, a folder entry (a sparse index), or a split ("link") or sparse ("sdir") extension.
 */
export function readIndexEntries(buf: Buffer, idBytes: number): RawIndexEntry[] | null {
  if (buf.length < 12 || buf.readUInt32BE(0) !== INDEX_SIGNATURE) return null;
  const version = buf.readUInt32BE(4);
  if (version < 2 || version > 4) return null;
  const count = buf.readUInt32BE(8);
  const entries: RawIndexEntry[] = [];
  let at = 12;
  let previous = '';
  for (let n = 0; n < count; n++) {
    const start = at;
    if (start + 40 + idBytes + 2 > buf.length) return null;
    const u = (k: number) => buf.readUInt32BE(start + 4 * k);
    const stat: StatData = { ctimeS: u(0), ctimeN: u(1), mtimeS: u(2), mtimeN: u(3), dev: u(4), ino: u(5), uid: u(7), gid: u(8), size: u(9) };
    const flags = buf.readUInt16BE(start + 40 + idBytes);
    const oid = buf.subarray(start + 40, start + 40 + idBytes);
    at = start + 40 + idBytes + 2;
    let extended = 0;
    if (flags & 0x4000) {
      if (version < 3 || at + 2 > buf.length) return null;
      extended = buf.readUInt16BE(at);
      at += 2;
    }
    let path: string;
    if (version === 4) {
      const strip = varint(buf, at);
      const end = buf.indexOf(0, strip.next);
      if (end < 0 || strip.value > previous.length) return null;
      path = previous.slice(0, previous.length - strip.value) + buf.toString('utf8', strip.next, end);
      at = end + 1;
    } else {
      const end = buf.indexOf(0, at);
      if (end < 0) return null;
      path = buf.toString('utf8', at, end);
      // Entries are padded with 1–8 NULs to a multiple of 8 bytes.
      at = start + ((end - start + 8) & ~7);
    }
    if (path.endsWith('/')) return null;
    previous = path;
    entries.push({ path, mode: u(6), oid, stat, stage: (flags >> 12) & 3, skipWorktree: (extended & 0x4000) !== 0, intentToAdd: (extended & 0x2000) !== 0 });
  }
  for (let ext = at; ext + 8 <= buf.length - idBytes; ) {
    const sig = buf.toString('latin1', ext, ext + 4);
    if (sig === 'link' || sig === 'sdir') return null;
    ext += 8 + buf.readUInt32BE(ext + 4);
  }
  return entries;
}
