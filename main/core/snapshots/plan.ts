// What an undo will do, decided before anything on disk changes: each path goes back to the entry it had before the
// call, and a path a later change touched (its current entry is not what the call left) is a conflict.
import { sameEntry, type Entry } from './trees.js';

/** One path an undo puts back: what is there now, and what it will be (undefined: absent). */
export interface Restore {
  path: string;
  now: Entry | undefined;
  to: Entry | undefined;
}

/** The computed undo. */
export interface UndoPlan {
  restores: Restore[];
  /** Paths changed again since the call (their current entry is not the one the call left). */
  conflicts: string[];
}

/**
 * Pure: for each path the call changed, restore its `before` entry; a conflict where `now` differs from `after` (a
 * later change) — unless `now` already equals `before`, which needs nothing. Paths already as before are left out.
 */
export function planUndo(changed: readonly string[], before: Map<string, Entry>, after: Map<string, Entry> | null, now: Map<string, Entry>): UndoPlan {
  const restores: Restore[] = [];
  const conflicts: string[] = [];
  for (const path of changed) {
    const was = before.get(path);
    const is = now.get(path);
    if (sameEntry(was, is)) continue;
    if (after !== null && !sameEntry(after.get(path), is)) conflicts.push(path);
    restores.push({ path, now: is, to: was });
  }
  return { restores, conflicts };
}
