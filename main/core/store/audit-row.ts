// The audit table's row shape and its conversion to the domain's AuditEntry / RequestRecord.
import type { AuditEntry, DecidedBy, Decision, RequestRecord, RequestStatus, Subagent, ToolRequest, Verdict } from '../../../common/domain.js';

/** One `audit` row exactly as stored (JSON columns as text). */
export interface AuditRow {
  seq: number;
  id: string;
  received_at: string;
  agent: string;
  session_id: string | null;
  cwd: string | null;
  tool_name: string;
  args_json: string;
  description: string | null;
  summary: string;
  presentation_json: string | null;
  group_id: string | null;
  payload: string;
  verdict_json: string;
  status: RequestStatus;
  decided_by: DecidedBy | null;
  decided_at: string | null;
  rule_id: string | null;
  reason: string | null;
  scope: string | null;
  updated_args_json: string | null;
  created_rule_id: string | null;
  latency_ms: number | null;
  prev_hash: string;
  hash: string;
  decision_hash: string | null;
  /** Order of this decision among all decisions (null while pending); see chain.ts. */
  decision_seq: number | null;
  /** With a session approval: what the grant covers (schema 3). */
  grant_text: string | null;
  /** The subagent that asked, as canonical JSON (schema 6). */
  subagent_json: string | null;
}

/** Column list for SELECTs of whole rows (records, decisions, verify). */
export const AUDIT_COLUMNS =
  'seq, id, received_at, agent, session_id, cwd, tool_name, args_json, description, summary, presentation_json, group_id, payload, ' +
  'verdict_json, status, decided_by, decided_at, rule_id, reason, scope, updated_args_json, created_rule_id, latency_ms, prev_hash, hash, decision_hash, ' +
  'decision_seq, grant_text, subagent_json';

/** AUDIT_COLUMNS as named parameters (@seq, @id, …), for inserting a whole AuditRow object. */
export const AUDIT_VALUES = AUDIT_COLUMNS.split(', ').map((c) => `@${c}`).join(', ');

/** The columns an AuditEntry is made of, in SELECT order: history pages and exports read only these. */
export const ENTRY_COLUMNS =
  'seq, id, received_at, agent, session_id, cwd, tool_name, args_json, description, summary, verdict_json, status, decided_by, ' +
  'rule_id, reason, latency_ms, decided_at, updated_args_json, prev_hash, hash, grant_text, subagent_json';

/** The part of a row an AuditEntry needs. */
export type EntryRow = Pick<
  AuditRow,
  | 'seq' | 'id' | 'received_at' | 'agent' | 'session_id' | 'cwd' | 'tool_name' | 'args_json' | 'description' | 'summary' | 'verdict_json'
  | 'status' | 'decided_by' | 'rule_id' | 'reason' | 'latency_ms' | 'decided_at' | 'updated_args_json' | 'prev_hash' | 'hash'
  | 'grant_text' | 'subagent_json'
>;

/**
 * An ENTRY_COLUMNS row fetched in raw (array) mode, as an object. Arrays plus one fixed-shape object are about twice
 * as fast as better-sqlite3's own row objects, which is what keeps a million-row export above 200,000 rows/s.
 */
export function entryRowOf(r: readonly unknown[]): EntryRow {
  // Indexed reads, not array destructuring: destructuring walks the iterator protocol, measurably slower per row.
  return {
    seq: r[0] as number,
    id: r[1] as string,
    received_at: r[2] as string,
    agent: r[3] as string,
    session_id: r[4] as string | null,
    cwd: r[5] as string | null,
    tool_name: r[6] as string,
    args_json: r[7] as string,
    description: r[8] as string | null,
    summary: r[9] as string,
    verdict_json: r[10] as string,
    status: r[11] as AuditRow['status'],
    decided_by: r[12] as AuditRow['decided_by'],
    rule_id: r[13] as string | null,
    reason: r[14] as string | null,
    latency_ms: r[15] as number | null,
    decided_at: r[16] as string | null,
    updated_args_json: r[17] as string | null,
    prev_hash: r[18] as string,
    hash: r[19] as string,
    grant_text: r[20] as string | null,
    subagent_json: r[21] as string | null,
  };
}

const parseObject = (json: string | null): Record<string, unknown> | null => (json === null ? null : (JSON.parse(json) as Record<string, unknown>));

