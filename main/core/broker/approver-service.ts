// The person's side of the core: every GatehouseApi verb (except subscribe/exportAudit) as a plain async method
// that throws typed errors. The HTTP routes map them to status codes; the Electron IPC maps them to {ok:false,error}.
// Free of electron and fastify, so both hosts can use it.
import type { AgentConnectInput, AgentConnectReport, AgentOverview, DecisionInput, ImportReport, Preset, RepeatSuggestion, Review, RuleSuggestion, SandboxStatus, WhatIfReport, AuditStats } from '../../../common/api.js';
import type {
  AuditEntry,
  AuditFilter,
  AuditPage,
  CoreSettings,
  RequestRecord,
  Rule,
  RuleInput,
  SessionApproval,
  ToolRequest,
} from '../../../common/domain.js';
import { describeArgs } from '../../../common/summary.js';
import { findPreset, PRESETS } from '../presets.js';
import type { Store } from '../store/types.js';
import type { GrantInput } from '../../../common/grants.js';
import type { Broker, ResolvedGrant } from './broker.js';
import { InputError, NotFoundError, viaStore } from './errors.js';
import type { CoreEvents } from './events.js';
import { applyPresetTo } from './apply-preset.js';
import { addRules, blanketAllow, exportPermissionLists, forAgent, parseClaudePermissions, type PermissionLists } from './rule-bundles.js';
import { entryRequest, whatIf, type WhatIfDeps } from './what-if.js';
import { repeatedApprovals, type ProposedRow } from '../policy/index.js';

// Suggest a rule after this many approvals by hand within this window, looking at this many approved calls at most.
const REPEAT_MIN = 3;
const REPEAT_WINDOW_MS = 7 * 24 * 3600 * 1000;
const REPEAT_SCAN = 2000;
import type { AgentConnections } from './agent-connections.js';
import type { Snapshots } from '../snapshots/index.js';
import type { UndoOptions, UndoReport } from '../../../common/undo.js';

/** What the service needs from the policy and review layers (wired by createCore). */
export interface ApproverPorts {
  review(request: ToolRequest): Promise<Review>;
  suggest(request: ToolRequest): RuleSuggestion;
  /** Why a folder cannot be a workspace (a suggested rule's scope), or null for a project folder. */
  workspaceProblem(dir: string): string | null;
  /** The suggestion without its rules over volatile words when they would not allow the request after all. */
  withoutUncovered(request: ToolRequest, suggestion: RuleSuggestion): Promise<RuleSuggestion>;
  /** Throws with a one-line reason when a rule pattern is malformed. */
  validatePattern(pattern: string): void;
  /** The session grant the person chose for a request (default: this exact call); InputError when it does not fit or cover it. */
  grantFor(request: ToolRequest, input: GrantInput | undefined): Promise<ResolvedGrant>;
  whatIf: Omit<WhatIfDeps, 'store'>;
  /** The Agents view: hooks per agent, installing and removing them. */
  agents: Pick<AgentConnections, 'list' | 'connect'>;
  /** Each call's undo state, and undoing calls or sessions (History's Undo button). */
  undo: Pick<Snapshots, 'status' | 'undo' | 'undoSession'>;
  /** Whether contained commands can run in this process. */
  sandbox(): SandboxStatus;
}

/** Implements the approver verbs over the broker and the store. */
export class ApproverService {
  constructor(
    private readonly broker: Broker,
    private readonly store: Store,
    private readonly events: CoreEvents,
    private readonly ports: ApproverPorts,
    private readonly now: () => Date,
    private readonly onSettings: (settings: CoreSettings) => void,
  ) {}

  /** Pending requests, oldest first, with the agent's original args. */
  async listPending(): Promise<RequestRecord[]> {
    return this.broker.listPending();
  }

  /** One request by id (pending: original args; decided: as stored, redacted). */
  async getRequest(id: string): Promise<RequestRecord> {
    return this.broker.get(id);
  }

  /** Review material: the file diff, the command's parts, or the exact args (with a masked copy for the screen). */
  async getReview(id: string): Promise<Review> {
    return this.ports.review(this.broker.get(id).request);
  }

  /** The narrowest sensible "always" rule for a request. */
  async suggestRule(id: string): Promise<RuleSuggestion> {
    const { request } = this.broker.get(id);
    return this.ports.withoutUncovered(request, this.ports.suggest(request));
  }

