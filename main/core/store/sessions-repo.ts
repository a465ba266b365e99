// Session approvals ("approve for session"): live until their TTL passes or the person revokes them.
import type Database from 'better-sqlite3';
import { monotonicFactory } from 'ulid';
import type { SessionApproval } from '../../../common/domain.js';
import type { GrantKind } from '../../../common/grants.js';
import { isoTime, oneOf, text } from './input.js';
import { StoreNotFoundError } from './types.js';

const GRANT_KINDS: readonly GrantKind[] = ['call', 'file', 'workspace', 'prefix', 'shape', 'tool'];

// Monotonic: ids made in the same millisecond still sort in creation order (lists are ordered by created_at, id).
const ulid = monotonicFactory();

/** The session-approval part of the store, bound to one connection. */
export function sessionsRepo(db: Database.Database) {
  const insert = db.prepare(
    `INSERT INTO session_approvals (id, agent, session_id, kind, payload, tool_name, summary, created_at, expires_at)
     VALUES (@id, @agent, @session_id, @kind, @payload, @tool_name, @summary, @created_at, @expires_at)`,
  );
  const live = db.prepare<[string], SessionApproval>(
    'SELECT * FROM session_approvals WHERE expires_at IS NULL OR expires_at > ? ORDER BY created_at, id',
  );
  const remove = db.prepare<[string]>('DELETE FROM session_approvals WHERE id = ?');
  const removeExpired = db.prepare<[string]>('DELETE FROM session_approvals WHERE expires_at IS NOT NULL AND expires_at <= ?');

  return {
    addSessionApproval(approval: Omit<SessionApproval, 'id' | 'created_at'>): SessionApproval {
      const row: SessionApproval = {
        id: ulid(),
        agent: text(approval.agent, 'agent', 200),
        session_id: text(approval.session_id, 'session_id', 500),
        kind: oneOf(approval.kind, GRANT_KINDS, 'kind'),
        payload: text(approval.payload, 'payload', 1_000_000),
        tool_name: text(approval.tool_name, 'tool_name', 500),
        summary: typeof approval.summary === 'string' ? approval.summary : '',
        created_at: new Date().toISOString(),
        expires_at: approval.expires_at === null || approval.expires_at === undefined ? null : isoTime(approval.expires_at, 'expires_at'),
      };
      insert.run(row);
      return row;
    },
    listSessionApprovals: (now: Date): SessionApproval[] => live.all(isoTime(now, 'now')),
    revokeSessionApproval(id: string): void {
      if (remove.run(id).changes === 0) throw new StoreNotFoundError(`no session approval with id ${id}`);
    },
    /** Drops approvals whose TTL has passed (housekeeping; they are already ignored by listSessionApprovals). */
    dropExpiredSessionApprovals: (now: Date): number => removeExpired.run(isoTime(now, 'now')).changes,
  };
}
