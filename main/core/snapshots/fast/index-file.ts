// The shadow's index file (GATEHOUSE_HOME/snapshots/<key>.git/gatehouse-index), read and written in git's index
// format (gitformat-index(5), versions 2–4 read, version 2 written): which files belong to the snapshot, their blob
// ids, and the stat data that tells a changed file from an unchanged one. It is what carries the snapshot's file set
// from one server run to the next, and between this reader and git's own `add` where git still takes a snapshot.
import { createHash } from 'node:crypto';
import { INDEX_SIGNATURE, readIndexEntries, type StatData } from '../../git-index/entries.js';

export type { StatData };

/** One file of the snapshot. */
export interface IndexEntry {
  path: string;
  /** 0o100644, 0o100755, 0o120000 (symbolic link) or 0o160000 (nested repository). */
  mode: number;
  oid: Buffer;
  stat: StatData;
}

/**
 * The snapshot's entries of an index file's bytes; null when it holds what a snapshot never has (conflict stages,
 * sparse or intent-to-add entries, a name that is not UTF-8) or what the reader cannot read whole.
 */
export function readIndexFile(buf: Buffer, idBytes: number): IndexEntry[] | null {
  if (buf.length < 12 + idBytes) return null;
  const raw = readIndexEntries(buf, idBytes);
  if (raw === null) return null;
  const entries: IndexEntry[] = [];
  for (const e of raw) {
    if (e.stage !== 0 || e.skipWorktree || e.intentToAdd || e.path.includes('\uFFFD')) return null;
    entries.push({ path: e.path, mode: e.mode, oid: Buffer.from(e.oid), stat: e.stat });
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
  out.writeUInt32BE(INDEX_SIGNATURE, 0);
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
