// Writing the audit: one entry per request at once (pending), sealed exactly once with its decision; a request the
// policy decided at once is written whole, with its decision, in one statement, to the inbox (audit-inbox.ts).
import type Database from 'better-sqlite3';
import type { AuditEntry, DecidedBy, Decision, DecisionStatus, RequestRecord, Subagent, ToolRequest, Verdict } from '../../../common/domain.js';
import { canonicalJson } from './canonical.js';
import type { auditInbox } from './audit-inbox.js';
import { AUDIT_COLUMNS, AUDIT_VALUES, rowToEntry, rowToRecord, type AuditRow } from './audit-row.js';
import { decisionHash, GENESIS_HASH, requestHash } from './chain.js';
import { countsWriter, outcomeOf } from './counts.js';
import { decisionSeqRaiser, lastDecisionSeq } from './decision-chain.js';
import type { ftsIndexer } from './fts-index.js';
import { isoTime, oneOf, optionalText, plainObject, text } from './input.js';
import type { Redactor } from './redact.js';
import { summarize } from './summary.js';
import { StoreConflictError, StoreInputError, StoreNotFoundError } from './types.js';

const DECISION_STATUSES: readonly DecisionStatus[] = ['approved', 'denied', 'expired', 'cancelled'];
const DECIDERS: readonly DecidedBy[] = ['rule', 'user', 'session', 'mode', 'timeout', 'shutdown', 'policy', 'agent'];
const VERDICTS: readonly Verdict['decision'][] = ['allow', 'deny', 'ask'];

/** audit_meta key: seq of the last entry pruned (the chain restarts after it). */
export const CUT_SEQ = 'cut_seq';
/** audit_meta key: hash of the last entry pruned (the prev_hash the first remaining entry must carry). */
export const CUT_HASH = 'cut_hash';

type NewRow = Omit<AuditRow, 'seq' | 'prev_hash' | 'hash'>;

/** The subagent as stored: checked text, canonical JSON; null when the call was not asked from one. */
function subagentJson(subagent: Subagent | undefined): string | null {
  if (subagent === undefined) return null;
  plainObject(subagent, 'subagent');
  const out: Subagent = { id: text(subagent.id, 'subagent.id', 200) };
  if (subagent.type !== undefined) out.type = text(subagent.type, 'subagent.type', 200);
  return canonicalJson(out);
}

function checkVerdict(verdict: Verdict): void {
  plainObject(verdict, 'verdict');
  oneOf(verdict.decision, VERDICTS, 'verdict.decision');
  if (!Array.isArray(verdict.reasons) || !verdict.reasons.every((r) => typeof r === 'string')) throw new StoreInputError('verdict.reasons must be a list of strings');
  if (!Array.isArray(verdict.risks)) throw new StoreInputError('verdict.risks must be a list');
}

/**
 * The audit-writing part of the store, bound to one connection; `lookupRule` finds the rule an "always" decision
 * created, `inbox` takes the entries decided at once, and `written` hears of each new entry (the store's upkeep settles
 * the inbox and indexes for search later). The chain's tail (last seq and hash) and the last decision number live in
 * memory: this store is the only writer of entries. They are read (the inbox settled first) on open, and again after any
 * failed write (a rolled-back transaction may have taken them back); an entry someone else wrote meanwhile shows up as
 * a seq conflict, which re-reads and retries.
 */
