// Snapshots and undo (issue 22): the core's one handle on them.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { RequestRecord, ToolRequest } from '../../../common/domain.js';
import type { UndoOptions, UndoReport, UndoStatus } from '../../../common/undo.js';
import { closeEngines } from './fast/engine.js';
import { openJournal } from './journal.js';
import { KeyedQueue } from './queue.js';
import { SnapshotRecorder, type RanCall } from './recorder.js';
import { pruneSnapshots, type SnapshotLimits } from './retention.js';
import { undoCall, undoSession } from './undo.js';

export type { RanCall } from './recorder.js';

/** Snapshots around calls that can write, and undoing them. */
export interface Snapshots {
  /** Before an approved call runs (awaited before the agent gets its answer); never throws. */
  beforeRun(record: RequestRecord): Promise<void>;
  /** Before a contained delete is allowed: the before-snapshot, taken now; null when it holds each file, else why not. */
  hold(request: ToolRequest, args: Record<string, unknown>, files: readonly string[]): Promise<string | null>;
  /** The agent reported a call ran: takes its after-snapshot; the matched request id, or null. */
  ran(call: RanCall): Promise<string | null>;
  /** A session's next request or its end: calls of it still open (no after-call event) get their after-snapshot now. */
  nextRequest(agent: string, sessionId: string | null, transcript?: string): Promise<void>;
  /** Where a call's undo stands; null when it took no snapshot. */
  status(requestId: string): UndoStatus | null;
  /** Previews (default) or applies the undo of a call. */
  undo(requestId: string, opts?: UndoOptions): Promise<UndoReport>;
  /** Previews or applies the undo of a whole session (back to before its first change, per workspace). */
  undoSession(sessionId: string, opts?: UndoOptions): Promise<UndoReport[]>;
  /** Applies the age and size limits; how many calls lost their snapshots. */
  prune(limits: SnapshotLimits): Promise<number>;
  close(): void;
}

/** What createSnapshots needs. */
export interface SnapshotOptions {
  home: string;
  nativeBinding?: string;
  mayWrite(request: ToolRequest): Promise<boolean>;
  recordUndo(workspace: string, calls: string[], files: string[]): Promise<string>;
  now(): Date;
  log(message: string): void;
}

/** Opens the journal in GATEHOUSE_HOME/snapshots and wires recorder and undo. */
export function createSnapshots(opts: SnapshotOptions): Snapshots {
  const dir = join(opts.home, 'snapshots');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const journal = openJournal(join(dir, 'journal.db'), opts.nativeBinding);
  const queue = new KeyedQueue();
  const recorder = new SnapshotRecorder({ home: opts.home, journal, queue, mayWrite: opts.mayWrite, now: opts.now, log: opts.log });
  const deps = { home: opts.home, journal, queue, recorder, recordUndo: opts.recordUndo, now: opts.now };
  return {
    beforeRun: (record) => recorder.beforeRun(record),
    hold: (request, args, files) => recorder.hold(request, args, files),
    ran: (call) => recorder.ran(call),
    async nextRequest(agent, sessionId, transcript) {
      if (sessionId !== null) await recorder.closeOpen({ agent, session_id: sessionId }, transcript);
    },
    status: (id) => recorder.status(id),
    undo: (id, o) => undoCall(deps, id, o),
    undoSession: (sid, o) => undoSession(deps, sid, o),
    prune: (limits) => pruneSnapshots(opts.home, journal, queue, limits, opts.now()),
    close: () => {
      closeEngines(dir);
      journal.shutdown();
    },
  };
}
