// Undo: compute everything first (the current state as a snapshot, what each path goes back to, conflicts with later
// calls, the preview), then apply, then verify against a fresh snapshot. The undo takes its own before and after
// snapshots, so it is recorded like a call and can itself be undone.
import type { UndoConflict, UndoOptions, UndoReport } from '../../../common/undo.js';
import { NotFoundError, ConflictError } from '../broker/errors.js';
import type { CallSnapshot, Journal } from './journal.js';
import { planUndo, type UndoPlan } from './plan.js';
import { previewRestores } from './preview.js';
import type { KeyedQueue } from './queue.js';
import type { SnapshotRecorder } from './recorder.js';
import { applyRestores } from './restore.js';
import { shadowPaths, snapshot } from './shadow.js';
import { changedPaths, entriesAt, readBlobs, sameEntry } from './trees.js';
import type { ShadowPaths } from './git.js';

/** What an undo needs. */
export interface UndoDeps {
  home: string;
  journal: Journal;
  queue: KeyedQueue;
  recorder: SnapshotRecorder;
  /** Records the undo in the audit as the person's action; returns the new entry's id. */
  recordUndo(workspace: string, calls: string[], files: string[]): Promise<string>;
  now(): Date;
}

/** Why a call has no undo, as an error the routes map to 404 / 409. */
function usable(row: CallSnapshot | null, id: string): CallSnapshot {
  if (!row) throw new NotFoundError(`no undo for ${id}: Gatehouse took no snapshot of it (it could not change files, or was not approved)`);
  if (row.state === 'failed') throw new ConflictError(`no undo for ${id}: ${row.why ?? 'its snapshot failed'}`);
  if (row.state === 'pruned') throw new ConflictError(`no undo for ${id}: ${row.why ?? 'its snapshots were removed by retention'}`);
  return row;
}

/** Which of `later` calls changed each conflicting path. */
async function conflictsWith(shadow: ShadowPaths, paths: string[], later: CallSnapshot[]): Promise<UndoConflict[]> {
  const touched = new Map<string, string[]>(paths.map((p) => [p, []]));
  for (const call of later) {
    for (const p of await changedPaths(shadow, call.before_tree!, call.after_tree!)) touched.get(p)?.push(call.request_id);
  }
  return paths.map((path) => ({ path, later_calls: touched.get(path) ?? [] }));
}

/** Previews (default) or applies the undo of one call, or with back_to_here of it and every later call in its workspace. */
export async function undoCall(deps: UndoDeps, requestId: string, opts: UndoOptions = {}): Promise<UndoReport> {
  const first = usable(deps.journal.get(requestId), requestId);
  const ws = first.workspace;
  // Open calls in the workspace (no after-call event came) are closed first, outside the workspace's queue.
  await deps.recorder.closeOpen({ workspace: ws });
  return deps.queue.run(ws, () => undoInQueue(deps, requestId, opts));
}

async function undoInQueue(deps: UndoDeps, requestId: string, opts: UndoOptions): Promise<UndoReport> {
  const row = usable(deps.journal.get(requestId), requestId);
  const ws = row.workspace;
  const shadow = shadowPaths(deps.home, ws);
  const current = await snapshot(shadow);
  const fromHere = deps.journal.readyFrom(ws, requestId);
  const later = fromHere.filter((c) => c.request_id !== requestId);
  const calls = opts.back_to_here ? fromHere : fromHere.filter((c) => c.request_id === requestId);
  const changed = new Set<string>();
  for (const c of calls) for (const p of await changedPaths(shadow, c.before_tree!, c.after_tree!)) changed.add(p);
  const paths = [...changed].sort();
  const before = await entriesAt(shadow, row.before_tree!, paths);
  const after = opts.back_to_here ? null : await entriesAt(shadow, row.after_tree!, paths);
  const now = await entriesAt(shadow, current, paths);
  const plan: UndoPlan = planUndo(paths, before, after, now);
  const blobs = await readBlobs(shadow, plan.restores.flatMap((r) => [r.now?.oid, r.to?.oid]).filter((o): o is string => o !== undefined));
  const report: UndoReport = {
    request_id: requestId,
    workspace: ws,
    calls: calls.map((c) => c.request_id),
    files: previewRestores(plan.restores, blobs),
    conflicts: plan.conflicts.length > 0 ? await conflictsWith(shadow, plan.conflicts, later) : [],
    applied: false,
    undo_id: null,
  };
  if (!opts.apply || report.conflicts.length > 0 || plan.restores.length === 0) return report;

  try {
    applyRestores(ws, plan.restores, blobs);
  } catch (err) {
    throw new ConflictError(`undo changed nothing: ${(err as Error).message}`);
  }
  const done = await snapshot(shadow);
  const check = await entriesAt(shadow, done, paths);
  const wrong = plan.restores.filter((r) => !sameEntry(check.get(r.path), r.to)).map((r) => r.path);
  if (wrong.length > 0) throw new Error(`undo wrote the files but ${wrong.join(', ')} did not come back as they were (changed meanwhile?)`);
  const undoId = await deps.recordUndo(ws, report.calls, plan.restores.map((r) => r.path));
  deps.journal.insert({
    request_id: undoId,
    workspace: ws,
    agent: 'gatehouse',
    session_id: null,
    tool_name: 'Undo',
    args_json: JSON.stringify({ calls: report.calls }),
    before_tree: current,
    after_tree: done,
    state: 'ready',
    why: null,
    taken_at: deps.now().toISOString(),
    ran: 'ran',
    ran_note: null,
  });
  return { ...report, applied: true, undo_id: undoId };
}

/** Undoes a whole session: in each workspace it touched, back to before its first change there. */
export async function undoSession(deps: UndoDeps, sessionId: string, opts: UndoOptions = {}): Promise<UndoReport[]> {
  const rows = deps.journal.session(sessionId);
  if (rows.length === 0) throw new NotFoundError(`no undo for session ${sessionId}: Gatehouse took no snapshot in it`);
  const firsts = new Map<string, string>();
  for (const r of rows) if (!firsts.has(r.workspace)) firsts.set(r.workspace, r.request_id);
  const reports: UndoReport[] = [];
  for (const id of firsts.values()) reports.push(await undoCall(deps, id, { ...opts, back_to_here: true }));
  return reports;
}
