// Writing the audit: one entry per request at once (pending), sealed exactly once with its decision.
import type Database from 'better-sqlite3';
import type { AuditEntry, DecidedBy, Decision, DecisionStatus, RequestRecord, ToolRequest, Verdict } from '../../../common/domain.js';
import { canonicalJson } from './canonical.js';
import { AUDIT_COLUMNS, rowToEntry, rowToRecord, type AuditRow } from './audit-row.js';
import { decisionHash, GENESIS_HASH, requestHash } from './chain.js';
import { isoTime, oneOf, optionalText, plainObject, text } from './input.js';
import type { Redactor } from './redact.js';
import { summarize } from './summary.js';
import { StoreConflictError, StoreInputError, StoreNotFoundError } from './types.js';

const DECISION_STATUSES: readonly DecisionStatus[] = ['approved', 'denied', 'expired', 'cancelled'];
const DECIDERS: readonly DecidedBy[] = ['rule', 'user', 'session', 'mode', 'timeout', 'shutdown', 'policy'];
const VERDICTS: readonly Verdict['decision'][] = ['allow', 'deny', 'ask'];

/** audit_meta key: seq of the last entry pruned (the chain restarts after it). */
export const CUT_SEQ = 'cut_seq';
/** audit_meta key: hash of the last entry pruned (the prev_hash the first remaining entry must carry). */
export const CUT_HASH = 'cut_hash';

function checkVerdict(verdict: Verdict): void {
  plainObject(verdict, 'verdict');
  oneOf(verdict.decision, VERDICTS, 'verdict.decision');
  if (!Array.isArray(verdict.reasons) || !verdict.reasons.every((r) => typeof r === 'string')) throw new StoreInputError('verdict.reasons must be a list of strings');
  if (!Array.isArray(verdict.risks)) throw new StoreInputError('verdict.risks must be a list');
}

const ftsReasons = (row: AuditRow): string =>
  [...(JSON.parse(row.verdict_json) as Verdict).reasons, ...(row.reason === null ? [] : [row.reason])].join('\n');

