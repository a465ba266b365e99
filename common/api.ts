// The one typed contract between the renderer and whatever hosts it (STYLE.md §1).
// Electron's preload implements it over IPC; the web client implements it over HTTP + SSE.
import type {
  ApprovalScope,
  AuditEntry,
  AuditFilter,
  AuditPage,
  CoreSettings,
  Mode,
  RequestRecord,
  Rule,
  RuleAction,
  RuleInput,
  SessionApproval,
} from './domain.js';
import type { GrantChoice, GrantInput } from './grants.js';
import type { UndoOptions, UndoReport } from './undo.js';

/** A result that crosses a process boundary without throwing (STYLE.md §6). */
export type Result<T> = { ok: true; value: T } | { ok: false; error: string };

/** A person's decision on one pending request. */
export interface DecisionInput {
  approved: boolean;
  reason?: string;
  scope?: ApprovalScope;
  updated_args?: Record<string, unknown>;
  /** With scope "always": the rule to create (defaults to the suggested pattern). */
  rule?: RuleInput;
  /** With scope "session": what the grant covers (defaults to this exact call). */
  grant?: GrantInput;
}

/** What the review window shows for a file change: the file on disk against the proposed result. */
export interface FileChangeReview {
  kind: 'file-change';
  path: string;
  operation: 'create' | 'overwrite' | 'edit' | 'multi-edit' | 'notebook-edit';
  language: string;
  original: string;
  proposed: string;
  /** Set when the change could not be applied to the file on disk (e.g. old_string not found). */
  problem?: string;
}

/** What the review window shows for a shell command. */
export interface CommandReview {
  kind: 'command';
  command: string;
  cwd: string | null;
  timeout_ms?: number;
  env_prefixes: string[];
  /** Set when the call runs outside the agent's own sandbox: the argument that says so (`dangerouslyDisableSandbox: true`). */
  sandbox_off?: string;
  /** Each simple command with its range in `command`. */
  parts: Array<{ text: string; start: number; end: number }>;
}

/** Anything else: the arguments exactly as the tool receives them, and a copy with its secrets hidden for the screen. */
export interface StructuredReview {
  kind: 'structured';
  /** Exactly what the tool will receive (never redacted: the person approves what runs, not a summary of it). */
  args: unknown;
  /** Only when something looks like a secret: `args` with it hidden (`[REDACTED:…]`), shown until the person reveals `args`. */
  masked?: unknown;
}

/** Review material computed by the core for one request. */
export type Review = FileChangeReview | CommandReview | StructuredReview;

/** A rule suggestion for "always" (narrowest sensible pattern). */
export interface RuleSuggestion {
  pattern: string;
  scope: string | null;
  broad: boolean;
  warning?: string;
  /** Workspace files the command writes (`> log.txt`): "always" also creates an Edit rule for exactly each of them. */
  writes?: string[];
  /** Rules for the other commands of a chain or pipeline (`pytest | tee out.txt`): "always" with `pattern` creates them too. */
  also?: string[];
  /** The same rules over the call's volatile words (temp names, pids, ports, timestamps, hashes), offered beside them. */
  general?: GeneralRule;
  /** The "approve for session" choices for this request, narrowest first. */
  grants: GrantChoice[];
}

/** A proposed rule whose volatile words are placeholders (`Bash(kill <pid>)`), with the words this call had there. */
export interface GeneralRule {
  pattern: string;
  /** Rules for the other commands of the line, generalised the same way; "always" with `pattern` creates them too. */
  also: string[];
  parts: Array<{ text: string; kind: string }>;
}

/** A rule to suggest because the person approved the same kind of call several times by hand. */
export interface RepeatSuggestion {
  pattern: string;
  count: number;
  /** The newest calls it would have allowed. */
  examples: string[];
  /** The workspace the rule is offered for (null: no project folder; the rule would hold everywhere). */
  scope: string | null;
}

/** The what-if analysis of a rule before it is saved. */
export interface WhatIfReport {
  matched: number;
  changed: number;
  entries: AuditEntry[];
  distinct_commands: number;
  warnings: string[];
  /** Requests waiting for the person now that the rule would also decide. */
  waiting: Array<{ id: string; summary: string }>;
}

/** Result of importing a Claude Code `permissions` block. */
export interface ImportReport {
  imported: Rule[];
  skipped: Array<{ entry: string; why: string }>;
}

/** A named bundle of rules the person can read and then apply in one step (e.g. "safe defaults"). */
export interface Preset {
  name: string;
  title: string;
  description: string;
  rules: Array<{ action: RuleAction; pattern: string; note?: string }>;
  /** Settings the preset turns on with its rules (e.g. contain what no rule vouches for instead of asking). */
  settings?: Partial<Pick<CoreSettings, 'contain_unvouched'>>;
}

/** Counts for the History dashboard. */
export interface AuditStats {
  buckets: Array<{ start: string; auto_allowed: number; approved: number; denied: number; expired: number }>;
  top_tools: Array<{ tool_name: string; count: number }>;
  top_rules: Array<{ rule_id: string; pattern: string; count: number }>;
  median_decision_ms: number | null;
}

