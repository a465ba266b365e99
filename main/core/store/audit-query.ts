// Reading the audit: newest-first pages with cursors, and insertion-order iteration in chunks.
import type Database from 'better-sqlite3';
import type { AuditEntry, AuditFilter, AuditPage } from '../../../common/domain.js';
import { compileFilter, encodeCursor, pageOf, sourceOf, type CompiledFilter } from './audit-filter.js';
import { ENTRY_COLUMNS, entryRowOf, rowToEntry } from './audit-row.js';

/** Rows fetched per round trip while iterating: bounds memory, and frees the connection between chunks for writers. */
export const CHUNK_ROWS = 1000;

const ALIASED = ENTRY_COLUMNS.split(', ').map((c) => `a.${c}`).join(', ');

/** The SELECT of `columns` (starting with a.seq) for one filter, walking seq in `order`, limited, continuing past a seq bound. */
function selectSql(compiled: CompiledFilter, order: 'ASC' | 'DESC', bound: boolean, columns = ALIASED): string {
  const { from, conditions, key } = sourceOf(compiled);
  const all = bound ? [...conditions, `${key} ${order === 'DESC' ? '<' : '>'} @bound`] : conditions;
  const where = all.length > 0 ? `WHERE ${all.join(' AND ')}` : '';
  return `SELECT ${columns} FROM ${from} ${where} ORDER BY ${key} ${order} LIMIT @limit`;
}

const paramsOf = (compiled: CompiledFilter, extra: Record<string, number>): Record<string, string | number> => ({ ...sourceOf(compiled).params, ...extra });

/** Statement cache: a filter's shape (which fields are set) decides the SQL, so few distinct statements exist. Raw mode: see entryRowOf. */
function statementCache(db: Database.Database) {
  const cache = new Map<string, Database.Statement<[Record<string, string | number>], unknown[]>>();
  return (sql: string) => {
    let stmt = cache.get(sql);
    if (!stmt) {
      stmt = db.prepare<[Record<string, string | number>], unknown[]>(sql).raw(true);
      cache.set(sql, stmt);
    }
    return stmt;
  };
}

/** The audit-reading part of the store, bound to one connection. */
export function auditReader(db: Database.Database) {
  const prepared = statementCache(db);
  const newest = db.prepare<[], string>('SELECT received_at FROM audit ORDER BY seq DESC LIMIT 1').pluck();

  /**
   * How to serve a page with a time range. One that reaches the newest entries (the usual "last 24 hours") is a short
   * walk down seq; one that ends in the past is found through the received_at index (cost grows with the rows in it).
   */
  function compileForPage(filter: AuditFilter): CompiledFilter {
    const compiled = compileFilter(filter);
    const to = compiled.params.to;
    if (compiled.params.from === undefined && to === undefined) return compiled;
    const last = newest.get();
    return to === undefined || last === undefined || to >= last ? compileFilter(filter, false) : compiled;
  }

  /** Raw rows of `columns` (the first must be a.seq) in insertion order, one chunk of up to CHUNK_ROWS per round trip. */
  function* rawChunks(compiled: CompiledFilter, columns: string): Generator<unknown[][]> {
    let after = 0;
    for (;;) {
      const rows = prepared(selectSql(compiled, 'ASC', true, columns)).all(paramsOf(compiled, { bound: after, limit: CHUNK_ROWS }));
      if (rows.length > 0) {
        after = rows[rows.length - 1]?.[0] as number;
        yield rows;
      }
      if (rows.length < CHUNK_ROWS) return;
    }
  }

  function* entriesOf(chunks: Generator<unknown[][]>): Generator<AuditEntry> {
    for (const rows of chunks) for (const row of rows) yield rowToEntry(entryRowOf(row));
  }

  return {
    queryAudit(filter: AuditFilter): AuditPage {
      const compiled = compileForPage(filter);
      const { limit, before } = pageOf(filter);
      const sql = selectSql(compiled, 'DESC', before !== null);
      // One extra row tells whether another page exists, so the last page carries no dangling cursor.
      const rows = prepared(sql).all(paramsOf(compiled, before === null ? { limit: limit + 1 } : { bound: before, limit: limit + 1 }));
      const page = rows.slice(0, limit).map((raw) => rowToEntry(entryRowOf(raw)));
      const last = page.at(-1);
      return { entries: page, next_cursor: rows.length > limit && last ? encodeCursor(last.seq) : null };
    },
    /** Insertion order, CHUNK_ROWS at a time (no statement stays open between chunks); the filter is validated at once. */
    // Iteration walks seq (with any equality index) chunk after chunk; a time index would re-sort the range per chunk.
    iterateAudit: (filter: AuditFilter): IterableIterator<AuditEntry> => entriesOf(rawChunks(compileFilter(filter, false), ALIASED)),
    /**
     * iterateAudit with the exporter's own select list over the audit table aliased `a` (trusted SQL, never user text;
     * the first column must be a.seq), in chunks of raw rows: SQLite builds most of each record, which doubles the export rate.
     */
    iterateAuditSelect: (filter: AuditFilter, columns: string): IterableIterator<unknown[][]> => rawChunks(compileFilter(filter, false), columns),
  };
}
