// Dashboard counters: entries per hour by tool and outcome, by rule, and a person's decision times, kept in step with every audit write in the same
// transaction, so the dashboard sums a few thousand counters instead of grouping a million entries.
import type Database from 'better-sqlite3';
import type { DecidedBy, RequestStatus } from '../../../common/domain.js';

/** How an entry counts on the dashboard (stats.ts charts all but `pending` and `other`). */
export type Outcome = 'pending' | 'auto_allowed' | 'approved' | 'denied' | 'expired' | 'other';

const AUTOMATIC: ReadonlySet<string> = new Set(['rule', 'session', 'mode', 'policy']);

/** The outcome bucket of an entry's status and decider. */
export function outcomeOf(status: RequestStatus, decidedBy: DecidedBy | null): Outcome {
  if (status === 'pending') return 'pending';
  if (status === 'approved') return decidedBy === 'user' ? 'approved' : decidedBy !== null && AUTOMATIC.has(decidedBy) ? 'auto_allowed' : 'other';
  if (status === 'denied') return 'denied';
  return 'expired'; // expired and cancelled
}

/** outcomeOf in SQL over the audit table aliased `a` (rebuild and pruning). */
const OUTCOME_SQL = `CASE
  WHEN a.status = 'pending' THEN 'pending'
  WHEN a.status = 'approved' AND a.decided_by = 'user' THEN 'approved'
  WHEN a.status = 'approved' AND a.decided_by IN ('rule', 'session', 'mode', 'policy') THEN 'auto_allowed'
  WHEN a.status = 'approved' THEN 'other'
  WHEN a.status = 'denied' THEN 'denied'
  ELSE 'expired' END`;

/** The part of an entry the counters are keyed by. */
export interface CountKey {
  received_at: string;
  tool_name: string;
  rule_id: string | null;
  decided_by: DecidedBy | null;
  latency_ms: number | null;
}

/**
 * Grouped counts of the entries matching `where` (over `audit a`), in counter shape (hour, kind, key, outcome, n):
 * kind 'tool' (key: tool name, by outcome), 'rule' (key: rule id), 'latency' (key: a person's time to decide, in ms).
 */
export function groupedCountsSql(where: string): string {
  const and = (cond: string) => (where === '' ? `WHERE ${cond}` : `${where} AND ${cond}`);
  const hour = 'substr(a.received_at, 1, 13)';
  return [
    `SELECT ${hour} AS hour, 'tool' AS kind, a.tool_name AS key, ${OUTCOME_SQL} AS outcome, count(*) AS n FROM audit a ${where} GROUP BY 1, 3, 4`,
    `SELECT ${hour} AS hour, 'rule' AS kind, a.rule_id AS key, '' AS outcome, count(*) AS n FROM audit a ${and('+a.rule_id IS NOT NULL')} GROUP BY 1, 3`,
    `SELECT ${hour} AS hour, 'latency' AS kind, a.latency_ms AS key, '' AS outcome, count(*) AS n FROM audit a ${and("+a.decided_by = 'user' AND +a.latency_ms IS NOT NULL")} GROUP BY 1, 3`,
  ].join(' UNION ALL ');
}

/** The counter writer bound to one connection: call it inside the transaction that writes the entry. */
export function countsWriter(db: Database.Database) {
  const bump = db.prepare<[string, string, string | number, string, number]>(
    'INSERT INTO audit_counts (hour, kind, key, outcome, n) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET n = n + excluded.n',
  );
  const decisionPart = (key: CountKey, hour: string): void => {
    if (key.rule_id !== null) bump.run(hour, 'rule', key.rule_id, '', 1);
    if (key.decided_by === 'user' && key.latency_ms !== null) bump.run(hour, 'latency', key.latency_ms, '', 1);
  };
  return {
    /** A new entry (pending, or decided at once). */
    added(key: CountKey, outcome: Outcome): void {
      const hour = key.received_at.slice(0, 13);
      bump.run(hour, 'tool', key.tool_name, outcome, 1);
      if (outcome !== 'pending') decisionPart(key, hour);
    },
    /** An entry moved from pending to its decision. */
    decided(key: CountKey, outcome: Outcome): void {
      const hour = key.received_at.slice(0, 13);
      bump.run(hour, 'tool', key.tool_name, 'pending', -1);
      bump.run(hour, 'tool', key.tool_name, outcome, 1);
      decisionPart(key, hour);
    },
  };
}

/** Subtracts the entries with seq in [first, last] (about to be pruned) and drops counters that reach zero. */
export function subtractPruned(db: Database.Database, first: number, last: number): void {
  db.prepare(
    `INSERT INTO audit_counts (hour, kind, key, outcome, n)
     SELECT hour, kind, key, outcome, -n FROM (${groupedCountsSql('WHERE a.seq BETWEEN @first AND @last')}) WHERE true
     ON CONFLICT DO UPDATE SET n = n + excluded.n`,
  ).run({ first, last });
  db.prepare('DELETE FROM audit_counts WHERE n <= 0').run();
}

/** Recomputes every counter from the audit (the schema upgrade). */
export function rebuildAuditCounts(db: Database.Database): void {
  db.prepare('DELETE FROM audit_counts').run();
  db.prepare(`INSERT INTO audit_counts (hour, kind, key, outcome, n) SELECT * FROM (${groupedCountsSql('')})`).run();
}
