// Versioned schema migrations: PRAGMA user_version counts how many of MIGRATIONS have been applied.
import type Database from 'better-sqlite3';
import { numberExistingDecisions } from './decision-chain.js';
import { rebuildAuditCounts } from './counts.js';
import { FTS_SEQ } from './fts-index.js';

/** Thrown when the database was written by a newer Gatehouse: nothing is changed in it. */
export class StoreVersionError extends Error {}

type Migration = (db: Database.Database) => void;

/** Ordered: index i brings the schema from version i to i+1. Never edit a shipped migration; append a new one. */
export const MIGRATIONS: readonly Migration[] = [
  (db) => {
    db.exec(`
      CREATE TABLE audit (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        received_at TEXT NOT NULL,
        agent TEXT NOT NULL,
        session_id TEXT,
        cwd TEXT,
        tool_name TEXT NOT NULL,
        args_json TEXT NOT NULL,
        description TEXT,
        summary TEXT NOT NULL,
        presentation_json TEXT,
        group_id TEXT,
        payload TEXT NOT NULL,
        verdict_json TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'pending',
        decided_by TEXT,
        decided_at TEXT,
        rule_id TEXT,
        reason TEXT,
        scope TEXT,
        updated_args_json TEXT,
        created_rule_id TEXT,
        latency_ms REAL,
        prev_hash TEXT NOT NULL,
        hash TEXT NOT NULL,
        decision_hash TEXT
      );
      -- SQLite appends the rowid (seq) to every index, so "col = ? ORDER BY seq DESC" walks one index, no sort.
      -- audit_time also covers the dashboard's decisions per time bucket; audit_user_latency (partial: only a person's
      -- decisions) its median time to decide.
      CREATE INDEX audit_time ON audit(received_at, status, decided_by);
      CREATE INDEX audit_agent ON audit(agent);
      CREATE INDEX audit_session ON audit(session_id);
      CREATE INDEX audit_cwd ON audit(cwd);
      CREATE INDEX audit_tool ON audit(tool_name);
      CREATE INDEX audit_status ON audit(status);
      CREATE INDEX audit_decided_by ON audit(decided_by);
      CREATE INDEX audit_rule ON audit(rule_id);
      CREATE INDEX audit_user_latency ON audit(latency_ms) WHERE decided_by = 'user';
      -- Contentless: the text already lives in audit, so the index stores only tokens (cheaper inserts, smaller file);
      -- contentless_delete lets pruning remove rows. Rows are kept in step by the store's own code, in the same transaction.
      CREATE VIRTUAL TABLE audit_fts USING fts5(tool_name, summary, description, reasons, content='', contentless_delete=1);
      CREATE TABLE audit_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE rules (
        id TEXT PRIMARY KEY,
        action TEXT NOT NULL CHECK (action IN ('allow', 'ask', 'deny')),
        pattern TEXT NOT NULL,
        scope TEXT,
        enabled INTEGER NOT NULL DEFAULT 1,
        expires_at TEXT,
        uses_left INTEGER,
        note TEXT,
        created_at TEXT NOT NULL,
        last_used_at TEXT,
        hit_count INTEGER NOT NULL DEFAULT 0,
        source TEXT NOT NULL DEFAULT 'user'
      );
      CREATE INDEX rules_created ON rules(created_at);
      CREATE TABLE session_approvals (
        id TEXT PRIMARY KEY,
        agent TEXT NOT NULL,
        session_id TEXT NOT NULL,
        payload TEXT NOT NULL,
        tool_name TEXT NOT NULL,
        summary TEXT NOT NULL,
        created_at TEXT NOT NULL,
        expires_at TEXT
      );
      CREATE INDEX session_approvals_session ON session_approvals(session_id);
      CREATE TABLE settings (key TEXT PRIMARY KEY, value_json TEXT NOT NULL);
    `);
  },
  (db) => {
    db.exec(`
      -- Decisions are numbered so that a cleared or deleted decision leaves a visible hole (chain.ts).
      ALTER TABLE audit ADD COLUMN decision_seq INTEGER;
      -- Decision numbers removed by pruning, as coalesced ranges: the only holes verify accepts.
      CREATE TABLE audit_decision_cuts (first INTEGER PRIMARY KEY, last INTEGER NOT NULL);
      -- Dashboard counters per hour, kept in step with every write (counts.ts): the dashboard sums a few thousand
      -- of these instead of grouping the whole audit. kind 'tool' (key: tool name, per outcome), 'rule' (key: rule id),
      -- 'latency' (key: a person's time to decide in ms, a number: the column has no type so it keeps both).
      CREATE TABLE audit_counts (
        hour TEXT NOT NULL,
        kind TEXT NOT NULL,
        key NOT NULL,
        outcome TEXT NOT NULL,
        n INTEGER NOT NULL,
        PRIMARY KEY (hour, kind, key, outcome)
      ) WITHOUT ROWID;
    `);
    numberExistingDecisions(db);
    rebuildAuditCounts(db);
    // Schema 1 indexed every entry as it was written.
    db.prepare(`INSERT INTO audit_meta (key, value) SELECT '${FTS_SEQ}', CAST(coalesce(max(seq), 0) AS TEXT) FROM audit`).run();
  },
  (db) => {
    db.exec(`
      -- What a session grant covers, in the words the person saw (sealed in decision_hash when set: chain.ts).
      ALTER TABLE audit ADD COLUMN grant_text TEXT;
      -- Grants now say what they cover (a file, the workspace, a command prefix, an MCP tool, one exact call). Older
      -- grants were keyed on the payload the agent sent, which the agent chose: they are dropped, not carried over.
      DELETE FROM session_approvals;
      ALTER TABLE session_approvals ADD COLUMN kind TEXT NOT NULL DEFAULT 'call';
    `);
  },
  // The write-behind inbox (audit-inbox.ts): a request decided at once is committed here, whole (chained, sealed,
  // numbered), before its answer leaves; the store moves it into audit (indexes, counters, decision number, search
  // index) in the pauses between writes, at most 100 ms later (upkeep.ts), and before any read of the audit through
  // the store. Another process reading the audit table directly (sqlite3) sees such an entry only once it has moved.
  // Same columns as audit, and no index but seq (the rowid): a write here costs a few pages of one small table.
  (db) => {
    db.exec(`
      CREATE TABLE audit_inbox (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL,
        received_at TEXT NOT NULL,
        agent TEXT NOT NULL,
        session_id TEXT,
        cwd TEXT,
        tool_name TEXT NOT NULL,
        args_json TEXT NOT NULL,
        description TEXT,
        summary TEXT NOT NULL,
        presentation_json TEXT,
        group_id TEXT,
        payload TEXT NOT NULL,
        verdict_json TEXT NOT NULL,
        status TEXT NOT NULL,
        decided_by TEXT,
        decided_at TEXT,
        rule_id TEXT,
        reason TEXT,
        scope TEXT,
        updated_args_json TEXT,
        created_rule_id TEXT,
        latency_ms REAL,
        prev_hash TEXT NOT NULL,
        hash TEXT NOT NULL,
        decision_hash TEXT,
        decision_seq INTEGER,
        grant_text TEXT
      );
    `);
  },
  // Rules for one agent only (an allow imported from that agent's policy file); null: every agent.
  (db) => {
    db.exec('ALTER TABLE rules ADD COLUMN agent TEXT');
  },
  // A fourth rule action, `sandbox` (allow a shell command contained): SQLite cannot widen a CHECK in place, so the
  // rules table is rebuilt with the same columns and rows.
  (db) => {
    db.exec(`
      CREATE TABLE rules_new (
        id TEXT PRIMARY KEY,
        action TEXT NOT NULL CHECK (action IN ('allow', 'sandbox', 'ask', 'deny')),
        pattern TEXT NOT NULL,
        scope TEXT,
        enabled INTEGER NOT NULL DEFAULT 1,
        expires_at TEXT,
        uses_left INTEGER,
        note TEXT,
        created_at TEXT NOT NULL,
        last_used_at TEXT,
        hit_count INTEGER NOT NULL DEFAULT 0,
        source TEXT NOT NULL DEFAULT 'user',
        agent TEXT
      );
      INSERT INTO rules_new (id, action, pattern, scope, enabled, expires_at, uses_left, note, created_at, last_used_at, hit_count, source, agent) SELECT id, action, pattern, scope, enabled, expires_at, uses_left, note, created_at, last_used_at, hit_count, source, agent FROM rules;
      DROP TABLE rules;
      ALTER TABLE rules_new RENAME TO rules;
      CREATE INDEX rules_created ON rules(created_at);
    `);
  },
  // What the sandbox refused a contained run, attached to its entry after the entry was sealed (refusals.ts).
  (db) => {
    db.exec(`
      CREATE TABLE audit_refusals (
        id INTEGER PRIMARY KEY,
        audit_seq INTEGER NOT NULL,
        audit_id TEXT NOT NULL,
        at TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('read', 'write', 'network')),
        target TEXT NOT NULL,
        detail TEXT,
        prev_hash TEXT NOT NULL,
        hash TEXT NOT NULL
      );
      CREATE INDEX audit_refusals_entry ON audit_refusals(audit_seq);
    `);
  },
  // The subagent a call was asked from (`{"id","type"}`), sealed in the entry's hash when set (chain.ts).
  (db) => {
    db.exec('ALTER TABLE audit ADD COLUMN subagent_json TEXT; ALTER TABLE audit_inbox ADD COLUMN subagent_json TEXT;');
  },
];

/** Throws StoreVersionError for a schema newer than this build knows; reads only, so it runs before any pragma writes. */
export function assertKnownVersion(db: Database.Database, path: string): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new StoreVersionError(
      `${path} was written by a newer Gatehouse (schema ${current}, this one knows ${MIGRATIONS.length}); upgrade Gatehouse or use another GATEHOUSE_HOME`,
    );
  }
}

/** Brings the schema up to date, one immediate transaction per migration (the version is re-read inside, so two processes opening at once do not collide). */
export function migrate(db: Database.Database, path: string): void {
  const step = db.transaction((): boolean => {
    assertKnownVersion(db, path);
    const current = db.pragma('user_version', { simple: true }) as number;
    const migration = MIGRATIONS[current];
    if (!migration) return false;
    migration(db);
    db.pragma(`user_version = ${current + 1}`);
    return true;
  });
  while (step.immediate()) {
    // one migration applied; look for the next
  }
}
