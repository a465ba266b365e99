// The write-behind inbox for requests decided at once (the table: migrations.ts, schema 4). Such a request's commit
// writes its finished row (chained, sealed, numbered by the writer) into audit_inbox, which has no index but its seq;
// the audit's secondary indexes and UNIQUE(id), the dashboard counters, the decision-number mark and the search index
// catch up when the inbox settles into audit: in the pauses between writes (the store's upkeep), before any read of the
// audit through the store, on open and on close. Rows move with every column as written, so the chain is untouched.
import type Database from 'better-sqlite3';
import { AUDIT_COLUMNS, AUDIT_VALUES, type AuditRow } from './audit-row.js';
import { countsWriter, outcomeOf } from './counts.js';
import { decisionSeqRaiser } from './decision-chain.js';
import type { ftsIndexer } from './fts-index.js';

/**
 * Rows one connection lets gather before it settles them itself, in the next write: the duplicate-id check scans the
 * inbox, which must stay short when writes never pause (a bulk load in one synchronous loop).
 */
export const INBOX_MAX_ROWS = 200;

/** An error carrying the code SQLite gives the same conflict in audit, so the writer handles both tables alike. */
const conflict = (message: string, code: 'SQLITE_CONSTRAINT_UNIQUE' | 'SQLITE_CONSTRAINT_PRIMARYKEY'): Error => Object.assign(new Error(message), { code });

/** The inbox bound to one connection; `fts` indexes settled rows the search index's mark has already passed. */
export function auditInbox(db: Database.Database, fts: Pick<ReturnType<typeof ftsIndexer>, 'arrived'>) {
  // Refuses an id recorded in either table, and a seq audit holds (another connection wrote entries since the writer
  // read its tail); the inbox's own primary key refuses a seq it holds.
  const insert = db.prepare<[AuditRow]>(
    `INSERT INTO audit_inbox (${AUDIT_COLUMNS}) SELECT ${AUDIT_VALUES}
     WHERE NOT EXISTS (SELECT 1 FROM audit WHERE id = @id) AND NOT EXISTS (SELECT 1 FROM audit_inbox WHERE id = @id)
       AND NOT EXISTS (SELECT 1 FROM audit WHERE seq = @seq)`,
  );
  const held = db.prepare<[{ id: string }], number>('SELECT EXISTS (SELECT 1 FROM audit_inbox WHERE id = @id)').pluck();
  const recorded = db.prepare<[{ id: string }], number>('SELECT EXISTS (SELECT 1 FROM audit WHERE id = @id)').pluck();
  const duplicate = (id: string): Error => conflict(`request ${id} is already recorded`, 'SQLITE_CONSTRAINT_UNIQUE');
  const waiting = db.prepare<[], number>('SELECT EXISTS (SELECT 1 FROM audit_inbox)').pluck();
  const all = db.prepare<[], AuditRow>(`SELECT ${AUDIT_COLUMNS} FROM audit_inbox ORDER BY seq`);
  const move = db.prepare(`INSERT INTO audit (${AUDIT_COLUMNS}) SELECT ${AUDIT_COLUMNS} FROM audit_inbox ORDER BY seq`);
  const clear = db.prepare('DELETE FROM audit_inbox');
  const counts = countsWriter(db);
  const raiseDecisionSeq = decisionSeqRaiser(db);
  let gathered = 0;

  // An immediate transaction (a savepoint inside another): a second process settling at the same time waits for the
  // write lock, then finds the inbox empty.
  const settleTx = db.transaction((): number => {
    const rows = all.all();
    if (rows.length === 0) return 0;
    move.run();
    clear.run();
    let top = 0;
    for (const row of rows) {
      counts.added(row, outcomeOf(row.status, row.decided_by));
      top = Math.max(top, row.decision_seq ?? 0);
    }
    raiseDecisionSeq(top);
    fts.arrived(rows);
    return rows.length;
  });

  /** Moves every inbox row into audit, doing what writing it there at once would have done; returns how many. */
  function settle(): number {
    gathered = 0;
    // A read first: most calls (every read of the audit) find the inbox empty and need no write lock.
    return waiting.get() === 0 ? 0 : settleTx.immediate();
  }

  return {
    settle,
    /** Commits a decided row (the caller's transaction) to the inbox; throws the conflicts audit itself would. */
    write(row: AuditRow): void {
      if (gathered >= INBOX_MAX_ROWS) settle();
      if (insert.run(row).changes === 1) {
        gathered++;
        return;
      }
      if (held.get({ id: row.id }) === 1 || recorded.get({ id: row.id }) === 1) throw duplicate(row.id);
      throw conflict(`audit seq ${row.seq} is already taken`, 'SQLITE_CONSTRAINT_PRIMARYKEY');
    },
    /** Refuses an id the inbox holds: a pending entry goes straight to audit, whose UNIQUE(id) does not see the inbox. */
    refuseHeld(id: string): void {
      if (held.get({ id }) === 1) throw duplicate(id);
    },
  };
}