  /**
   * Rules for the kind of call the person approved by hand at least 3 times in the last 7 days (the rule "always" would
   * propose for it, over its volatile words when that still allows it), that are no rule yet.
   */
  async repeatSuggestions(): Promise<RepeatSuggestion[]> {
    const rows: ProposedRow[] = [];
    let cursor: string | undefined;
    while (rows.length < REPEAT_SCAN) {
      const page = viaStore(() => this.store.queryAudit(cursor === undefined ? { limit: 500, status: 'approved' } : { limit: 500, status: 'approved', cursor }));
      for (const entry of page.entries) {
        if (entry.decided_by !== 'user') continue;
        const request = entryRequest(entry);
        const s = await this.ports.withoutUncovered(request, this.ports.suggest(request));
        rows.push({ entry, pattern: s.general?.also.length === 0 ? s.general.pattern : (s.also?.length ?? 0) === 0 && s.writes === undefined ? s.pattern : null });
      }
      if (!page.next_cursor || page.entries.length === 0 || Date.parse(page.entries.at(-1)!.received_at) < this.now().getTime() - REPEAT_WINDOW_MS) break;
      cursor = page.next_cursor;
    }
    const known = new Set(viaStore(() => this.store.listRules()).map((r) => r.pattern));
    return repeatedApprovals(rows, { now: this.now(), windowMs: REPEAT_WINDOW_MS, min: REPEAT_MIN, known }).map((r) => ({
      pattern: r.pattern,
      count: r.count,
      examples: r.examples,
      scope: r.cwd !== null && this.ports.workspaceProblem(r.cwd) === null ? r.cwd : null,
    }));
  }

  /** The person's decision on a pending request (404 unknown, 409 no longer pending, 400 bad input). */
  async decide(id: string, input: DecisionInput): Promise<RequestRecord> {
    // The grant is built from the call the person reviewed and checked to cover it before the decision is taken.
    const grant = input.scope === 'session' && input.approved === true ? await this.ports.grantFor(this.broker.get(id).request, input.grant) : undefined;
    const record = this.broker.decide(id, input, grant);
    const released = await this.broker.releaseCovered(record);
    return released.length ? { ...record, released } : record;
  }

  /** Every rule, oldest first. */
  async listRules(): Promise<Rule[]> {
    return viaStore(() => this.store.listRules());
  }

  /** Creates a rule (the store checks its pattern with the policy's parser). */
  async createRule(input: RuleInput): Promise<Rule> {
    return this.ruleChanged(viaStore(() => this.store.createRule({ ...input, source: input.source ?? 'user' })));
  }

  /** Edits a rule. */
  async updateRule(id: string, patch: Partial<RuleInput>): Promise<Rule> {
    return this.ruleChanged(viaStore(() => this.store.updateRule(id, patch)));
  }

  /** Deletes a rule. */
  async deleteRule(id: string): Promise<null> {
    viaStore(() => this.store.deleteRule(id));
    this.events.publish({ type: 'rule_changed' });
    return null;
  }

  /** How a rule would have decided past requests, with warnings, before it is saved. */
  async whatIf(input: RuleInput): Promise<WhatIfReport> {
    this.checkPattern(input.pattern);
    const at = this.now().toISOString();
    const rule: Rule = {
      id: 'what-if',
      action: input.action,
      pattern: input.pattern.trim(),
      scope: input.scope ?? null,
      enabled: true,
      expires_at: null,
      uses_left: null,
      note: null,
      created_at: at,
      last_used_at: null,
      hit_count: 0,
      source: input.source ?? 'user',
    };
    const report = await whatIf(rule, { store: this.store, ...this.ports.whatIf });
    // The requests waiting now that the rule would decide too: an "always" releases them (the person sees which).
    for (const { request } of this.broker.listPending()) {
      if (await this.ports.whatIf.matches(rule, request)) report.waiting.push({ id: request.id, summary: describeArgs(request.tool_name, request.args) ?? request.tool_name });
    }
    return report;
  }

  /**
   * Imports a Claude Code settings file's permissions as rules (source "import"), its allows for Claude Code only;
   * malformed entries are skipped, and so is a blanket allow: the rule editor adds one only with its what-if confirmed.
   */
  async importClaudeSettings(json: string): Promise<ImportReport> {
    if (typeof json !== 'string') throw new InputError('json must be the settings file text');
    const { entries, skipped } = parseClaudePermissions(json);
    const scoped = forAgent(entries, 'claude-code');
    const blanket = scoped.filter((e) => blanketAllow(e) !== null);
    const report = addRules(this.store, scoped.filter((e) => !blanket.includes(e)), 'import');
    report.skipped.unshift(...skipped, ...blanket.map((e) => ({ entry: e.pattern, why: `${blanketAllow(e)}: add it in the rule editor, which shows what it would allow` })));
    if (report.imported.length > 0) this.events.publish({ type: 'rule_changed' });
    return report;
  }

