// Compiles an AuditFilter into SQL conditions (validated, parameterised) shared by query, iterate, export and stats.
import type { AuditFilter, DecidedBy, RequestStatus } from '../../../common/domain.js';
import { ftsQuery } from './fts.js';
import { integer, isoTime, oneOf, text } from './input.js';
import { StoreInputError } from './types.js';

/** Page size when a filter gives none. */
export const DEFAULT_LIMIT = 50;
/** The largest page served, so one query cannot pull the whole audit into memory. */
export const MAX_LIMIT = 500;

const STATUSES: readonly RequestStatus[] = ['pending', 'approved', 'denied', 'expired', 'cancelled'];
const DECIDERS: readonly DecidedBy[] = ['rule', 'user', 'session', 'mode', 'timeout', 'shutdown', 'policy', 'agent'];
const EQUALITY = ['agent', 'session_id', 'cwd', 'tool_name', 'rule_id'] as const;

/** SQL pieces for the audit table aliased `a`; `match` is the sanitized FTS5 query, if any. */
export interface CompiledFilter {
  conditions: string[];
  params: Record<string, string | number>;
  match: string | null;
}

/**
 * Validates a filter and turns it into parameterised conditions; ignores cursor and limit (see pageOf).
 * `timeIndex: false` writes the time range as `+a.received_at`, which keeps SQLite from using its index, so a walk in
 * seq order stays a walk (used where the range reaches the newest entries, and for iteration).
 */
export function compileFilter(filter: AuditFilter, timeIndex = true): CompiledFilter {
  if (filter === null || typeof filter !== 'object') throw new StoreInputError('a filter must be a JSON object');
  const conditions: string[] = [];
  const params: Record<string, string | number> = {};
  const time = timeIndex ? 'a.received_at' : '+a.received_at';
  if (filter.from !== undefined) {
    params.from = isoTime(filter.from, 'from');
    conditions.push(`${time} >= @from`);
  }
  if (filter.to !== undefined) {
    params.to = isoTime(filter.to, 'to');
    conditions.push(`${time} <= @to`);
  }
  for (const key of EQUALITY) {
    if (filter[key] === undefined) continue;
    params[key] = text(filter[key], key, 4096);
    conditions.push(`a.${key} = @${key}`);
  }
  if (filter.status !== undefined) {
    params.status = oneOf(filter.status, STATUSES, 'status');
    conditions.push('a.status = @status');
  }
  if (filter.decided_by !== undefined) {
    params.decided_by = oneOf(filter.decided_by, DECIDERS, 'decided_by');
    conditions.push('a.decided_by = @decided_by');
  }
  let match: string | null = null;
  if (filter.q !== undefined) {
    if (typeof filter.q !== 'string') throw new StoreInputError('q must be a string');
    match = ftsQuery(filter.q);
  }
  return { conditions, params, match };
}

/** Where a compiled filter reads from: the FROM clause, every condition (MATCH included), the seq column to order by, and the params. */
export interface Source {
  from: string;
  conditions: string[];
  key: 'a.seq' | 'f.rowid';
  params: Record<string, string | number>;
}

/** The FROM clause for a filter: with a search, FTS5 drives (CROSS JOIN keeps it the outer loop, streaming rowids in order). */
export function sourceOf(compiled: CompiledFilter): Source {
  if (compiled.match === null) return { from: 'audit a', conditions: compiled.conditions, key: 'a.seq', params: compiled.params };
  return {
    from: 'audit_fts f CROSS JOIN audit a ON a.seq = f.rowid',
    conditions: ['audit_fts MATCH @match', ...compiled.conditions],
    key: 'f.rowid',
    params: { ...compiled.params, match: compiled.match },
  };
}

/** The page size and the seq to continue below, from a filter's limit and opaque cursor. */
export function pageOf(filter: AuditFilter): { limit: number; before: number | null } {
  const limit = filter.limit === undefined ? DEFAULT_LIMIT : Math.min(integer(filter.limit, 'limit', 1), MAX_LIMIT);
  return { limit, before: filter.cursor === undefined || filter.cursor === '' ? null : decodeCursor(filter.cursor) };
}

/** An opaque cursor naming the last entry a page showed. */
export function encodeCursor(seq: number): string {
  return Buffer.from(`v1:${seq}`, 'utf8').toString('base64url');
}

/** Reads a cursor from encodeCursor; anything else is a StoreInputError (HTTP 400), never a crash. */
export function decodeCursor(cursor: unknown): number {
  const raw = typeof cursor === 'string' ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const m = /^v1:(\d{1,15})$/.exec(raw);
  if (!m) throw new StoreInputError('invalid cursor (use next_cursor from the previous page)');
  return Number(m[1]);
}
