// Numbering of decisions (design in chain.ts): the high-water mark, the ranges pruning removed, and the upgrade
// that numbers and re-seals the decisions of a schema-1 database.
import type Database from 'better-sqlite3';
import type { AuditRow } from './audit-row.js';
import { decisionHash, legacyDecisionHash } from './chain.js';

/** audit_meta key: the last decision_seq issued (a cleared newest decision leaves this pointing at nothing). */
export const DECISION_SEQ = 'decision_seq';

/** The last decision number issued, 0 when none. */
export function lastDecisionSeq(db: Database.Database): number {
  const row = db.prepare<[string], { value: string }>('SELECT value FROM audit_meta WHERE key = ?').get(DECISION_SEQ);
  return row ? Number(row.value) : 0;
}

/** Sets the last decision number issued to n unless a higher one is recorded (a decision written, an inbox settled). */
export function decisionSeqRaiser(db: Database.Database): (n: number) => void {
  const raise = db.prepare<[{ n: number }]>(
    `INSERT INTO audit_meta (key, value) VALUES ('${DECISION_SEQ}', @n)
     ON CONFLICT(key) DO UPDATE SET value = excluded.value WHERE CAST(value AS INTEGER) < @n`,
  );
  return (n) => void raise.run({ n });
}

/** Records the decision numbers of pruned rows as coalesced [first, last] ranges, so verify accepts exactly those holes. */
export function recordPrunedDecisions(db: Database.Database, seqs: number[]): void {
  if (seqs.length === 0) return;
  const sorted = [...seqs].sort((a, b) => a - b);
  const insert = db.prepare<[number, number]>('INSERT INTO audit_decision_cuts (first, last) VALUES (?, ?)');
  let first = sorted[0] as number;
  let last = first;
  for (const s of sorted.slice(1)) {
    if (s === last + 1) last = s;
    else {
      insert.run(first, last);
      first = last = s;
    }
  }
  insert.run(first, last);
  // Coalesce with neighbours so the table stays a handful of rows however much is pruned.
  const ranges = db.prepare<[], { first: number; last: number }>('SELECT first, last FROM audit_decision_cuts ORDER BY first').all();
  const merged: Array<{ first: number; last: number }> = [];
  for (const r of ranges) {
    const prev = merged.at(-1);
    if (prev && r.first <= prev.last + 1) prev.last = Math.max(prev.last, r.last);
    else merged.push({ ...r });
  }
  if (merged.length === ranges.length) return;
  db.prepare('DELETE FROM audit_decision_cuts').run();
  for (const r of merged) insert.run(r.first, r.last);
}

/** The pruned ranges, in order. */
export function prunedDecisionRanges(db: Database.Database): Array<{ first: number; last: number }> {
  return db.prepare<[], { first: number; last: number }>('SELECT first, last FROM audit_decision_cuts ORDER BY first').all();
}

/**
 * Schema 1 → 2: numbers existing decisions in entry order and re-seals them with their number. A decision that no
 * longer checks out under the old seal keeps its old (now wrong) hash, so verify still reports it after the upgrade.
 */
export function numberExistingDecisions(db: Database.Database): void {
  // In slices: a statement cannot write while another iterates, and a million rows must not sit in memory at once.
  const slice = db.prepare<[number], AuditRow>("SELECT * FROM audit WHERE seq > ? AND status <> 'pending' ORDER BY seq LIMIT 5000");
  const seal = db.prepare<[number, string | null, number]>('UPDATE audit SET decision_seq = ?, decision_hash = ? WHERE seq = ?');
  let n = 0;
  for (let rows = slice.all(0); rows.length > 0; rows = slice.all(rows.at(-1)?.seq ?? 0)) {
    for (const row of rows) {
      n++;
      const intact = row.decision_hash !== null && legacyDecisionHash(row) === row.decision_hash;
      seal.run(n, intact ? decisionHash({ ...row, decision_seq: n }) : row.decision_hash, row.seq);
    }
  }
  db.prepare("INSERT INTO audit_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(DECISION_SEQ, String(n));
}