  /** The live rules as Claude Code's `{allow, ask, deny}` lists. */
  async exportRules(): Promise<PermissionLists> {
    return exportPermissionLists(viaStore(() => this.store.listRules()), this.now());
  }

  /** The rule presets on offer. */
  async listPresets(): Promise<Preset[]> {
    return [...PRESETS];
  }

  /** Adds a preset's rules (source "preset"; rules already present are skipped) and turns on the settings it names. */
  async applyPreset(name: string): Promise<ImportReport> {
    const preset = findPreset(name);
    if (!preset) throw new NotFoundError(`no preset named ${name}; known: ${PRESETS.map((p) => p.name).join(', ')}`);
    const before = viaStore(() => this.store.getSettings());
    const { report, settings } = viaStore(() => applyPresetTo(this.store, preset));
    if (report.imported.length > 0) this.events.publish({ type: 'rule_changed' });
    if (settings !== null) this.settingsChanged(before, settings);
    return report;
  }

  /** Live session approvals. */
  async listSessionApprovals(): Promise<SessionApproval[]> {
    return viaStore(() => this.store.listSessionApprovals(this.now()));
  }

  /** Ends a session approval now. */
  async revokeSessionApproval(id: string): Promise<null> {
    viaStore(() => this.store.revokeSessionApproval(id));
    return null;
  }

  /** Current settings. */
  /** Each agent's hook at the user's config and, when given, one project; and its last call. */
  async listAgents(project: string | null): Promise<AgentOverview[]> {
    return this.ports.agents.list(project);
  }

  /** Installs or removes one agent's hook (dry: only the diff). 404 unknown agent, 400 bad folder, 409 config it cannot edit. */
  async connectAgent(input: AgentConnectInput): Promise<AgentConnectReport> {
    return this.ports.agents.connect(input);
  }

  async getSettings(): Promise<CoreSettings> {
    return viaStore(() => this.store.getSettings());
  }

  /** Whether contained commands run in this process's sandbox, or why they are asked instead. */
  async sandboxStatus(): Promise<SandboxStatus> {
    return this.ports.sandbox();
  }

  /** Changes settings; announces the mode separately because the tray and banners follow it. */
  async updateSettings(patch: Partial<CoreSettings>): Promise<CoreSettings> {
    const before = viaStore(() => this.store.getSettings());
    const after = viaStore(() => this.store.updateSettings(patch));
    this.settingsChanged(before, after);
    return after;
  }

  /** Tells the process and the UIs that the settings changed (and the mode, when it did). */
  private settingsChanged(before: CoreSettings, after: CoreSettings): void {
    this.onSettings(after);
    this.events.publish({ type: 'settings_changed', settings: after });
    if (after.mode !== before.mode) this.events.publish({ type: 'mode_changed', mode: after.mode });
  }

  /** One page of the audit, newest first, each entry with its undo state. */
  async queryAudit(filter: AuditFilter): Promise<AuditPage> {
    const page = viaStore(() => this.store.queryAudit(filter));
    return { ...page, entries: page.entries.map((e) => this.withUndo(e)) };
  }

  /** One audit entry, with its undo state. */
  async getAuditEntry(id: string): Promise<AuditEntry> {
    const entry = viaStore(() => this.store.getAuditEntry(id));
    if (!entry) throw new NotFoundError(`no audit entry with id ${id}`);
    return this.withUndo(entry);
  }

  /** Previews (default) or applies the undo of one call; with back_to_here, of it and every later call in its workspace. */
  async undo(id: string, opts: UndoOptions): Promise<UndoReport> {
    return this.ports.undo.undo(id, opts);
  }

  /** Previews or applies the undo of a whole session, one report per workspace it changed. */
  async undoSession(sessionId: string, opts: UndoOptions): Promise<UndoReport[]> {
    return this.ports.undo.undoSession(sessionId, opts);
  }

  /** Dashboard counts over the filtered audit. */
  async auditStats(filter: AuditFilter): Promise<AuditStats> {
    return viaStore(() => this.store.auditStats(filter));
  }

  // Each entry with its undo and whether the agent ran it ("approved by you — not run: …"), from the snapshot journal.
  private withUndo(entry: AuditEntry): AuditEntry {
    const undo = this.ports.undo.status(entry.id);
    return undo ? { ...entry, undo } : entry;
  }

  private checkPattern(pattern: unknown): void {
    if (typeof pattern !== 'string') throw new InputError('pattern must be a string such as Bash(git status)');
    try {
      this.ports.validatePattern(pattern);
    } catch (err) {
      throw new InputError((err as Error).message);
    }
  }

  private ruleChanged(rule: Rule): Rule {
    this.events.publish({ type: 'rule_changed' });
    return rule;
  }
}
