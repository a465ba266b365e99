// The shadow's index file (GATEHOUSE_HOME/snapshots/<key>.git/gatehouse-index), read and written in git's index
// format (gitformat-index(5), versions 2–4 read, version 2 written): which files belong to the snapshot, their blob
// ids, and the stat data that tells a changed file from an unchanged one. It is what carries the snapshot's file set
// from one server run to the next, and between this reader and git's own `add` where git still takes a snapshot.
import { createHash } from 'node:crypto';

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

/** One file of the snapshot. */
export interface IndexEntry {
  path: string;
  /** 0o100644, 0o100755, 0o120000 (symbolic link) or 0o160000 (nested repository). */
  mode: number;
  oid: Buffer;
  stat: StatData;
}

const SIGNATURE = 0x44495243; // "DIRC"

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

/** The entries of an index file's bytes; null when it holds what a snapshot never has (conflict stages, a split or sparse index). */
export function readIndexFile(buf: Buffer, idBytes: number): IndexEntry[] | null {
  if (buf.length < 12 + idBytes || buf.readUInt32BE(0) !== SIGNATURE) return null;
  const version = buf.readUInt32BE(4);
  if (version < 2 || version > 4) return null;
  const count = buf.readUInt32BE(8);
  const entries: IndexEntry[] = [];
  let at = 12;
  let previous = '';
  for (let n = 0; n < count; n++) {
    const start = at;
    if (start + 40 + idBytes + 2 > buf.length) return null;
    const u = (k: number) => buf.readUInt32BE(start + 4 * k);
    const stat: StatData = { ctimeS: u(0), ctimeN: u(1), mtimeS: u(2), mtimeN: u(3), dev: u(4), ino: u(5), uid: u(7), gid: u(8), size: u(9) };
    const mode = u(6);
    const oid = Buffer.from(buf.subarray(start + 40, start + 40 + idBytes));
    const flags = buf.readUInt16BE(start + 40 + idBytes);
    if (flags & 0x3000) return null; // a merge stage
    at = start + 40 + idBytes + 2;
    if (flags & 0x4000) {
      if (version < 3 || buf.readUInt16BE(at) !== 0) return null; // skip-worktree or intent-to-add
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
      at = start + ((end - start + 8) & ~7);
    }
    if (path.endsWith('/') || path.includes('\uFFFD')) return null;
    previous = path;
    entries.push({ path, mode, oid, stat });
  }
  for (let ext = at; ext + 8 <= buf.length - idBytes; ) {
    const sig = buf.toString('latin1', ext, ext + 4);
    if (sig === 'link' || sig === 'sdir') return null;
    ext += 8 + buf.readUInt32BE(ext + 4);
  }
  return entries;
}

/** The bytes of a version 2 index holding `entries` (sorted by path as git sorts them), with its checksum. */
export function writeIndexFile(entries: readonly IndexEntry[], algorithm: 'sha1' | 'sha256'): Buffer {
  const idBytes = algorithm === 'sha1' ? 20 : 32;
  const names = entries.map((e) => Buffer.from(e.path, 'utf8'));
  let total = 12;
  for (const name of names) total += (40 + idBytes + 2 + name.length + 8) & ~7;
  const out = Buffer.alloc(total);
  out.writeUInt32BE(SIGNATURE, 0);
  out.writeUInt32BE(2, 4);
  out.writeUInt32BE(entries.length, 8);
  let at = 12;
  entries.forEach((e, i) => {
    const s = e.stat;
    out.writeUInt32BE(s.ctimeS >>> 0, at);
    out.writeUInt32BE(s.ctimeN >>> 0, at + 4);
    out.writeUInt32BE(s.mtimeS >>> 0, at + 8);
    out.writeUInt32BE(s.mtimeN >>> 0, at + 12);
    out.writeUInt32BE(s.dev >>> 0, at + 16);
    out.writeUInt32BE(s.ino >>> 0, at + 20);
    out.writeUInt32BE(e.mode >>> 0, at + 24);
    out.writeUInt32BE(s.uid >>> 0, at + 28);
    out.writeUInt32BE(s.gid >>> 0, at + 32);
    out.writeUInt32BE(s.size >>> 0, at + 36);
    e.oid.copy(out, at + 40);
    const name = names[i]!;
    out.writeUInt16BE(Math.min(name.length, 0xfff), at + 40 + idBytes);
    name.copy(out, at + 42 + idBytes);
    at += (40 + idBytes + 2 + name.length + 8) & ~7;
  });
  return Buffer.concat([out, createHash(algorithm).update(out).digest()]);
}
