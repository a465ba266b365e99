// The Gatehouse domain (DESIGN.md "Domain"): the one vocabulary shared by core, shell, preload and renderer.
// Plain data only: everything here crosses process boundaries as JSON.
import type { GrantKind } from './grants.js';
import type { UndoStatus } from './undo.js';

/** Which agent family sent a request; free text beyond the known ones. */
export type AgentKind = 'claude-code' | 'gemini-cli' | 'codex' | 'mcp' | 'http' | (string & {});

/** How the review window should show a request's payload. */
export type PresentationType = 'text' | 'diff' | 'file_content' | 'command' | 'structured';

/** Client-supplied hint for rendering a request in the review window. */
export interface Presentation {
  type: PresentationType;
  content: string;
  language?: string;
  metadata?: Record<string, unknown>;
}

/** What an agent asks: one pending tool call, exactly as the agent sent it. */
/** The subagent a call came from, as the agent's event names it (Claude Code's and Qwen Code's `agent_id`, `agent_type`). */
export interface Subagent {
  id: string;
  type?: string;
}

export interface ToolRequest {
  id: string;
  received_at: string; // ISO-8601
  agent: AgentKind;
  session_id: string | null;
  cwd: string | null;
  tool_name: string;
  args: Record<string, unknown>;
  description?: string;
  presentation?: Presentation;
  group_id?: string;
  /** Asked from within this subagent of the session (shown, never trusted: grants stay keyed on the session). */
  subagent?: Subagent;
  /** What the agent says the call is about: shown to the person, never trusted — no grant is keyed on it. */
  payload: string;
}

/** The policy's answer. */
export type VerdictDecision = 'allow' | 'deny' | 'ask';

/** Risk flags the analysis can raise. */
export type RiskFlag =
  | 'destructive'
  | 'privilege'
  | 'network'
  | 'writes-file'
  | 'code-execution'
  | 'obfuscation'
  | 'outside-workspace'
  | 'gitignored'
  | 'secrets'
  | 'tamper'
  /** The call turns the agent's own sandbox off (Claude Code's dangerouslyDisableSandbox). */
  | 'sandbox-off';

/** One finding, with the character range [start, end) of the original command it covers, when it is a command. */
export interface Risk {
  flag: RiskFlag;
  reason: string;
  range?: { start: number; end: number };
}

/** The policy engine's pure output for one request. */
export interface Verdict {
  decision: VerdictDecision;
  /** Human-readable, each naming the rule or built-in check that produced it. */
  reasons: string[];
  risks: Risk[];
  /** Id of the rule that decided, when one did. */
  matched_rule?: string;
  /** True when a built-in never-allow check (not a user rule) produced a deny. */
  hard_deny?: boolean;
  /** Set when a session approval decided. */
  session_approved?: boolean;
  /** On an allow: the call runs inside the OS sandbox this profile describes, not as is (main/core/sandbox). */
  contained?: ContainedProfile;
  /** On a contained allow: paths the command names that the sandbox will not let it read (recorded as refusals). */
  refused_reads?: string[];
  /**
   * On a contained allow: project files the command deletes (resolved paths). It runs only once the snapshot before the
   * call holds each of them, so undo can restore them; when it does not, the call is asked instead.
   */
  undoable_deletes?: string[];
}

/**
 * What the OS sandbox refused a contained command: a read of a secret, a write outside the workspace or into what the
 * tamper guard protects, a connection to a host no rule allows. Attached to the audit entry of its tool call.
 */
export interface SandboxRefusal {
  kind: 'read' | 'write' | 'network';
  /** The path, or `host:port`. */
  target: string;
  /** When it was refused (reads the command names: when it was decided). */
  at: string;
  /** The sandbox's own words (`deny openat …`, the proxy's reason), when it said more than the target. */
  detail?: string;
}

/**
 * What a contained command may do: compiled from the rules and the workspace facts alone (main/core/sandbox/profile.ts).
 * Everything not written here is refused by the OS sandbox: writes elsewhere, reads of what is unreadable, other hosts
 * (those are asked as a `Network(host:port)` request while the command waits).
 */
export interface ContainedProfile {
  /** Folders the command may write below: the workspace and the temp folder. */
  writable: string[];
  /** Paths inside those folders it may still not write: what the tamper guard protects. */
  unwritable: string[];
  /** Paths (and `**` globs) it may not read: the secret tier, and what Read deny and ask rules name. */
  unreadable: string[];
  /** Hosts (with their subdomains) it may connect to without asking. */
  hosts: string[];
}

/** Final outcome of a request. */
export type DecisionStatus = 'approved' | 'denied' | 'expired' | 'cancelled';

/** Who or what produced the final outcome. */
export type DecidedBy = 'rule' | 'user' | 'session' | 'mode' | 'timeout' | 'shutdown' | 'policy' | 'agent';

/** Scope of a person's approval. */
export type ApprovalScope = 'once' | 'session' | 'always';

/** The final outcome of one request. */
export interface Decision {
  status: DecisionStatus;
  decided_by: DecidedBy;
  decided_at: string;
  rule_id?: string;
  reason?: string;
  scope?: ApprovalScope;
  /** Edit-and-approve: the args the person approved instead of the agent's. */
  updated_args?: Record<string, unknown>;
  /** Rule pattern created by an "always" decision (echoed to Claude Code as updatedPermissions). */
  created_rule?: Rule;
  /** With scope "session": what the grant covers, in the words the dialog showed (common/grants.ts). */
  grant?: string;
  latency_ms: number;
}

