// Streams the filtered audit as CSV, JSON or NDJSON, chunk by chunk with backpressure, in bounded memory.
import type { Writable } from 'node:stream';
import type { AuditFilter } from '../../../common/domain.js';
import type { ExportFormat } from '../../../common/api.js';
import { ENTRY_JSON_SQL, LATENCY_SQL } from './audit-row.js';
import { csvCell, csvLine } from './csv.js';
import type { OpenStore } from './store.js';
import { StoreInputError } from './types.js';

/** Characters gathered before one write: few write calls, small buffers. */
const CHUNK_CHARS = 64 * 1024;

/**
 * CSV columns (header row) and the SQL that reads each, audit aliased `a`. `reasons` and `risks` are the verdict's
 * JSON lists; `args` and `updated_args` are JSON objects (redacted, as stored).
 */
const CSV: ReadonlyArray<[name: string, sql: string]> = [
  ['seq', 'a.seq'], ['id', 'a.id'], ['received_at', 'a.received_at'], ['agent', 'a.agent'], ['session_id', 'a.session_id'],
  ['cwd', 'a.cwd'], ['tool_name', 'a.tool_name'], ['summary', 'a.summary'], ['description', 'a.description'],
  ['verdict', "json_extract(a.verdict_json, '$.decision')"], ['reasons', "json_extract(a.verdict_json, '$.reasons')"],
  ['risks', "json_extract(a.verdict_json, '$.risks')"], ['status', 'a.status'], ['decided_by', 'a.decided_by'], ['rule_id', 'a.rule_id'],
  ['reason', 'a.reason'], ['latency_ms', LATENCY_SQL], ['decided_at', 'a.decided_at'], ['args', 'a.args_json'],
  ['updated_args', 'a.updated_args_json'], ['prev_hash', 'a.prev_hash'], ['hash', 'a.hash'],
];

/** The CSV header names, in order. */
export const CSV_COLUMNS: readonly string[] = CSV.map(([name]) => name);

// Every cell goes through csvCell (even columns the store writes itself): a file edited behind the store's back
// must not smuggle a formula into the export either.
function csvRow(r: unknown[]): string {
  let line = csvCell(r[1]);
  for (let i = 2; i < r.length; i++) line += `,${csvCell(r[i])}`;
  return `${line}\r\n`;
}

interface Format {
  select: string;
  head: string;
  row: (r: unknown[], index: number) => string;
  tail: string;
}

// The first selected column is a.seq (paging); the record starts at index 1. JSON records come whole from SQLite.
const FORMATS: Record<ExportFormat, Format> = {
  csv: { select: `a.seq, ${CSV.map(([, sql]) => sql).join(', ')}`, head: csvLine(CSV_COLUMNS), row: csvRow, tail: '' },
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
  for (const record of records) {
    chunk += shape.row(record, rows++);
    if (chunk.length >= CHUNK_CHARS) {
      await send(out, chunk);
      chunk = '';
      onProgress?.(rows);
    }
  }
  chunk += format === 'json' && rows === 0 ? ']\n' : shape.tail;
  await send(out, chunk);
  onProgress?.(rows);
  return rows;
}
