// Writing git objects into a shadow repository's object store from this process: a loose object is the zlib deflate
// of "<type> <length>\0<body>", named by its SHA-1 (or SHA-256 when the shadow is so configured) — what
// `git hash-object -w` and `git write-tree` write, without starting git for each snapshot. A snapshot only names its
// objects (their ids are their hashes); the files are written by flush(), off the decision path, before git or this
// process reads them (the bytes are held in memory until then, so they are the bytes the snapshot saw).
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { deflateSync } from 'node:zlib';

// Past this many bytes held, objects are written at once (a snapshot of large new files does not hold them all).
const MAX_PENDING_BYTES = 32 * 1024 * 1024;

/** The object kinds a snapshot writes. */
export type ObjectType = 'blob' | 'tree';

/** The object store of one shadow repository. */
export class ObjectStore {
  /** sha1 or sha256, as the shadow's config says. */
  readonly algorithm: 'sha1' | 'sha256';
  /** Fan-out folders (objects/xx) known to exist. */
  private readonly folders = new Set<string>();
  /** Objects named but not yet written: file → type and body. */
  private readonly pending = new Map<string, { type: ObjectType; body: Buffer }>();
  private pendingBytes = 0;

  constructor(private readonly gitDir: string) {
    this.algorithm = objectFormat(gitDir);
  }

  /** Bytes of an object id. */
  get idBytes(): number {
    return this.algorithm === 'sha1' ? 20 : 32;
  }

  /** The id git gives `body` as an object of `type`. */
  idOf(type: ObjectType, body: Buffer): Buffer {
    return createHash(this.algorithm).update(`${type} ${body.length}\0`).update(body).digest();
  }

  /** Stores `body` (flush() writes it, unless the store has it already) and returns its id. */
  write(type: ObjectType, body: Buffer): Buffer {
    const id = this.idOf(type, body);
    const hex = id.toString('hex');
    const file = join(this.gitDir, 'objects', hex.slice(0, 2), hex.slice(2));
    if (!this.pending.has(file)) {
      this.pending.set(file, { type, body });
      this.pendingBytes += body.length;
      if (this.pendingBytes > MAX_PENDING_BYTES) this.flush();
    }
    return id;
  }

  /** Writes every object named since the last flush that the store does not have yet. */
  flush(): void {
    for (const [file, { type, body }] of this.pending) {
      this.writeFile(file, type, body);
      this.pending.delete(file);
    }
    this.pendingBytes = 0;
  }

  /** Forgets objects not written yet (their snapshot is dropped). */
  discard(): void {
    this.pending.clear();
    this.pendingBytes = 0;
  }

  private writeFile(file: string, type: ObjectType, body: Buffer): void {
    if (existsSync(file)) return;
    const dir = dirname(file);
    if (!this.folders.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.folders.add(dir);
    }
    // Written whole under a temporary name, then renamed into place: a reader never sees half an object, and an object
    // written meanwhile by git has the same bytes.
    const temp = join(dir, `tmp_obj_${randomBytes(6).toString('hex')}`);
    const bytes = deflateSync(Buffer.concat([Buffer.from(`${type} ${body.length}\0`), body]), { level: 1 });
    try {
      writeFileSync(temp, bytes, { mode: 0o444 });
    } catch (err) {
      // git gc removes the fan-out folders it emptied by packing.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      mkdirSync(dir, { recursive: true });
      writeFileSync(temp, bytes, { mode: 0o444 });
    }
    renameSync(temp, file);
  }
}

/** The object format of a repository: sha256 when its config's extensions.objectFormat says so, else sha1. */
function objectFormat(gitDir: string): 'sha1' | 'sha256' {
  let text = '';
  try {
    text = readFileSync(join(gitDir, 'config'), 'utf8');
  } catch {
    return 'sha1';
  }
  return /^\s*objectformat\s*=\s*sha256\s*$/im.test(text) ? 'sha256' : 'sha1';
}
