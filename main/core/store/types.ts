// The surface of the SQLite store that the broker, server and CLI use (implemented in ./store.ts via openStore).
import type {
  AuditEntry,
  AuditFilter,
  AuditPage,
  CoreSettings,
  Decision,
  RequestRecord,
  Rule,
  RuleInput,
  SessionApproval,
  SandboxRefusal,
  ToolRequest,
  Verdict,
} from '../../../common/domain.js';
import type { AuditStats } from '../../../common/api.js';

/** Result of walking the audit hash chain. */
export type VerifyReport =
  | { ok: true; checked: number; cut_point: string | null }
  | { ok: false; checked: number; first_bad_seq: number; first_bad_id: string | null; problem: 'altered' | 'missing' };

/** The persistent store: audit log, rules, session approvals, settings. */
export interface Store {
  /** Records a new request with its verdict; returns the audit entry (status pending unless decided at once). */
  insertRequest(request: ToolRequest, verdict: Verdict): AuditEntry;
  /** Records a request the policy decided at once together with its one decision, in one write (same chain and invariants as insertRequest + recordDecision). */
  insertDecided(request: ToolRequest, verdict: Verdict, decision: Decision): void;
  /** Records the one final decision for a request; throws StoreConflictError if it was already decided. */
  recordDecision(id: string, decision: Decision): AuditEntry;
  /** The request, verdict and decision for an id, or null. Args are the REDACTED ones stored (the broker keeps the originals in memory while pending). */
  getRecord(id: string): RequestRecord | null;
  /** Requests still pending, oldest first (redacted, like getRecord). */
  listPending(): RequestRecord[];
  /** Marks every still-pending request cancelled (startup after a crash, shutdown). */
  cancelAllPending(reason: string): number;

  listRules(): Rule[];
  /**
   * The rules for the policy: one shared array, the same object until a rule changes (here or in another process),
   * so the policy's per-array caches hold. Read-only for callers; hits update it in place.
   */
  rulesSnapshot(): Rule[];
  getRule(id: string): Rule | null;
  createRule(input: RuleInput): Rule;
  updateRule(id: string, patch: Partial<RuleInput>): Rule;
  deleteRule(id: string): void;
  /** Counts a hit (hit_count, last_used_at, uses_left). */
  recordRuleHit(id: string, at: Date): void;

  addSessionApproval(approval: Omit<SessionApproval, 'id' | 'created_at'>): SessionApproval;
  /** Live (unexpired) session approvals. */
  listSessionApprovals(now: Date): SessionApproval[];
  revokeSessionApproval(id: string): void;

  getSettings(): CoreSettings;
  updateSettings(patch: Partial<CoreSettings>): CoreSettings;

  queryAudit(filter: AuditFilter): AuditPage;
  /** The entry with what the sandbox refused its contained run (`refusals`, when it refused anything). */
  getAuditEntry(id: string): AuditEntry | null;
  /** Attaches what the sandbox refused a contained run to its request's entry (chained: refusals.ts); returns how many were kept. */
  addRefusals(auditId: string, refusals: readonly SandboxRefusal[]): number;
  /** Streams the filtered audit in insertion order, in bounded memory. */
  iterateAudit(filter: AuditFilter): IterableIterator<AuditEntry>;
  verifyAudit(): VerifyReport;
  /** Applies retention settings; returns how many entries were pruned (at most maxRows, so a caller can prune in slices). */
  pruneAudit(now: Date, maxRows?: number): number;
  /** Counts for the History dashboard over the filtered audit (cursor and limit ignored). */
  auditStats(filter: AuditFilter): AuditStats;

  /** Runs fn in ONE transaction (each store call inside becomes a savepoint): many writes, one commit. */
  bulk<T>(fn: () => T): T;

  close(): void;
}

/** Thrown when a decision arrives for a request that is no longer pending (HTTP 409). */
export class StoreConflictError extends Error {}
/** Thrown for an unknown id (HTTP 404). */
export class StoreNotFoundError extends Error {}
/** Thrown for input the store refuses (HTTP 400). */
export class StoreInputError extends Error {}
