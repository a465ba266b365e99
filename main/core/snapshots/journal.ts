// The snapshot journal: per call that could write, which workspace, its before and after trees in the shadow
// repository, or why it has no undo. Its own SQLite file beside the shadows (GATEHOUSE_HOME/snapshots/journal.db), so
// the audit's hash chain stays as it is; rows outlive the trees they name (pruned: the fact stays, the undo goes).
import Database from 'better-sqlite3';

/** Where a call's undo stands. */
export type SnapshotState = 'open' | 'ready' | 'failed' | 'pruned';

/** What the journal knows of one call. */
export interface CallSnapshot {
  request_id: string;
  workspace: string;
  agent: string;
  session_id: string | null;
  tool_name: string;
  /** The args the agent ran (the person's edit when there was one), for matching the agent's after-call event. */
  args_json: string;
  before_tree: string | null;
  after_tree: string | null;
  state: SnapshotState;
  /** Why there is no undo (failed, pruned). */
  why: string | null;
  taken_at: string;
  /** Whether the agent ran it: null (not known yet), 'ran', or 'not-run' with ran_note saying why. */
  ran: 'ran' | 'not-run' | null;
  ran_note: string | null;
}

/** The journal's reads and writes. */
export interface Journal {
  get(requestId: string): CallSnapshot | null;
  insert(row: CallSnapshot): void;
  /**
   * Sets the after tree of an open call (ready), or marks it failed with why; with `notRun`, also that it did not run
   * and why, in the same commit.
   */
  close(requestId: string, afterTree: string | null, why?: string, notRun?: string | null): void;
  setRan(requestId: string, ran: 'ran' | 'not-run', note: string | null): void;
  /** Open calls, oldest first: of one agent session, or of one workspace. */
  open(filter: { agent?: string; session_id?: string | null; workspace?: string }): CallSnapshot[];
  /** Ready calls of a workspace from `fromId` on (ULIDs sort by time), oldest first. */
  readyFrom(workspace: string, fromId: string): CallSnapshot[];
  /** Calls of one session with an undo, oldest first. */
  session(sessionId: string): CallSnapshot[];
  /** Calls still holding trees (open or ready), oldest first: what retention weighs. */
  holding(): CallSnapshot[];
  prune(requestId: string, why: string): void;
  /** Closes the database. */
  shutdown(): void;
}

/** Opens (creating) the journal at `path`. */
export function openJournal(path: string, nativeBinding?: string): Journal {
  const db = new Database(path, nativeBinding ? { nativeBinding } : {});
  db.pragma('journal_mode = WAL');
  // As the audit's store: a commit survives this process being killed (the WAL is written before the call is told),
  // without an fsync per snapshot on the decision path; the shadow's objects are not synced either.
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.exec(`
    CREATE TABLE IF NOT EXISTS calls (
      request_id TEXT PRIMARY KEY,
      workspace TEXT NOT NULL,
      agent TEXT NOT NULL,
      session_id TEXT,
      tool_name TEXT NOT NULL,
      args_json TEXT NOT NULL,
      before_tree TEXT,
      after_tree TEXT,
      state TEXT NOT NULL,
      why TEXT,
      taken_at TEXT NOT NULL,
      ran TEXT,
      ran_note TEXT
    );
    CREATE INDEX IF NOT EXISTS calls_workspace ON calls(workspace, state);
    CREATE INDEX IF NOT EXISTS calls_session ON calls(session_id);
    -- Every request looks up its session's open calls: only open ones are indexed, a long session stays one lookup.
    CREATE INDEX IF NOT EXISTS calls_open ON calls(agent, session_id) WHERE state = 'open';
  `);
  const get = db.prepare('SELECT * FROM calls WHERE request_id = ?');
  const insert = db.prepare(`INSERT OR IGNORE INTO calls VALUES (@request_id, @workspace, @agent, @session_id, @tool_name, @args_json,
    @before_tree, @after_tree, @state, @why, @taken_at, @ran, @ran_note)`);
  const close = db.prepare(`UPDATE calls SET after_tree = ?, state = CASE WHEN ? IS NULL THEN 'ready' ELSE 'failed' END, why = ? WHERE request_id = ? AND state = 'open'`);
  const setRan = db.prepare('UPDATE calls SET ran = ?, ran_note = ? WHERE request_id = ? AND ran IS NULL');
  const openBySession = db.prepare(`SELECT * FROM calls WHERE state = 'open' AND agent = ? AND session_id IS ? ORDER BY request_id`);
  const openByWorkspace = db.prepare(`SELECT * FROM calls WHERE state = 'open' AND workspace = ? ORDER BY request_id`);
  const readyFrom = db.prepare(`SELECT * FROM calls WHERE workspace = ? AND request_id >= ? AND state = 'ready' ORDER BY request_id`);
  const session = db.prepare(`SELECT * FROM calls WHERE session_id = ? AND state IN ('ready', 'open') ORDER BY request_id`);
  const holding = db.prepare(`SELECT * FROM calls WHERE state IN ('ready', 'open') ORDER BY request_id`);
  const prune = db.prepare(`UPDATE calls SET state = 'pruned', why = ?, before_tree = NULL, after_tree = NULL WHERE request_id = ?`);
  return {
    get: (id) => (get.get(id) as CallSnapshot | undefined) ?? null,
    insert: (row) => void insert.run(row),
    close: db.transaction((id: string, after: string | null, why?: string, notRun?: string | null) => {
      // Only the request that closed the call says whether it ran (another may have closed it first).
      if (close.run(after, why ?? null, why ?? null, id).changes > 0 && notRun != null) setRan.run('not-run', notRun, id);
    }),
    setRan: (id, ran, note) => void setRan.run(ran, note, id),
    open: (f) => (f.workspace !== undefined ? openByWorkspace.all(f.workspace) : openBySession.all(f.agent ?? '', f.session_id ?? null)) as CallSnapshot[],
    readyFrom: (ws, from) => readyFrom.all(ws, from) as CallSnapshot[],
    session: (sid) => session.all(sid) as CallSnapshot[],
    holding: () => holding.all() as CallSnapshot[],
    prune: (id, why) => void prune.run(why, id),
    shutdown: () => db.close(),
  };
}
