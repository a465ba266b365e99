// The paths git tracks, read from the repository's index file (git's "index-format" documentation: versions 2 to 4),
// so a tracked file is never taken for an ignored one without starting git. Split and sparse indexes, and
// submodules, are not read: the caller then asks git.

/** What the index says is tracked. */
export interface TrackedSet {
  /** Every path in the index (any stage), relative to the work tree. */
  files: ReadonlySet<string>;
  /** Every folder holding a tracked path (pathspec matching: `git check-ignore build` is silent when build/keep is tracked). */
  dirs: ReadonlySet<string>;
  /** Submodule paths (gitlinks): what lies below them is another repository's. */
  gitlinks: readonly string[];
}

const SIGNATURE = 0x44495243; // "DIRC"
const GITLINK = 0o160000;
const SKIP_WORKTREE = 0x4000;

/** git's offset varint (varint.c). */
function varint(buf: Buffer, at: number): { value: number; next: number } {
  let c = buf[at++]!;
  let value = c & 127;
  while (c & 128) {
    c = buf[at++]!;
    value = ((value + 1) << 7) + (c & 127);
  }
  return { value, next: at };
}

/** The tracked set of an index file's bytes; null when it uses what this reader does not read. */
export function readIndex(buf: Buffer, hashBytes = 20): TrackedSet | null {
  if (buf.length < 12 || buf.readUInt32BE(0) !== SIGNATURE) return null;
  const version = buf.readUInt32BE(4);
  if (version < 2 || version > 4) return null;
  const count = buf.readUInt32BE(8);
  const files = new Set<string>();
  const dirs = new Set<string>();
  const gitlinks: string[] = [];
  let at = 12;
  let previous = '';
  for (let n = 0; n < count; n++) {
    const start = at;
    if (start + 40 + hashBytes + 2 > buf.length) return null;
    const mode = buf.readUInt32BE(start + 24);
    const flags = buf.readUInt16BE(start + 40 + hashBytes);
    at = start + 40 + hashBytes + 2;
    let extended = 0;
    if (flags & 0x4000) {
      if (version < 3) return null;
      extended = buf.readUInt16BE(at);
      at += 2;
    }
    let name: string;
    if (version === 4) {
      const strip = varint(buf, at);
      const end = buf.indexOf(0, strip.next);
      if (end < 0 || strip.value > previous.length) return null;
      name = previous.slice(0, previous.length - strip.value) + buf.toString('utf8', strip.next, end);
      at = end + 1;
    } else {
      const end = buf.indexOf(0, at);
      if (end < 0) return null;
      name = buf.toString('utf8', at, end);
      // Entries are padded with 1–8 NULs to a multiple of 8 bytes.
      at = start + ((end - start + 8) & ~7);
    }
    previous = name;
    // A sparse index holds folders as entries; skip-worktree entries are not matched by check-ignore's pathspecs.
    if (name.endsWith('/')) return null;
    if (extended & SKIP_WORKTREE) continue;
    if ((mode & 0o170000) === GITLINK) gitlinks.push(name);
    files.add(name);
    for (let i = name.indexOf('/'); i !== -1; i = name.indexOf('/', i + 1)) dirs.add(name.slice(0, i));
  }
  // Extensions: a split index ("link") keeps entries in another file; a sparse one ("sdir") folders as entries.
  for (let ext = at; ext + 8 <= buf.length - hashBytes; ) {
    const sig = buf.toString('latin1', ext, ext + 4);
    if (sig === 'link' || sig === 'sdir') return null;
    ext += 8 + buf.readUInt32BE(ext + 4);
  }
  return { files, dirs, gitlinks };
}