/** One connectable agent as the Agents view shows it: where its hook is, and when it last asked. */
export interface AgentOverview {
  /** The name `gatehouse install` takes (claude-code, gemini, codex). */
  cli: string;
  title: string;
  scopes: Array<{
    /** null: the user's own config; else the project folder. */
    project: string | null;
    detected: boolean;
    /** The files holding Gatehouse's hook (empty: not installed). */
    installed_in: string[];
    /** Why the installed hook would not run. */
    warnings: string[];
  }>;
  /** The newest call this agent sent through Gatehouse, or null. */
  last_seen: { at: string; tool_name: string } | null;
}

/** Installing or removing one agent's hook from the app. */
export interface AgentConnectInput {
  agent: string;
  action: 'install' | 'uninstall';
  /** Absolute project folder; omitted for the user's own config. */
  project?: string;
  /** Only show what would change. */
  dry_run?: boolean;
}

/** What an install or uninstall changed (or, dry, would change). */
export interface AgentConnectReport {
  changed: string[];
  diff: string;
  warnings: string[];
}

/** Export formats for the audit log. */
export type ExportFormat = 'csv' | 'json' | 'ndjson';

/** Events pushed to the UI. */
export type GatehouseEvent =
  | { type: 'request_pending'; record: RequestRecord }
  | { type: 'request_decided'; record: RequestRecord }
  | { type: 'rule_changed' }
  | { type: 'mode_changed'; mode: Mode }
  | { type: 'settings_changed'; settings: CoreSettings };

/** Whether the OS sandbox runs in this Gatehouse: contained calls run in it, or (not available) are asked. */
export type SandboxStatus = { available: true } | { available: false; why: string };

/** Everything the renderer may do. Each verb resolves to a Result, never throws across the boundary. */
export interface GatehouseApi {
  listPending(): Promise<Result<RequestRecord[]>>;
  getRequest(id: string): Promise<Result<RequestRecord>>;
  getReview(id: string): Promise<Result<Review>>;
  suggestRule(id: string): Promise<Result<RuleSuggestion>>;
  /** Rules for calls the person keeps approving by hand (3 in a week); never applied without the person. */
  repeatSuggestions(): Promise<Result<RepeatSuggestion[]>>;
  decide(id: string, input: DecisionInput): Promise<Result<RequestRecord>>;

  listRules(): Promise<Result<Rule[]>>;
  createRule(input: RuleInput): Promise<Result<Rule>>;
  updateRule(id: string, patch: Partial<RuleInput>): Promise<Result<Rule>>;
  deleteRule(id: string): Promise<Result<null>>;
  whatIf(input: RuleInput): Promise<Result<WhatIfReport>>;
  importClaudeSettings(json: string): Promise<Result<ImportReport>>;
  exportRules(): Promise<Result<{ allow: string[]; ask: string[]; deny: string[] }>>;
  listPresets(): Promise<Result<Preset[]>>;
  /** Adds the preset's rules (source "preset"); rules already present are reported as skipped. */
  applyPreset(name: string): Promise<Result<ImportReport>>;

  listSessionApprovals(): Promise<Result<SessionApproval[]>>;
  revokeSessionApproval(id: string): Promise<Result<null>>;

  /** Each agent at the user's config and, when given, one project folder. */
  listAgents(project: string | null): Promise<Result<AgentOverview[]>>;
  connectAgent(input: AgentConnectInput): Promise<Result<AgentConnectReport>>;

  getSettings(): Promise<Result<CoreSettings>>;
  updateSettings(patch: Partial<CoreSettings>): Promise<Result<CoreSettings>>;
  /** Whether contained commands can run in this Gatehouse (else they are asked), and why not. */
  sandboxStatus(): Promise<Result<SandboxStatus>>;

  queryAudit(filter: AuditFilter): Promise<Result<AuditPage>>;
  getAuditEntry(id: string): Promise<Result<AuditEntry>>;
  auditStats(filter: AuditFilter): Promise<Result<AuditStats>>;
  /** Exports the filtered audit; the host saves or downloads it. Reports progress as rows written. */
  exportAudit(filter: AuditFilter, format: ExportFormat, onProgress?: (rows: number) => void): Promise<Result<{ rows: number }>>;

  /** Previews (default) or applies the undo of one call (History's Undo button); refuses a conflict unless back_to_here. */
  undo(id: string, opts: UndoOptions): Promise<Result<UndoReport>>;
  /** Previews or applies "Undo this session": back to before its first change, one report per workspace. */
  undoSession(sessionId: string, opts: UndoOptions): Promise<Result<UndoReport[]>>;

  /** Subscribes to pushed events; returns the unsubscribe function. */
  subscribe(listener: (event: GatehouseEvent) => void): () => void;
}

/** The verbs of GatehouseApi, as a runtime list (for the preload and IPC validation). */
export const API_VERBS = [
  'listPending', 'getRequest', 'getReview', 'suggestRule', 'repeatSuggestions', 'decide',
  'listRules', 'createRule', 'updateRule', 'deleteRule', 'whatIf', 'importClaudeSettings', 'exportRules',
  'listPresets', 'applyPreset',
  'listSessionApprovals', 'revokeSessionApproval',
  'listAgents', 'connectAgent',
  'getSettings', 'updateSettings', 'sandboxStatus',
  'queryAudit', 'getAuditEntry', 'auditStats',
  'undo', 'undoSession',
] as const satisfies ReadonlyArray<keyof GatehouseApi>;