export function auditWriter(
  db: Database.Database,
  redactor: Redactor,
  lookupRule: (id: string) => Decision['created_rule'] | null,
  fts: Pick<ReturnType<typeof ftsIndexer>, 'reindex'>,
  inbox: Pick<ReturnType<typeof auditInbox>, 'write' | 'settle' | 'refuseHeld'>,
  written: () => void,
) {
  const issuedSeq = db.prepare<[], number>("SELECT seq FROM sqlite_sequence WHERE name = 'audit'").pluck();
  const tailHash = db.prepare<[], string>('SELECT hash FROM audit ORDER BY seq DESC LIMIT 1').pluck();
  const cutHash = db.prepare<[], string>(`SELECT value FROM audit_meta WHERE key = '${CUT_HASH}'`).pluck();
  const insert = db.prepare<[AuditRow]>(`INSERT INTO audit (${AUDIT_COLUMNS}) VALUES (${AUDIT_VALUES})`);
  const byId = db.prepare<[string], AuditRow>(`SELECT ${AUDIT_COLUMNS} FROM audit WHERE id = ?`);
  const pending = db.prepare<[], AuditRow>(`SELECT ${AUDIT_COLUMNS} FROM audit WHERE status = 'pending' ORDER BY seq`);
  const decide = db.prepare(
    `UPDATE audit SET status = @status, decided_by = @decided_by, decided_at = @decided_at, rule_id = @rule_id, reason = @reason,
       scope = @scope, updated_args_json = @updated_args_json, created_rule_id = @created_rule_id, latency_ms = @latency_ms,
       decision_hash = @decision_hash, decision_seq = @decision_seq, grant_text = @grant_text
     WHERE id = @id AND status = 'pending'`,
  );
  const raiseDecisionSeq = decisionSeqRaiser(db);
  const counts = countsWriter(db);

  // The in-memory tail; null = unknown, read before the next write (inside its transaction).
  let tail: { seq: number; hash: string; decisions: number } | null = null;
  const current = () => {
    if (tail !== null) return tail;
    // The newest entries and decision numbers may still be in the inbox: it settles first, then audit has them all.
    inbox.settle();
    return (tail = { seq: issuedSeq.get() ?? 0, hash: tailHash.get() ?? cutHash.get() ?? GENESIS_HASH, decisions: lastDecisionSeq(db) });
  };

  function buildRow(request: ToolRequest, verdict: Verdict): NewRow {
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
      updated_args_json: null, created_rule_id: null, latency_ms: null, decision_hash: null, decision_seq: null, grant_text: null,
      subagent_json: subagentJson(request.subagent),
    };
  }

  /** The row with its decision fields validated and set (its decision number and seal are added when it is written). */
  function withDecision<R extends NewRow>(row: R, decision: Decision): R {
    plainObject(decision, 'decision');
    const latency = decision.latency_ms;
    if (typeof latency !== 'number' || !Number.isFinite(latency) || latency < 0) throw new StoreInputError('latency_ms must be a non-negative number');
    const updated = decision.updated_args === undefined ? null : redactor.value(plainObject(decision.updated_args, 'updated_args'));
    return {
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
      grant_text: decision.grant === undefined ? null : redactor.text(text(decision.grant, 'grant', 10_000)),
    };
  }

  /** Numbers and seals a decided row (the caller writes it and records the new number). */
  function sealDecision(row: AuditRow): void {
    row.decision_seq = current().decisions + 1;
    row.decision_hash = decisionHash(row);
  }

  /**
   * Writes a new entry chained onto the tail: a pending one into audit, a decided one into the inbox (its counters,
   * decision number and search text follow when the inbox settles).
   */
  function append(partial: NewRow): AuditRow {
    const at = current();
    const row: AuditRow = { ...partial, seq: at.seq + 1, prev_hash: at.hash, hash: '' };
    row.hash = requestHash(row);
    if (row.status === 'pending') {
      inbox.refuseHeld(row.id);
      insert.run(row);
      counts.added(row, 'pending');
    } else {
      sealDecision(row);
      inbox.write(row);
    }
    written();
    tail = { seq: row.seq, hash: row.hash, decisions: row.decision_seq ?? at.decisions };
    return row;
  }

  /** Runs fn in a write transaction (a savepoint inside another); any failure forgets the in-memory tail, which the rollback may have taken back. */
  function guarded<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
    const tx = db.transaction(fn);
    return (...args: A): R => {
      try {
        return tx.immediate(...args);
      } catch (err) {
        tail = null;
        throw err;
      }
    };
  }

  /** Appends, retrying once when the seq was taken behind our back (another connection wrote an entry). */
  const appendTx = guarded((partial: NewRow): AuditRow => {
    try {
      return append(partial);
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_CONSTRAINT_PRIMARYKEY') throw err;
      tail = null;
      return append(partial);
    }
  });

  const decideTx = guarded((id: string, decision: Decision): AuditRow => {
    const row = byId.get(id);
    if (!row) throw new StoreNotFoundError(`no request with id ${id}`);
    if (row.status !== 'pending') throw new StoreConflictError(`request ${id} is no longer pending (${row.status})`);
    const next = withDecision(row, decision);
    sealDecision(next);
    decide.run(next);
    raiseDecisionSeq(next.decision_seq ?? 0);
    counts.decided(next, outcomeOf(next.status, next.decided_by));
    // The person's reason becomes searchable.
    if (next.reason !== null) fts.reindex(next.seq);
    current().decisions = next.decision_seq ?? 0;
    return next;
  });

  const withCreatedRule = (row: AuditRow): RequestRecord => {
    const record = rowToRecord(row);
    const rule = row.created_rule_id === null ? null : lookupRule(row.created_rule_id);
    if (record.decision && rule) record.decision.created_rule = rule;
    return record;
  };

  const conflictOnDuplicate = (id: string, err: unknown): never => {
    if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw new StoreConflictError(`request ${id} is already recorded`);
    throw err;
  };

  return {
    insertRequest(request: ToolRequest, verdict: Verdict): AuditEntry {
      const partial = buildRow(request, verdict);
      try {
        return rowToEntry(appendTx(partial));
      } catch (err) {
        return conflictOnDuplicate(partial.id, err);
      }
    },
    /** A request decided at once (by a rule, the mode, a session approval or a hard deny): entry and decision in one write. */
    insertDecided(request: ToolRequest, verdict: Verdict, decision: Decision): void {
      const partial = withDecision(buildRow(request, verdict), decision);
      try {
        appendTx(partial);
      } catch (err) {
        return conflictOnDuplicate(partial.id, err);
      }
    },
    recordDecision: (id: string, decision: Decision): AuditEntry => rowToEntry(decideTx(id, decision)),
    getRecord(id: string): RequestRecord | null {
      const row = byId.get(id);
      return row ? withCreatedRule(row) : null;
    },
    listPending: (): RequestRecord[] => pending.all().map(rowToRecord),
    cancelAllPending: guarded((reason: string): number => {
      const rows = pending.all();
      const now = new Date();
      for (const row of rows) {
        const latency = Math.max(0, now.getTime() - Date.parse(row.received_at));
        decideTx(row.id, { status: 'cancelled', decided_by: 'shutdown', decided_at: now.toISOString(), reason, latency_ms: latency });
      }
      return rows.length;
    }),
    getAuditEntry(id: string): AuditEntry | null {
      const row = byId.get(id);
      return row ? rowToEntry(row) : null;
    },
    /** Forgets the in-memory tail (a surrounding transaction rolled back). */
    forgetTail(): void {
      tail = null;
    },
  };
}
