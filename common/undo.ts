// What an undo shows and reports, shared by the core, the CLI, the HTTP routes and the renderer.

/** Where a call's undo stands, as the audit and History show it. */
export interface UndoStatus {
  request_id: string;
  /** available: it can be undone; none: no undo (see why); pruned: its snapshots were removed by retention. */
  state: 'available' | 'pending-after' | 'none' | 'pruned';
  why: string | null;
  workspace: string;
  /** Whether the agent ran the call: 'ran', 'not-run' (with not_run_reason), or null when not known. */
  ran: 'ran' | 'not-run' | null;
  not_run_reason: string | null;
}

/** One file an undo puts back, with its diff from now. */
export interface UndoFile {
  path: string;
  change: 'created' | 'deleted' | 'modified';
  diff: string;
  binary: boolean;
  /** Set when the undo changes the file's mode (git modes: 100644, 100755, 120000 symbolic link), else null. */
  mode: { now: string; restored: string } | null;
}

/** A path changed again after the call, and the later calls that changed it. */
export interface UndoConflict {
  path: string;
  later_calls: string[];
}

/** The preview (applied false) or the outcome (applied true) of an undo. */
export interface UndoReport {
  request_id: string;
  workspace: string;
  /** Every call this undo takes back (the one asked; with back_to_here, every later one in the workspace too). */
  calls: string[];
  files: UndoFile[];
  conflicts: UndoConflict[];
  applied: boolean;
  /** The audit entry recording the undo (itself undoable), when applied. */
  undo_id: string | null;
}

/** Options of an undo. */
export interface UndoOptions {
  /** Take back that call and every later one in the workspace (the way out of a conflict). */
  back_to_here?: boolean;
  /** Apply; without it, only the preview. */
  apply?: boolean;
}
