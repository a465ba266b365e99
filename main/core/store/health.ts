// A damaged database found at start, with how to recover, instead of a server that answers every request with 500.
import type Database from 'better-sqlite3';

/** Thrown when the database fails SQLite's own consistency check. */
export class DamagedDatabaseError extends Error {}

/**
 * Runs SQLite's quick_check (pages, b-trees, records; not the slower index cross-check) and throws DamagedDatabaseError
 * with recovery steps when it finds a problem.
 */
export function assertHealthy(db: Database.Database, dbPath: string): void {
  let problems: string[];
  try {
    problems = (db.pragma('quick_check(5)') as Array<{ quick_check: string }>).map((r) => r.quick_check);
  } catch (err) {
    problems = [(err as Error).message];
  }
  if (problems.length === 1 && problems[0] === 'ok') return;
  throw damagedDatabase(dbPath, problems);
}

/** The error for a damaged database, with the way back. */
export function damagedDatabase(dbPath: string, problems: string[]): DamagedDatabaseError {
  return new DamagedDatabaseError(
    `the Gatehouse database ${dbPath} is damaged (${problems.join('; ').slice(0, 300)}). Nothing was changed. To recover: ` +
      `stop Gatehouse, keep a copy (cp ${dbPath} ${dbPath}.damaged), then either salvage it with ` +
      `\`sqlite3 ${dbPath}.damaged .recover | sqlite3 ${dbPath}.recovered\` and move the result into place, or move the ` +
      `database aside to start with an empty one (rules and history are then gone; \`gatehouse audit verify\` on the copy tells what is intact)`,
  );
}
