// openStore: one better-sqlite3 connection (WAL) with the audit log, rules, session approvals and settings on it.
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { AuditFilter } from '../../../common/domain.js';
import { auditInbox } from './audit-inbox.js';
import { auditWriter } from './audit-log.js';
import { assertHealthy, damagedDatabase } from './health.js';
import { auditReader } from './audit-query.js';
import { assertKnownVersion, migrate } from './migrations.js';
import { createRedactor, type RedactionConfig } from './redact.js';
import { ftsIndexer } from './fts-index.js';
import { upkeep } from './upkeep.js';
import { pruneAuditRows } from './retention.js';
import { refusalsRepo } from './refusals.js';
import { validateRulePattern } from './rule-pattern.js';
import { rulesRepo } from './rules-repo.js';
import { sessionsRepo } from './sessions-repo.js';
import { settingsRepo } from './settings-repo.js';
import { auditStats } from './stats.js';
import type { Store } from './types.js';
import { verifyAudit } from './verify.js';

/**
 * Audit entries between checkpoints in the pauses between writes: each writes at most some 12 WAL pages (the entry, its
 * indexes, counters; fewer for entries settled from the inbox together), so the WAL stays below the 1,000 pages where
 * SQLite checkpoints inside a commit.
 */
const CHECKPOINT_EVERY = 40;

/** How to open a store. */
export interface StoreOptions {
  /** Path to a better_sqlite3.node built for the running ABI (the Electron app passes its own); else GATEHOUSE_SQLITE_BINDING. */
  nativeBinding?: string;
  redaction?: RedactionConfig;
  /** Run SQLite's quick_check before anything else (the server does, at start: health.ts). */
  checkHealth?: boolean;
}

/** A Store plus what bulk tools need: one transaction around many calls, and rows built by SQLite for exports. */
export type OpenStore = Store & Pick<ReturnType<typeof auditReader>, 'iterateAuditSelect'>;

function connect(dbPath: string, nativeBinding: string | undefined): Database.Database {
  try {
    return new Database(dbPath, nativeBinding ? { nativeBinding } : {});
  } catch (err) {
    throw new Error(`cannot open the Gatehouse database ${dbPath}: ${(err as Error).message}`);
  }
}

/** Opens (creating and migrating as needed) the store at dbPath; refuses, untouched, a database from a newer Gatehouse. */
export function openStore(dbPath: string, opts: StoreOptions = {}): OpenStore {
  const inMemory = dbPath === ':memory:';
  const fresh = !inMemory && !existsSync(dbPath);
  if (fresh) mkdirSync(dirname(dbPath), { recursive: true, mode: 0o700 });
  const redactor = createRedactor(opts.redaction);
  const db = connect(dbPath, opts.nativeBinding ?? process.env.GATEHOUSE_SQLITE_BINDING);
  try {
    db.pragma('busy_timeout = 5000');
    if (opts.checkHealth && !fresh && !inMemory) assertHealthy(db, dbPath);
    assertKnownVersion(db, dbPath);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    // Savepoint journals in memory: bulk loads wrap each store call in a savepoint.
    db.pragma('temp_store = MEMORY');
    migrate(db, dbPath);
    // The audit holds (redacted) commands and paths: readable by this user only.
    if (fresh && process.platform !== 'win32') chmodSync(dbPath, 0o600);
  } catch (err) {
    db.close();
    const code = (err as { code?: string }).code;
    if (code === 'SQLITE_NOTADB') throw new Error(`${dbPath} is not a Gatehouse database (not SQLite)`);
    if (code === 'SQLITE_CORRUPT') throw damagedDatabase(dbPath, [(err as Error).message]);
    throw err;
  }

  const rules = rulesRepo(db, validateRulePattern);
  const sessions = sessionsRepo(db);
  const settings = settingsRepo(db);
  const fts = ftsIndexer(db);
  const inbox = auditInbox(db, fts);
  // Entries a previous run (or another process) left in the inbox, or wrote but did not index yet.
  inbox.settle();
  fts.flush();
  // A checkpoint ends in an fsync of the database file: one per CHECKPOINT_EVERY entries, in a pause between writes.
  let unkept = 0;
  const upkept = upkeep((paused) => {
    try {
      inbox.settle();
      fts.flush();
      if (paused && unkept >= CHECKPOINT_EVERY) {
        db.pragma('wal_checkpoint(PASSIVE)');
        unkept = 0;
      }
    } catch (err) {
      // e.g. the database is busy in another process: the next upkeep, search or close retries
      process.emitWarning(`audit upkeep (inbox, search index, checkpoint) failed, retried later: ${(err as Error).message}`);
    }
  });
  const writer = auditWriter(db, redactor, rules.getRule, fts, inbox, () => {
    unkept++;
    upkept.touched();
  });
  const reader = auditReader(db);
  const refusals = refusalsRepo(db, redactor, fts.reindex);
  const bulkTx = db.transaction((fn: () => unknown) => fn());
  /** Runs a read (or a write that finds rows by id) of the audit once the inbox has settled: it sees every entry written. */
  const settled =
    <A extends unknown[], R>(fn: (...args: A) => R) =>
    (...args: A): R => {
      inbox.settle();
      return fn(...args);
    };
  // A search sees every entry written so far: the inbox settles and the index catches up first (usually nothing or a few rows).
  const searchable = <F extends AuditFilter>(filter: F): F => {
    inbox.settle();
    if (typeof filter?.q === 'string' && filter.q.trim() !== '') fts.flush();
    return filter;
  };

  return {
    ...writer,
    ...reader,
    ...rules,
    ...sessions,
    ...settings,
    getRecord: settled(writer.getRecord),
    getAuditEntry: settled((id: string) => {
      const entry = writer.getAuditEntry(id);
      if (entry === null) return null;
      const refused = refusals.refusalsOf(entry.seq);
      return refused.length > 0 ? { ...entry, refusals: refused } : entry;
    }),
    addRefusals: refusals.addRefusals,
    listPending: settled(writer.listPending),
    recordDecision: settled(writer.recordDecision),
    cancelAllPending: settled(writer.cancelAllPending),
    queryAudit: (filter) => reader.queryAudit(searchable(filter)),
    iterateAudit: (filter) => reader.iterateAudit(searchable(filter)),
    iterateAuditSelect: (filter, columns) => reader.iterateAuditSelect(searchable(filter), columns),
    verifyAudit: settled(() => verifyAudit(db)),
    pruneAudit(now: Date, maxRows?: number): number {
      sessions.dropExpiredSessionApprovals(now);
      inbox.settle();
      fts.flush(); // pruning removes index rows by seq range: index what is there first
      return pruneAuditRows(db, settings.getSettings(), now, maxRows);
    },
    auditStats: (filter: AuditFilter) => auditStats(db, searchable(filter)),
    bulk<T>(fn: () => T): T {
      try {
        return bulkTx.immediate(fn) as T;
      } catch (err) {
        // The rollback may have taken back entries the writer already counted in its in-memory tail.
        writer.forgetTail();
        rules.forgetSnapshot();
        throw err;
      }
    },
    close(): void {
      if (!db.open) return;
      try {
        inbox.settle();
        fts.flush();
      } catch (err) {
        // Not lost: the next open settles and indexes what is missing.
        process.emitWarning(`audit inbox or search index not brought up to date before closing: ${(err as Error).message}`);
      }
      upkept.stop();
      db.close();
    },
  };
}