/** latency_ms as JSON/CSV text: REAL columns print as `50.0` in SQLite, JavaScript prints whole numbers as `50`. */
export const LATENCY_SQL = 'iif(a.latency_ms = CAST(a.latency_ms AS INTEGER), CAST(a.latency_ms AS INTEGER), a.latency_ms)';

/**
 * The same JSON value as JSON.stringify(rowToEntry(row)), built by SQLite from the row (audit aliased `a`): an export
 * then needs no JSON parse and re-serialise per row in JavaScript. Keep the two in step (tested). The merge patch adds
 * `subagent` last, and only when set (a null member is no member), as rowToEntry does.
 */
export const ENTRY_JSON_SQL =
  "json_patch(json_object('seq', a.seq, 'id', a.id, 'received_at', a.received_at, 'agent', a.agent, 'session_id', a.session_id, 'cwd', a.cwd, " +
  "'tool_name', a.tool_name, 'args', json(a.args_json), 'description', a.description, 'summary', a.summary, " +
  "'verdict', json(a.verdict_json), 'status', a.status, 'decided_by', a.decided_by, 'rule_id', a.rule_id, 'reason', a.reason, " +
  `'latency_ms', ${LATENCY_SQL}, 'decided_at', a.decided_at, 'updated_args', json(a.updated_args_json), ` +
  "'grant', a.grant_text, 'prev_hash', a.prev_hash, 'hash', a.hash), json_object('subagent', json(a.subagent_json)))";

/** The entry a history view shows (args as stored, i.e. redacted). */
export function rowToEntry(row: EntryRow): AuditEntry {
  return {
    seq: row.seq,
    id: row.id,
    received_at: row.received_at,
    agent: row.agent,
    session_id: row.session_id,
    cwd: row.cwd,
    tool_name: row.tool_name,
    args: parseObject(row.args_json) ?? {},
    description: row.description,
    summary: row.summary,
    verdict: JSON.parse(row.verdict_json) as Verdict,
    status: row.status,
    decided_by: row.decided_by,
    rule_id: row.rule_id,
    reason: row.reason,
    latency_ms: row.latency_ms,
    decided_at: row.decided_at,
    updated_args: parseObject(row.updated_args_json),
    grant: row.grant_text,
    prev_hash: row.prev_hash,
    hash: row.hash,
    ...(row.subagent_json === null ? {} : { subagent: JSON.parse(row.subagent_json) as Subagent }),
  };
}

/** The request as stored: its args are the REDACTED ones (the broker keeps the originals in memory while pending). */
export function rowToRequest(row: AuditRow): ToolRequest {
  const request: ToolRequest = {
    id: row.id,
    received_at: row.received_at,
    agent: row.agent,
    session_id: row.session_id,
    cwd: row.cwd,
    tool_name: row.tool_name,
    args: parseObject(row.args_json) ?? {},
    payload: row.payload,
  };
  if (row.description !== null) request.description = row.description;
  if (row.presentation_json !== null) request.presentation = JSON.parse(row.presentation_json) as ToolRequest['presentation'] & object;
  if (row.group_id !== null) request.group_id = row.group_id;
  if (row.subagent_json !== null) request.subagent = JSON.parse(row.subagent_json) as Subagent;
  return request;
}

/** The decision part of a decided row (the created rule is attached by the caller, who can look it up). */
export function rowToDecision(row: AuditRow): Decision | undefined {
  if (row.status === 'pending' || row.decided_by === null || row.decided_at === null) return undefined;
  const decision: Decision = { status: row.status, decided_by: row.decided_by, decided_at: row.decided_at, latency_ms: row.latency_ms ?? 0 };
  if (row.rule_id !== null) decision.rule_id = row.rule_id;
  if (row.reason !== null) decision.reason = row.reason;
  if (row.scope !== null) decision.scope = row.scope as NonNullable<Decision['scope']>;
  if (row.grant_text !== null) decision.grant = row.grant_text;
  const updated = parseObject(row.updated_args_json);
  if (updated !== null) decision.updated_args = updated;
  return decision;
}

/** Request + verdict + decision, as the queue and the API report a request. */
export function rowToRecord(row: AuditRow): RequestRecord {
  const record: RequestRecord = { request: rowToRequest(row), status: row.status, verdict: JSON.parse(row.verdict_json) as Verdict };
  const decision = rowToDecision(row);
  if (decision) record.decision = decision;
  return record;
}
