// What the sandbox refused a contained run, attached to the audit entry of its tool call. The refusals arrive after the
// entry was sealed (the agent runs the command once the hook answered), so they sit in their own table, each chained
// onto the one before it for the same entry and the first onto the entry's own hash: an edit, or a refusal removed from
// the middle of an entry's list, no longer verifies, and the entry's chain stays as it was.
import type Database from 'better-sqlite3';
import type { SandboxRefusal } from '../../../common/domain.js';
import { sha256 } from './canonical.js';
import type { Redactor } from './redact.js';

/** Refusals kept per entry: a command that loops on a refused write must not fill the database. */
export const MAX_REFUSALS_PER_ENTRY = 200;
const KINDS: ReadonlySet<string> = new Set(['read', 'write', 'network']);

/** One audit_refusals row as stored. */
interface RefusalRow {
  id: number;
  audit_seq: number;
  audit_id: string;
  at: string;
  kind: SandboxRefusal['kind'];
  target: string;
  detail: string | null;
  prev_hash: string;
  hash: string;
}

/** The link of one refusal: its fields after the previous link (the entry's hash for the first). */
export function refusalHash(r: Pick<RefusalRow, 'prev_hash' | 'audit_id' | 'at' | 'kind' | 'target' | 'detail'>): string {
  return sha256(r.prev_hash + JSON.stringify([r.audit_id, r.at, r.kind, r.target, r.detail]));
}

/** The refusals' lines as the search index holds them ("sandbox refused read /w/.env"). */
export function refusalSearchText(rows: ReadonlyArray<Pick<SandboxRefusal, 'kind' | 'target'>>): string {
  return rows.map((r) => `sandbox refused ${r.kind} ${r.target}`).join('\n');
}

/** The refusal-keeping part of the store, bound to one connection; `reindex` brings an entry's search text up to date. */
export function refusalsRepo(db: Database.Database, redactor: Redactor, reindex: (seq: number) => void) {
  // The entry may still be in the inbox (decided at once, not yet moved): its seq and hash are final there too.
  const entry = db.prepare<[string, string], { seq: number; hash: string }>(
    'SELECT seq, hash FROM audit WHERE id = ? UNION ALL SELECT seq, hash FROM audit_inbox WHERE id = ? LIMIT 1',
  );
  const tail = db.prepare<[number, number], { hash: string | null; n: number }>(
    'SELECT (SELECT hash FROM audit_refusals WHERE audit_seq = ? ORDER BY id DESC LIMIT 1) AS hash, count(*) AS n FROM audit_refusals WHERE audit_seq = ?',
  );
  const insert = db.prepare<[Omit<RefusalRow, 'id'>]>(
    'INSERT INTO audit_refusals (audit_seq, audit_id, at, kind, target, detail, prev_hash, hash) VALUES (@audit_seq, @audit_id, @at, @kind, @target, @detail, @prev_hash, @hash)',
  );
  const ofSeq = db.prepare<[number], RefusalRow>('SELECT * FROM audit_refusals WHERE audit_seq = ? ORDER BY id');

  const add = db.transaction((auditId: string, refusals: readonly SandboxRefusal[]): number => {
    const e = entry.get(auditId, auditId);
    if (!e) return 0;
    const t = tail.get(e.seq, e.seq);
    let prev = t?.hash ?? e.hash;
    const room = MAX_REFUSALS_PER_ENTRY - (t?.n ?? 0);
    const kept = refusals.filter((r) => KINDS.has(r.kind)).slice(0, Math.max(0, room));
    for (const r of kept) {
      const row = {
        audit_seq: e.seq,
        audit_id: auditId,
        at: new Date(r.at).toISOString(),
        kind: r.kind,
        target: redactor.text(String(r.target).slice(0, 4096)),
        detail: r.detail === undefined ? null : redactor.text(String(r.detail).slice(0, 1000)),
        prev_hash: prev,
        hash: '',
      };
      row.hash = refusalHash(row);
      insert.run(row);
      prev = row.hash;
    }
    if (kept.length > 0) reindex(e.seq);
    return kept.length;
  });

  return {
    /** Attaches refusals to the entry of request `auditId`; returns how many were kept (0: no such entry, or its list is full). */
    addRefusals: (auditId: string, refusals: readonly SandboxRefusal[]): number => (refusals.length === 0 ? 0 : add.immediate(auditId, refusals)),
    /** An entry's refusals, oldest first. */
    refusalsOf: (seq: number): SandboxRefusal[] =>
      ofSeq.all(seq).map((r) => ({ kind: r.kind, target: r.target, at: r.at, ...(r.detail === null ? {} : { detail: r.detail }) })),
  };
}

/**
 * The first entry whose refusals do not check out (an edited or removed link, a refusal of an entry that is not there),
 * or null. Refusals of pruned entries are pruned with them.
 */
export function firstBadRefusal(db: Database.Database): { seq: number; id: string } | null {
  let seq = -1;
  let prev = '';
  const rows = db.prepare<[], RefusalRow & { entry_hash: string | null }>(
    'SELECT r.*, a.hash AS entry_hash FROM audit_refusals r LEFT JOIN audit a ON a.seq = r.audit_seq ORDER BY r.audit_seq, r.id',
  );
  for (const r of rows.iterate()) {
    if (r.audit_seq !== seq) {
      seq = r.audit_seq;
      prev = r.entry_hash ?? '';
    }
    if (r.entry_hash === null || r.prev_hash !== prev || refusalHash(r) !== r.hash) return { seq: r.audit_seq, id: r.audit_id };
    prev = r.hash;
  }
  return null;
}
