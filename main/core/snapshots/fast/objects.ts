// Writing git objects into a shadow repository's object store from this process: a loose object is the zlib deflate
// of "<type> <length>\0<body>", named by its SHA-1 (or SHA-256 when the shadow is so configured) — what
// `git hash-object -w` and `git write-tree` write, without starting git for each snapshot.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

/** The object kinds a snapshot writes. */
export type ObjectType = 'blob' | 'tree';

/** The object store of one shadow repository. */
export class ObjectStore {
  /** sha1 or sha256, as the shadow's config says. */
  readonly algorithm: 'sha1' | 'sha256';

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

  /** Stores `body` (when the store lacks it as a loose object) and returns its id. */
  write(type: ObjectType, body: Buffer): Buffer {
    const id = this.idOf(type, body);
    const hex = id.toString('hex');
    const dir = join(this.gitDir, 'objects', hex.slice(0, 2));
    const file = join(dir, hex.slice(2));
    if (existsSync(file)) return id;
    mkdirSync(dir, { recursive: true });
    const temp = join(dir, `tmp_obj_${randomBytes(6).toString('hex')}`);
    writeFileSync(temp, deflateSync(Buffer.concat([Buffer.from(`${type} ${body.length}\0`), body]), { level: 1 }), { mode: 0o444 });
    // As git does: link into place, so an object written meanwhile by another writer is kept as it is.
    try {
      linkSync(temp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      unlinkSync(temp);
    }
    return id;
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
