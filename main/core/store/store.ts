// openStore: one better-sqlite3 connection (WAL) with the audit log, rules, session approvals and settings on it.
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { AuditFilter } from '../../../common/domain.js';
import { auditWriter } from './audit-log.js';
import { auditReader } from './audit-query.js';
import { assertKnownVersion, migrate } from './migrations.js';
import { createRedactor, type RedactionConfig } from './redact.js';
import { pruneAuditRows } from './retention.js';
import { validateRulePattern } from './rule-pattern.js';
import { rulesRepo } from './rules-repo.js';
import { sessionsRepo } from './sessions-repo.js';
import { settingsRepo } from './settings-repo.js';
import { auditStats } from './stats.js';
import type { Store } from './types.js';
import { verifyAudit } from './verify.js';

/** How to open a store. */
export interface StoreOptions {
  /** Path to a better_sqlite3.node built for the running ABI (the Electron app passes its own); else GATEHOUSE_SQLITE_BINDING. */
  nativeBinding?: string;
  redaction?: RedactionConfig;
}

/** A Store plus what bulk tools need: one transaction around many calls, and rows built by SQLite for exports. */
export type OpenStore = Store &
  Pick<ReturnType<typeof auditReader>, 'iterateAuditSelect'> & {
    /** Runs fn in ONE transaction (each store call inside becomes a savepoint): bulk loads commit once, not per row. */
    bulk<T>(fn: () => T): T;
  };

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
    if ((err as { code?: string }).code === 'SQLITE_NOTADB') throw new Error(`${dbPath} is not a Gatehouse database (not SQLite)`);
    throw err;
  }

  const rules = rulesRepo(db, validateRulePattern);
  const sessions = sessionsRepo(db);
  const settings = settingsRepo(db);
  const writer = auditWriter(db, redactor, rules.getRule);
  const reader = auditReader(db);

  return {
    ...writer,
    ...reader,
    ...rules,
    ...sessions,
    ...settings,
    verifyAudit: () => verifyAudit(db),
    pruneAudit(now: Date, maxRows?: number): number {
      sessions.dropExpiredSessionApprovals(now);
      return pruneAuditRows(db, settings.getSettings(), now, maxRows);
    },
    auditStats: (filter: AuditFilter) => auditStats(db, filter),
    bulk: <T>(fn: () => T): T => db.transaction(fn).immediate(),
    close: () => db.close(),
  };
}
