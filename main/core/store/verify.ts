// Walks the audit hash chain (design in chain.ts) and reports the first entry that was altered or removed.
import type Database from 'better-sqlite3';
import { AUDIT_COLUMNS, type AuditRow } from './audit-row.js';
import { CUT_HASH, CUT_SEQ } from './audit-log.js';
import { decisionHash, GENESIS_HASH, requestHash } from './chain.js';
import { lastDecisionSeq, prunedDecisionRanges } from './decision-chain.js';
import { firstBadRefusal } from './refusals.js';
import type { VerifyReport } from './types.js';

const DECISION_COLUMNS = [
  'decided_by', 'decided_at', 'rule_id', 'reason', 'scope', 'updated_args_json', 'created_rule_id', 'latency_ms', 'decision_hash', 'decision_seq',
] as const;

/** Why one row breaks the chain, or null when it checks out. */
function rowProblem(row: AuditRow): 'altered' | null {
  if (requestHash(row) !== row.hash) return 'altered';
  if (row.status === 'pending') return DECISION_COLUMNS.every((c) => row[c] === null) ? null : 'altered';
  return row.decision_hash !== null && decisionHash(row) === row.decision_hash ? null : 'altered';
}

/**
 * Which decision numbers 1..last are accounted for: pruned ranges first, then each decided row claims its own.
 * A number claimed twice, or one above the recorded last, means an edit; one left unclaimed means a cleared decision.
 */
class DecisionTally {
  private readonly seen: Uint8Array;
  constructor(readonly last: number, pruned: Array<{ first: number; last: number }>) {
    this.seen = new Uint8Array(last + 1);
    for (const r of pruned) this.seen.fill(1, Math.max(1, r.first), Math.min(last, r.last) + 1);
  }
  /** Claims a row's number; false when it is out of range or already claimed. */
  claim(n: number | null): boolean {
    if (n === null || !Number.isInteger(n) || n < 1 || n > this.last || this.seen[n] === 1) return false;
    this.seen[n] = 1;
    return true;
  }
  /** The first number nobody claimed, or null. */
  firstHole(): number | null {
    const i = this.seen.indexOf(0, 1);
    return i === -1 ? null : i;
  }
}

/**
 * Verifies the whole chain in seq order; read-only, in one read transaction, so the entries and the issued-seq mark it
 * compares them with are one snapshot even while another process (the server) writes.
 */
export function verifyAudit(db: Database.Database): VerifyReport {
  return db.transaction(walk)(db);
}

/** verifyAudit's walk over one statement. */
function walk(db: Database.Database): VerifyReport {
  const meta = new Map(db.prepare<[], { key: string; value: string }>('SELECT key, value FROM audit_meta').all().map((r) => [r.key, r.value]));
  const cutSeq = meta.has(CUT_SEQ) ? Number(meta.get(CUT_SEQ)) : 0;
  let expectedPrev = meta.get(CUT_HASH) ?? GENESIS_HASH;
  let expectedSeq = cutSeq + 1;
  let checked = 0;
  let prevId: string | null = null;
  const bad = (seq: number, id: string | null, problem: 'altered' | 'missing'): VerifyReport => ({ ok: false, checked, first_bad_seq: seq, first_bad_id: id, problem });
  const decisions = new DecisionTally(lastDecisionSeq(db), prunedDecisionRanges(db));
  // A cleared decision turns its entry back into a clean-looking pending one: the oldest pending entry is the suspect.
  let firstPending: { seq: number; id: string; checked: number } | null = null;

  for (const row of db.prepare<[], AuditRow>(`SELECT ${AUDIT_COLUMNS} FROM audit ORDER BY seq`).iterate()) {
    if (row.seq !== expectedSeq) return bad(expectedSeq, null, 'missing');
    if (rowProblem(row)) return bad(row.seq, row.id, 'altered');
    // The row checks out but does not point at its predecessor: the predecessor was rewritten (hash recomputed),
    // or, for the first row after a prune, the recorded cut point was.
    if (row.prev_hash !== expectedPrev) return checked === 0 ? bad(row.seq, row.id, 'altered') : bad(row.seq - 1, prevId, 'altered');
    if (row.status === 'pending') firstPending ??= { seq: row.seq, id: row.id, checked };
    else if (!decisions.claim(row.decision_seq)) return bad(row.seq, row.id, 'altered');
    checked++;
    prevId = row.id;
    expectedPrev = row.hash;
    expectedSeq = row.seq + 1;
  }
  // sqlite_sequence remembers the highest seq ever issued, so deleting the newest entries leaves a visible gap.
  const issued = db.prepare<[], { seq: number }>("SELECT seq FROM sqlite_sequence WHERE name = 'audit'").get()?.seq ?? 0;
  if (issued >= expectedSeq) return bad(expectedSeq, null, 'missing');
  if (decisions.firstHole() !== null) {
    return firstPending ? { ok: false, checked: firstPending.checked, first_bad_seq: firstPending.seq, first_bad_id: firstPending.id, problem: 'altered' } : bad(expectedSeq, null, 'missing');
  }
  // What the sandbox refused a run is chained onto its entry (refusals.ts): an edited or removed refusal is an altered entry.
  const refusal = firstBadRefusal(db);
  if (refusal !== null) return { ok: false, checked, first_bad_seq: refusal.seq, first_bad_id: refusal.id, problem: 'altered' };
  return { ok: true, checked, cut_point: meta.has(CUT_SEQ) ? `${cutSeq}:${meta.get(CUT_HASH) ?? ''}` : null };
}
