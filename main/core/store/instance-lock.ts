// One Gatehouse instance per GATEHOUSE_HOME: a second one would cancel the first one's pending requests as "left by a
// crash", leave its waiters unanswered, and interleave two writers in one audit chain. The lock is an exclusive
// SQLite transaction held on a file of its own for the life of the process: the operating system drops it when the
// process ends, kill -9 included, so a crash never leaves a stale lock behind.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** Thrown when another live instance holds the home. */
export class InstanceLockedError extends Error {}

/** A held lock. */
export interface InstanceLock {
  release(): void;
}

/** Takes the home's instance lock or throws InstanceLockedError saying who holds it. */
export function acquireInstanceLock(home: string, opts: { nativeBinding?: string; holder?: () => string | null } = {}): InstanceLock {
  mkdirSync(home, { recursive: true, mode: 0o700 });
  const binding = opts.nativeBinding ?? process.env.GATEHOUSE_SQLITE_BINDING;
  const db = new Database(join(home, 'instance.lock'), binding ? { nativeBinding: binding } : {});
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
  } catch (err) {
    db.close();
    if ((err as { code?: string }).code !== 'SQLITE_BUSY') throw err;
    const who = opts.holder?.() ?? null;
    throw new InstanceLockedError(
      `another Gatehouse is already running on ${home}${who ? ` (${who})` : ''}: stop it first, or give this one its own GATEHOUSE_HOME`,
    );
  }
  return {
    release() {
      if (!db.open) return;
      db.exec('ROLLBACK');
      db.close();
    },
  };
}
