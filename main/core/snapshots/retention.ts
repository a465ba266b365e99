// Keeping snapshots bounded: calls older than the age limit lose their snapshots, then the oldest go until all shadow
// repositories fit in the size limit. A pruned call keeps its journal row (state pruned, and why): the record still
// says a snapshot existed. Each shadow keeps refs to the trees still wanted, and git gc drops the rest.
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { flushShadow, forgetShadow } from './fast/engine.js';
import { git } from './git.js';
import type { CallSnapshot, Journal } from './journal.js';
import type { KeyedQueue } from './queue.js';
import { shadowPaths } from './shadow.js';

/** The limits retention applies. */
export interface SnapshotLimits {
  days: number;
  maxBytes: number;
}

/** Bytes under a folder (files only; links not followed). */
export function folderBytes(dir: string): number {
  let total = 0;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    const p = join(dir, name);
    const st = lstatSync(p, { throwIfNoEntry: false });
    if (!st) continue;
    total += st.isDirectory() ? folderBytes(p) : st.size;
  }
  return total;
}

/** Pure: the calls to prune for age (taken before `cutoff`), oldest first, never one still open. */
export function tooOld(rows: readonly CallSnapshot[], cutoff: string): CallSnapshot[] {
  return rows.filter((r) => r.state === 'ready' && r.taken_at < cutoff);
}

/** Re-points one shadow's refs at the trees its live calls hold, then drops every other object. */
async function collect(home: string, workspace: string, live: readonly CallSnapshot[]): Promise<void> {
  const paths = shadowPaths(home, workspace);
  flushShadow(paths.gitDir);
  const refs = (await git(paths, ['for-each-ref', '--format=%(refname)', 'refs/gatehouse/'])).toString('utf8').split('\n').filter(Boolean);
  const wanted = new Map<string, string>();
  for (const c of live) {
    if (c.before_tree) wanted.set(`refs/gatehouse/${c.request_id}/before`, c.before_tree);
    if (c.after_tree) wanted.set(`refs/gatehouse/${c.request_id}/after`, c.after_tree);
  }
  const lines = [...refs.filter((r) => !wanted.has(r)).map((r) => `delete ${r}`), ...[...wanted].map(([ref, tree]) => `update ${ref} ${tree}`)];
  if (lines.length > 0) await git(paths, ['update-ref', '--stdin'], `${lines.join('\n')}\n`);
  await git(paths, ['gc', '--prune=now', '--quiet']);
  // gc keeps the index's blobs, not the trees the engine remembers: it computes them again.
  forgetShadow(paths.gitDir);
}

/** Applies the limits; returns how many calls lost their snapshots. */
export async function pruneSnapshots(home: string, journal: Journal, queue: KeyedQueue, limits: SnapshotLimits, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - limits.days * 86_400_000).toISOString();
  let pruned = 0;
  for (const row of tooOld(journal.holding(), cutoff)) {
    journal.prune(row.request_id, `its snapshots were removed after ${limits.days} days (retention)`);
    pruned++;
  }
  const gcAll = async () => {
    const live = journal.holding();
    const byWorkspace = new Map<string, CallSnapshot[]>();
    for (const r of live) byWorkspace.set(r.workspace, [...(byWorkspace.get(r.workspace) ?? []), r]);
    for (const name of readdirSync(join(home, 'snapshots')).filter((n) => n.endsWith('.git'))) {
      const workspace = workspaceOf(join(home, 'snapshots', name));
      if (workspace !== null) await queue.run(workspace, () => collect(home, workspace, byWorkspace.get(workspace) ?? []));
    }
  };
  await gcAll();
  // Over the size limit: the oldest quarter of what is left goes, until it fits or nothing is left to drop.
  while (folderBytes(join(home, 'snapshots')) > limits.maxBytes) {
    const ready = journal.holding().filter((r) => r.state === 'ready');
    if (ready.length === 0) break;
    for (const row of ready.slice(0, Math.max(1, Math.ceil(ready.length / 4)))) {
      journal.prune(row.request_id, `its snapshots were removed to keep undo within ${Math.round(limits.maxBytes / 1048576)} MB (retention)`);
      pruned++;
    }
    await gcAll();
  }
  return pruned;
}

/** The workspace a shadow was made for (written at its creation), or null. */
function workspaceOf(gitDir: string): string | null {
  try {
    return readFileSync(join(gitDir, 'workspace'), 'utf8').trim() || null;
  } catch {
    return null;
  }
}
