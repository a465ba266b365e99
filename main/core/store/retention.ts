// Retention: drops the oldest audit entries beyond the user's days / entry limits, recording the chain's cut point.
import type Database from 'better-sqlite3';
import type { CoreSettings } from '../../../common/domain.js';
import { CUT_HASH, CUT_SEQ } from './audit-log.js';
import { subtractPruned } from './counts.js';
import { recordPrunedDecisions } from './decision-chain.js';
import type { Store } from './types.js';

/** Entries deleted per transaction: small, so a request arriving meanwhile waits at most a few milliseconds. */
export const PRUNE_BATCH = 500;
const DAY_MS = 86_400_000;

/**
 * Deletes from the head of the chain only (contiguous, oldest first) and stops at the first pending entry,
 * so the remaining chain starts at a recorded cut point and still verifies. Returns how many entries went.
 */
export function pruneAuditRows(db: Database.Database, settings: CoreSettings, now: Date, maxRows = Number.POSITIVE_INFINITY): number {
  const { retention_days: days, retention_max_entries: maxEntries } = settings;
  if (days === null && maxEntries === null) return 0;
  const cutoff = days === null ? null : new Date(now.getTime() - days * DAY_MS).toISOString();
  // The span of seq counts entries in O(log n) (count(*) walks an index); seq has no gaps unless rows were deleted by hand.
  const span = db.prepare('SELECT coalesce(max(seq) - min(seq) + 1, 0) AS n FROM audit').get() as { n: number };
  let overCount = maxEntries === null ? 0 : Math.max(0, span.n - maxEntries);

  const head = db.prepare<[number], { seq: number; received_at: string; status: string; hash: string; decision_seq: number | null }>(
    'SELECT seq, received_at, status, hash, decision_seq FROM audit ORDER BY seq LIMIT ?',
  );
  const drop = db.prepare<[number, number]>('DELETE FROM audit WHERE seq BETWEEN ? AND ?');
  const dropFts = db.prepare<[number, number]>('DELETE FROM audit_fts WHERE rowid BETWEEN ? AND ?');
  const dropRefusals = db.prepare<[number, number]>('DELETE FROM audit_refusals WHERE audit_seq BETWEEN ? AND ?');
  const setMeta = db.prepare<[string, string]>(
    'INSERT INTO audit_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  );

  const batch = db.transaction((size: number): number => {
    let take = 0;
    let last: { seq: number; hash: string } | undefined;
    let first: number | undefined;
    const decisions: number[] = [];
    for (const row of head.all(size)) {
      const due = overCount > 0 || (cutoff !== null && row.received_at < cutoff);
      if (!due || row.status === 'pending') break;
      first ??= row.seq;
      last = row;
      if (row.decision_seq !== null) decisions.push(row.decision_seq);
      take++;
      if (overCount > 0) overCount--;
    }
    if (first === undefined || last === undefined) return 0;
    subtractPruned(db, first, last.seq);
    recordPrunedDecisions(db, decisions);
    drop.run(first, last.seq);
    dropFts.run(first, last.seq);
    dropRefusals.run(first, last.seq);
    setMeta.run(CUT_SEQ, String(last.seq));
    setMeta.run(CUT_HASH, last.hash);
    return take;
  });

  let pruned = 0;
  while (pruned < maxRows) {
    const n = batch.immediate(Math.min(PRUNE_BATCH, maxRows - pruned));
    pruned += n;
    if (n === 0) break;
  }
  return pruned;
}

/**
 * Runs retention now and every `intervalMs`, one small batch per event-loop turn so requests are never held up;
 * the timer is unref'd (it never keeps the process alive). Returns the function that stops it.
 */
export function startRetention(
  store: Pick<Store, 'pruneAudit'>,
  intervalMs: number,
  onError: (err: unknown) => void = (err) => process.emitWarning(`audit retention failed: ${(err as Error).message}`),
): () => void {
  let stopped = false;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      while (!stopped && store.pruneAudit(new Date(), PRUNE_BATCH) === PRUNE_BATCH) {
        await new Promise((resolve) => setImmediate(resolve));
      }
    } catch (err) {
      onError(err);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