/** Lifecycle state of a request as the API reports it. */
export type RequestStatus = 'pending' | DecisionStatus;

/** A request together with its verdict and (eventual) decision: what the queue and the API show. */
export interface RequestRecord {
  request: ToolRequest;
  status: RequestStatus;
  verdict: Verdict;
  decision?: Decision;
  /** When a pending request expires (ISO-8601), if a timeout applies. */
  expires_at?: string;
  /** Set in listings and events when long argument strings were cut (the request by id has them whole). */
  args_truncated?: boolean;
  /** In the answer to a "session" or "always" decision: the other waiting requests its grant or rule decided too. */
  released?: string[];
}

/** Rule actions; `sandbox` allows a shell command contained (it runs inside the OS sandbox). */
export type RuleAction = 'allow' | 'sandbox' | 'deny' | 'ask';

/** Where a rule came from. */
export type RuleSource = 'user' | 'preset' | 'import';

/** A user rule in Claude Code's `Tool(specifier)` syntax. */
export interface Rule {
  id: string;
  action: RuleAction;
  pattern: string;
  /** null = everywhere; otherwise an absolute workspace path. */
  scope: string | null;
  enabled: boolean;
  expires_at: string | null;
  /** Remaining uses for "for the next N uses" rules; null = unlimited. */
  uses_left: number | null;
  note: string | null;
  created_at: string;
  last_used_at: string | null;
  hit_count: number;
  source: RuleSource;
  /**
   * Absent or null: every agent. Otherwise the agent field of the only requests the rule applies to (`gemini-cli`):
   * an allow imported from one agent's policy file allows nothing for the others.
   */
  agent?: string | null;
}

/** Fields a client may set when creating or editing a rule. */
export interface RuleInput {
  action: RuleAction;
  pattern: string;
  scope?: string | null;
  enabled?: boolean;
  expires_at?: string | null;
  uses_left?: number | null;
  note?: string | null;
  source?: RuleSource;
  agent?: string | null;
}

/** "Approve for session": (agent session, payload fingerprint) approved until TTL. */
export interface SessionApproval {
  id: string;
  agent: AgentKind;
  session_id: string;
  /** What the grant covers (common/grants.ts). */
  kind: GrantKind;
  /** kind call: Gatehouse's fingerprint of the reviewed tool name and args; otherwise the allow-rule pattern it stands for. */
  payload: string;
  tool_name: string;
  summary: string;
  created_at: string;
  expires_at: string | null;
}

/** How the `ask` verdicts are handled. */
export type Mode = 'interactive' | 'approve-all' | 'strict';

/** What the agent gets when a pending request times out. */
export type TimeoutOutcome = 'deny' | 'no-decision';

/** User settings the core honours. */
export interface CoreSettings {
  mode: Mode;
  /** Seconds a request may wait for a person; 0 = no timeout. */
  timeout_seconds: number;
  timeout_outcome: TimeoutOutcome;
  /** Session approval TTL in seconds; 0 = until the session ends. */
  session_ttl_seconds: number;
  retention_days: number | null;
  retention_max_entries: number | null;
  /** Undo snapshots older than this many days are removed (the audit keeps the fact they existed). */
  snapshot_retention_days: number;
  /** Undo snapshots beyond this many megabytes in all are removed, oldest first. */
  snapshot_max_mb: number;
  /** A shell command no rule vouches for, that meets no deny, no ask rule and no hard deny, runs contained instead of asking. */
  contain_unvouched: boolean;
}

/** One row of the audit log: a request, its verdict and its decision, chained by hash. */
export interface AuditEntry {
  seq: number;
  id: string;
  received_at: string;
  agent: AgentKind;
  session_id: string | null;
  cwd: string | null;
  tool_name: string;
  /** Redacted args as stored. */
  args: Record<string, unknown>;
  description: string | null;
  summary: string;
  verdict: Verdict;
  status: RequestStatus;
  decided_by: DecidedBy | null;
  rule_id: string | null;
  reason: string | null;
  latency_ms: number | null;
  decided_at: string | null;
  updated_args: Record<string, unknown> | null;
  /** With a session approval: what the grant covers. */
  grant: string | null;
  /** Its undo, and whether the agent really ran it (added by the server when it took a snapshot). */
  undo?: UndoStatus | null;
  /** What the sandbox refused the call's contained run, oldest first (one entry's detail; lists leave it out). */
  refusals?: SandboxRefusal[];
  prev_hash: string;
  hash: string;
  /** Asked from within this subagent (only on entries that were). */
  subagent?: Subagent;
}

/** Filters for audit queries and exports. */
export interface AuditFilter {
  from?: string;
  to?: string;
  agent?: string;
  session_id?: string;
  cwd?: string;
  tool_name?: string;
  status?: RequestStatus;
  decided_by?: DecidedBy;
  rule_id?: string;
  /** FTS5 full-text query. */
  q?: string;
  cursor?: string;
  limit?: number;
}

/** One page of audit results, newest first. */
export interface AuditPage {
  entries: AuditEntry[];
  next_cursor: string | null;
}
