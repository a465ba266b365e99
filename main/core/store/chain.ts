// The audit hash chain.
//
// Design: each entry is written once when the request arrives (pending) and updated exactly once with its
// decision. So that a decision on entry k never forces rewriting entries k+1.., the chain has two parts:
//   hash          = sha256(prev_hash + JSON array of the REQUEST columns, in REQUEST_FIELDS order, seq first) — the chain link;
//   decision_hash = sha256(hash + JSON array of the DECISION columns, in DECISION_FIELDS order)            — set once, on decision.
// Decisions are numbered too: decision_seq counts decisions 1, 2, 3… in the order they were recorded (sealed in
// decision_hash), and audit_meta keeps the last one issued. Clearing a decision (back to pending, fields emptied)
// or deleting a decided row leaves a hole in that numbering, or a high-water mark with nothing under it, which
// verify reports. Pruning records the decision numbers it removes as ranges in audit_decision_cuts.
// The columns are hashed as stored (JSON columns as their canonical text), so verify needs no re-serialisation.
// Verify recomputes both, checks every prev_hash against the previous entry's hash, checks seq has no gaps,
// and checks the tail against sqlite_sequence (so deleting the newest entries is caught too). Pruning keeps the
// last pruned entry's seq and hash in audit_meta as the chain's new start. This detects edits and deletions made
// with ordinary tools; someone who rewrites the whole file and recomputes every hash is out of its reach.
import { sha256 } from './canonical.js';
import type { AuditRow } from './audit-row.js';

/** prev_hash of the first entry ever written. */
export const GENESIS_HASH = '0'.repeat(64);

/** Columns covered by the chain link (`hash`). */
export const REQUEST_FIELDS = [
  'seq', 'id', 'received_at', 'agent', 'session_id', 'cwd', 'tool_name', 'args_json', 'description', 'summary',
  'presentation_json', 'group_id', 'payload', 'verdict_json',
] as const satisfies ReadonlyArray<keyof AuditRow>;

/** Columns covered by `decision_hash`. */
export const DECISION_FIELDS = [
  'status', 'decided_by', 'decided_at', 'rule_id', 'reason', 'scope', 'updated_args_json', 'created_rule_id', 'latency_ms',
  'decision_seq',
] as const satisfies ReadonlyArray<keyof AuditRow>;

type RequestPart = Pick<AuditRow, (typeof REQUEST_FIELDS)[number] | 'prev_hash'>;
type DecisionPart = Pick<AuditRow, (typeof DECISION_FIELDS)[number] | 'hash'>;

/** The columns' values in a fixed order: canonical by construction, and cheaper than sorting keys. */
function values(row: Partial<AuditRow>, fields: ReadonlyArray<keyof AuditRow>): string {
  return JSON.stringify(fields.map((f) => row[f] ?? null));
}

/** Covered too when set (schema 6): the subagent that asked. Older entries have none, so their links stay valid. */
const SUBAGENT_FIELDS = [...REQUEST_FIELDS, 'subagent_json'] as const satisfies ReadonlyArray<keyof AuditRow>;

/** The chain link of an entry. */
export function requestHash(row: RequestPart & Partial<Pick<AuditRow, 'subagent_json'>>): string {
  const fields = row.subagent_json === null || row.subagent_json === undefined ? REQUEST_FIELDS : SUBAGENT_FIELDS;
  return sha256(row.prev_hash + values(row, fields));
}

/** Sealed too when set (schema 3): what a session grant covers. Older decisions have none, so their seals stay valid. */
const GRANT_FIELDS = [...DECISION_FIELDS, 'grant_text'] as const satisfies ReadonlyArray<keyof AuditRow>;

/** The seal over an entry's decision, bound to the entry's own hash. */
export function decisionHash(row: DecisionPart & Partial<Pick<AuditRow, 'grant_text'>>): string {
  const fields = row.grant_text === null || row.grant_text === undefined ? DECISION_FIELDS : GRANT_FIELDS;
  return sha256(row.hash + values(row, fields));
}

/** The seal schema 1 used (no decision_seq): the upgrade re-seals only decisions that still check out under it. */
export function legacyDecisionHash(row: DecisionPart): string {
  return sha256(row.hash + values(row, DECISION_FIELDS.slice(0, -1)));
}
