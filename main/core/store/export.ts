// Streams the filtered audit as CSV, JSON or NDJSON, chunk by chunk with backpressure, in bounded memory.
import type { Writable } from 'node:stream';
import type { AuditFilter } from '../../../common/domain.js';
import type { ExportFormat } from '../../../common/api.js';
import { ENTRY_JSON_SQL } from './audit-row.js';
import { csvCell, csvLine } from './csv.js';
import type { OpenStore } from './store.js';
import { StoreInputError } from './types.js';

/** Characters gathered before one write: few write calls, small buffers. */
const CHUNK_CHARS = 64 * 1024;

/**
 * CSV columns (header row) and the SQL that reads each, audit aliased `a`. `reasons` and `risks` are the verdict's
 * JSON lists; `args` and `updated_args` are JSON objects (redacted, as stored); `subagent` is the JSON object of the
 * subagent that asked (`{"id":…,"type":…}`), empty for a main-thread call. New columns go last: a reader that picks
 * columns by position keeps working.
 */
const CSV: ReadonlyArray<[name: string, sql: string]> = [
  ['seq', 'a.seq'], ['id', 'a.id'], ['received_at', 'a.received_at'], ['agent', 'a.agent'], ['session_id', 'a.session_id'],
  ['cwd', 'a.cwd'], ['tool_name', 'a.tool_name'], ['summary', 'a.summary'], ['description', 'a.description'],
  // verdict, reasons and risks all come from the one verdict_json column (see verdictCells).
  ['verdict', 'a.verdict_json'], ['reasons', ''], ['risks', ''],
  ['status', 'a.status'], ['decided_by', 'a.decided_by'], ['rule_id', 'a.rule_id'],
  // The REAL as is: JavaScript prints a whole number without ".0", as the JSON formats do.
  ['reason', 'a.reason'], ['latency_ms', 'a.latency_ms'], ['decided_at', 'a.decided_at'], ['args', 'a.args_json'],
  ['updated_args', 'a.updated_args_json'], ['grant', 'a.grant_text'], ['prev_hash', 'a.prev_hash'], ['hash', 'a.hash'],
  ['subagent', 'a.subagent_json'],
];

/** The CSV header names, in order. */
export const CSV_COLUMNS: readonly string[] = CSV.map(([name]) => name);
/** Where verdict_json sits in a selected CSV row. */
const VERDICT_AT = CSV.findIndex(([name]) => name === 'verdict');

/** A value as SQLite's json_extract would return it: text for strings, 1/0 for booleans, JSON text for lists and objects. */
function extracted(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return typeof value === 'object' ? JSON.stringify(value) : value;
}

// Verdicts repeat (one rule, one reason, thousands of entries): their cells are built once. Bounded.
const verdictCache = new Map<string, string>();
const VERDICTS_KEPT = 4096;

/**
 * The verdict's decision, reasons and risks as three CSV cells, from its stored JSON; the same values as
 * json_extract(verdict_json, '$.decision' | '$.reasons' | '$.risks'), which cost a quarter of the export's time.
 * Unreadable JSON (a file edited behind the store's back) is kept whole in the first cell rather than failing the export.
 */
export function verdictCells(json: unknown): string {
  if (typeof json !== 'string') return `${csvCell(json)},,`;
  let cells = verdictCache.get(json);
  if (cells === undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      return `${csvCell(json)},,`;
    }
    const v = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    cells = `${csvCell(extracted(v.decision))},${csvCell(extracted(v.reasons))},${csvCell(extracted(v.risks))}`;
    if (verdictCache.size >= VERDICTS_KEPT) verdictCache.clear();
    verdictCache.set(json, cells);
  }
  return cells;
}

// Every cell goes through csvCell (even columns the store writes itself): a file edited behind the store's back
// must not smuggle a formula into the export either.
function csvRow(r: unknown[]): string {
  let line = csvCell(r[0]);
  for (let i = 1; i < VERDICT_AT; i++) line += ',' + csvCell(r[i]);
  line += ',' + verdictCells(r[VERDICT_AT]);
  for (let i = VERDICT_AT + 1; i < r.length; i++) line += ',' + csvCell(r[i]);
  return line + '\r\n';
}

interface Format {
  select: string;
  head: string;
  row: (r: unknown[], index: number) => string;
  tail: string;
}

// The first selected column is a.seq (paging): the CSV record starts with it, a JSON record is the column after it,
// built whole by SQLite.
const FORMATS: Record<ExportFormat, Format> = {
  csv: { select: CSV.map(([, sql]) => sql).filter((sql) => sql !== '').join(', '), head: csvLine(CSV_COLUMNS), row: csvRow, tail: '' },
  json: { select: `a.seq, ${ENTRY_JSON_SQL}`, head: '[', row: (r, i) => `${i === 0 ? '\n' : ',\n'}${r[1] as string}`, tail: '\n]\n' },
  ndjson: { select: `a.seq, ${ENTRY_JSON_SQL}`, head: '', row: (r) => `${r[1] as string}\n`, tail: '' },
};

/** Waits until the destination drains, failing (instead of hanging) if it errors or closes first. */
function drained(out: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const finish = (err?: Error) => {
      out.off('drain', onDrain).off('close', onClose).off('error', onError);
      if (err) reject(err);
      else resolve();
    };
    const onDrain = () => finish();
    const onClose = () => finish(new Error('the export destination closed before the export finished'));
    const onError = (err: Error) => finish(err);
    out.on('drain', onDrain).on('close', onClose).on('error', onError);
  });
}

async function send(out: Writable, chunk: string): Promise<void> {
  if (out.destroyed || out.writableEnded) throw new Error('the export destination closed before the export finished');
  if (!out.write(chunk)) await drained(out);
  // Yield even without backpressure, so a long export never starves the requests served on the same event loop.
  else await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Writes the filtered audit (oldest first; cursor and limit ignored) to `out` and resolves with the row count.
 * JSON/NDJSON records are AuditEntry objects exactly as the API returns them; CSV has CSV_COLUMNS.
 * Does not end `out`: the caller owns it (stdout must stay open; a file is ended and renamed by its writer).
 */
export async function exportAudit(
  store: Pick<OpenStore, 'iterateAuditSelect'>,
  filter: AuditFilter,
  format: ExportFormat,
  out: Writable,
  onProgress?: (rows: number) => void,
): Promise<number> {
  const shape = FORMATS[format];
  if (!shape) throw new StoreInputError(`unknown export format ${JSON.stringify(format)} (use csv, json or ndjson)`);
  const { cursor: _cursor, limit: _limit, ...rest } = filter;
  const records = store.iterateAuditSelect(rest, shape.select);
  let rows = 0;
  let chunk = shape.head;
  for (const batch of records) {
    for (const record of batch) {
      chunk += shape.row(record, rows++);
      if (chunk.length >= CHUNK_CHARS) {
        await send(out, chunk);
        chunk = '';
        onProgress?.(rows);
      }
    }
  }
  chunk += format === 'json' && rows === 0 ? ']\n' : shape.tail;
  await send(out, chunk);
  onProgress?.(rows);
  return rows;
}
