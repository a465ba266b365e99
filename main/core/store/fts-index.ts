// The full-text index, filled in the background: a request's commit writes only the audit row, and the index catches
// up once writes pause (upkeep.ts), or at once before anything searches, prunes or closes. Full-text pages were the
// largest part of every request's commit. audit_meta's fts_seq says how far the index has got, so entries left unindexed by
// a crash or by another process are indexed by whoever flushes next.
// Entries decided at once reach the audit from the inbox (audit-inbox.ts), possibly after a later pending entry was
// indexed: the settle indexes those below the mark itself (arrived).
import type Database from 'better-sqlite3';
import type { SandboxRefusal, Verdict } from '../../../common/domain.js';
import { refusalSearchText } from './refusals.js';

/** audit_meta key: the highest audit seq already in audit_fts. */
export const FTS_SEQ = 'fts_seq';
const SLICE = 2000;

interface FtsRow {
  seq: number;
  tool_name: string;
  summary: string;
  description: string | null;
  verdict_json: string;
  reason: string | null;
}

/** The text of the `reasons` column: the verdict's reasons, the person's reason and what the sandbox refused the run. */
export function ftsReasons(reasons: readonly string[], reason: string | null, refusals: ReadonlyArray<Pick<SandboxRefusal, 'kind' | 'target'>> = []): string {
  const lines = reason === null ? [...reasons] : [...reasons, reason];
  if (refusals.length > 0) lines.push(refusalSearchText(refusals));
  return lines.join('\n');
}

/** The indexer bound to one connection. */
export function ftsIndexer(db: Database.Database) {
  const mark = db.prepare<[], string>(`SELECT value FROM audit_meta WHERE key = '${FTS_SEQ}'`).pluck();
  const setMark = db.prepare<[string]>(`INSERT INTO audit_meta (key, value) VALUES ('${FTS_SEQ}', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`);
  const after = db.prepare<[number, number], FtsRow>(
    'SELECT seq, tool_name, summary, description, verdict_json, reason FROM audit WHERE seq > ? ORDER BY seq LIMIT ?',
  );
  const insert = db.prepare('INSERT INTO audit_fts (rowid, tool_name, summary, description, reasons) VALUES (?, ?, ?, ?, ?)');
  const remove = db.prepare<[number]>('DELETE FROM audit_fts WHERE rowid = ?');
  const bySeq = db.prepare<[number], FtsRow>('SELECT seq, tool_name, summary, description, verdict_json, reason FROM audit WHERE seq = ?');
  const refusals = db.prepare<[number], Pick<SandboxRefusal, 'kind' | 'target'>>('SELECT kind, target FROM audit_refusals WHERE audit_seq = ? ORDER BY id');
  const indexedUpTo = (): number => Number(mark.get() ?? 0);
  const add = (r: FtsRow): void => {
    insert.run(r.seq, r.tool_name, r.summary, r.description, ftsReasons((JSON.parse(r.verdict_json) as Verdict).reasons, r.reason, refusals.all(r.seq)));
  };

  // The mark is re-read inside the write transaction, so two processes never index the same entry twice.
  const catchUp = db.transaction((): number => {
    let from = indexedUpTo();
    const start = from;
    for (;;) {
      const rows = after.all(from, SLICE);
      for (const r of rows) add(r);
      from = rows.at(-1)?.seq ?? from;
      if (rows.length < SLICE) break;
    }
    if (from !== start) setMark.run(String(from));
    return from - start;
  });

  return {
    /** Indexes every entry not yet in the index; returns how many. */
    flush: (): number => catchUp.immediate(),
    /**
     * Entries that reached the audit after the mark may have passed their seq (settled from the inbox after a later
     * pending entry was indexed): those at or below the mark are indexed now, the rest by the next flush.
     */
    arrived(rows: readonly FtsRow[]): void {
      const upTo = indexedUpTo();
      for (const r of rows) if (r.seq <= upTo) add(r);
    },
    /** An indexed entry's text changed (a person's reason, a refusal): replace its index row; one not yet indexed is read fresh later. */
    reindex(seq: number): void {
      if (seq > indexedUpTo()) return;
      const row = bySeq.get(seq);
      if (!row) return;
      remove.run(seq);
      add(row);
    },
  };
}