/** The audit-writing part of the store, bound to one connection; `lookupRule` finds the rule an "always" decision created. */
export function auditWriter(db: Database.Database, redactor: Redactor, lookupRule: (id: string) => Decision['created_rule'] | null) {
  const nextSeq = db.prepare<[], { seq: number }>("SELECT seq FROM sqlite_sequence WHERE name = 'audit'");
  const tail = db.prepare<[], { hash: string }>('SELECT hash FROM audit ORDER BY seq DESC LIMIT 1');
  const cutHash = db.prepare<[], { value: string }>(`SELECT value FROM audit_meta WHERE key = '${CUT_HASH}'`);
  const insert = db.prepare(
    `INSERT INTO audit (seq, id, received_at, agent, session_id, cwd, tool_name, args_json, description, summary, presentation_json,
       group_id, payload, verdict_json, status, prev_hash, hash)
     VALUES (@seq, @id, @received_at, @agent, @session_id, @cwd, @tool_name, @args_json, @description, @summary, @presentation_json,
       @group_id, @payload, @verdict_json, 'pending', @prev_hash, @hash)`,
  );
  const ftsInsert = db.prepare('INSERT INTO audit_fts (rowid, tool_name, summary, description, reasons) VALUES (?, ?, ?, ?, ?)');
  const ftsDelete = db.prepare<[number]>('DELETE FROM audit_fts WHERE rowid = ?');
  const byId = db.prepare<[string], AuditRow>(`SELECT ${AUDIT_COLUMNS} FROM audit WHERE id = ?`);
  const pending = db.prepare<[], AuditRow>(`SELECT ${AUDIT_COLUMNS} FROM audit WHERE status = 'pending' ORDER BY seq`);
  const decide = db.prepare(
    `UPDATE audit SET status = @status, decided_by = @decided_by, decided_at = @decided_at, rule_id = @rule_id, reason = @reason,
       scope = @scope, updated_args_json = @updated_args_json, created_rule_id = @created_rule_id, latency_ms = @latency_ms,
       decision_hash = @decision_hash
     WHERE id = @id AND status = 'pending'`,
  );

  function buildRow(request: ToolRequest, verdict: Verdict): Omit<AuditRow, 'seq' | 'prev_hash' | 'hash'> {
    plainObject(request, 'request');
    checkVerdict(verdict);
    const args = redactor.value(plainObject(request.args, 'args')) as Record<string, unknown>;
    const toolName = text(request.tool_name, 'tool_name', 500);
    const presentation = request.presentation === undefined ? null : plainObject(request.presentation, 'presentation');
    return {
      id: text(request.id, 'id', 200),
      received_at: isoTime(request.received_at, 'received_at'),
      agent: text(request.agent, 'agent', 200),
      session_id: optionalText(request.session_id, 'session_id', 500),
      cwd: optionalText(request.cwd, 'cwd', 4096),
      tool_name: toolName,
      args_json: canonicalJson(args),
      description: request.description === undefined ? null : redactor.text(text(request.description, 'description', 100_000)),
      summary: summarize(toolName, args),
      presentation_json: presentation === null ? null : canonicalJson(redactor.value(presentation)),
      group_id: optionalText(request.group_id, 'group_id', 200),
      payload: redactor.text(typeof request.payload === 'string' ? request.payload : canonicalJson({ tool_name: toolName, args: request.args })),
      verdict_json: canonicalJson(redactor.value(verdict)),
      status: 'pending',
      decided_by: null, decided_at: null, rule_id: null, reason: null, scope: null,
      updated_args_json: null, created_rule_id: null, latency_ms: null, decision_hash: null,
    };
  }

  const insertTx = db.transaction((partial: Omit<AuditRow, 'seq' | 'prev_hash' | 'hash'>): AuditRow => {
    const seq = (nextSeq.get()?.seq ?? 0) + 1;
    const prev_hash = tail.get()?.hash ?? cutHash.get()?.value ?? GENESIS_HASH;
    const row: AuditRow = { ...partial, seq, prev_hash, hash: '' };
    row.hash = requestHash(row);
    insert.run(row);
    ftsInsert.run(seq, row.tool_name, row.summary, row.description, ftsReasons(row));
    return row;
  });

  function decidedRow(row: AuditRow, decision: Decision): AuditRow {
    plainObject(decision, 'decision');
    const latency = decision.latency_ms;
    if (typeof latency !== 'number' || !Number.isFinite(latency) || latency < 0) throw new StoreInputError('latency_ms must be a non-negative number');
    const updated = decision.updated_args === undefined ? null : redactor.value(plainObject(decision.updated_args, 'updated_args'));
    const next: AuditRow = {
      ...row,
      status: oneOf(decision.status, DECISION_STATUSES, 'status'),
      decided_by: oneOf(decision.decided_by, DECIDERS, 'decided_by'),
      decided_at: isoTime(decision.decided_at, 'decided_at'),
      rule_id: optionalText(decision.rule_id, 'rule_id', 200),
      reason: decision.reason === undefined || decision.reason === null ? null : redactor.text(text(decision.reason, 'reason', 10_000)),
      scope: decision.scope === undefined ? null : oneOf(decision.scope, ['once', 'session', 'always'] as const, 'scope'),
      updated_args_json: updated === null ? null : canonicalJson(updated),
      created_rule_id: decision.created_rule?.id ?? null,
      latency_ms: latency,
    };
    next.decision_hash = decisionHash(next);
    return next;
  }

  const decideTx = db.transaction((id: string, decision: Decision): AuditRow => {
    const row = byId.get(id);
    if (!row) throw new StoreNotFoundError(`no request with id ${id}`);
    if (row.status !== 'pending') throw new StoreConflictError(`request ${id} is no longer pending (${row.status})`);
    const next = decidedRow(row, decision);
    decide.run(next);
    if (next.reason !== null) {
      // The person's reason becomes searchable: re-index the row (contentless FTS rows are replaced, not updated).
      ftsDelete.run(next.seq);
      ftsInsert.run(next.seq, next.tool_name, next.summary, next.description, ftsReasons(next));
    }
    return next;
  });

  const withCreatedRule = (row: AuditRow): RequestRecord => {
    const record = rowToRecord(row);
    const rule = row.created_rule_id === null ? null : lookupRule(row.created_rule_id);
    if (record.decision && rule) record.decision.created_rule = rule;
    return record;
  };

  return {
    insertRequest(request: ToolRequest, verdict: Verdict): AuditEntry {
      const partial = buildRow(request, verdict);
      try {
        return rowToEntry(insertTx.immediate(partial));
      } catch (err) {
        if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw new StoreConflictError(`request ${partial.id} is already recorded`);
        throw err;
      }
    },
    recordDecision: (id: string, decision: Decision): AuditEntry => rowToEntry(decideTx.immediate(id, decision)),
    getRecord(id: string): RequestRecord | null {
      const row = byId.get(id);
      return row ? withCreatedRule(row) : null;
    },
    listPending: (): RequestRecord[] => pending.all().map(rowToRecord),
    cancelAllPending(reason: string): number {
      return db.transaction(() => {
        const now = new Date();
        const rows = pending.all();
        for (const row of rows) {
          const latency = Math.max(0, now.getTime() - Date.parse(row.received_at));
          decideTx(row.id, { status: 'cancelled', decided_by: 'shutdown', decided_at: now.toISOString(), reason, latency_ms: latency });
        }
        return rows.length;
      }).immediate();
    },
    getAuditEntry(id: string): AuditEntry | null {
      const row = byId.get(id);
      return row ? rowToEntry(row) : null;
    },
  };
}
