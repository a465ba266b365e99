// The broker: every request gets a verdict and an audit entry at once; those the policy cannot decide wait here for
// a person, a timeout or shutdown. Many agents wait at once; a decision wakes exactly that request's waiters.
import { randomFillSync } from 'node:crypto';
import { monotonicFactory } from 'ulid';
import type { DecisionInput } from '../../../common/api.js';
import type { ContainedProfile, CoreSettings, Decision, DecidedBy, DecisionStatus, Mode, RequestRecord, RuleInput, SessionApproval, ToolRequest, Verdict } from '../../../common/domain.js';
import type { Store } from '../store/types.js';
import { ConflictError, fromStoreError, InputError, NotFoundError, viaStore } from './errors.js';
import type { CoreEvents } from './events.js';
import { GroupCommit } from './group-commit.js';
import type { Metrics } from './metrics.js';
import { agentOutcome, decidedByVerdict } from './outcome.js';
import { argsSize, listed, queueFull } from './queue-bounds.js';
import { buildRequest, type SubmitInput } from './submit-input.js';
import { validateUpdatedArgs } from './updated-args.js';
import { askInstead } from '../sandbox/rewrite.js';
import { handoffReason, McpHandoffs } from './mcp-handoff.js';

/** What the broker needs from the rest of the core (injected so that tests and the facade wire real parts). */
export interface BrokerDeps {
  store: Store;
  /** The policy's verdict for a request (rules, session approvals, mode and workspace gathered by the caller). */
  evaluate(request: ToolRequest): Promise<Verdict>;
  /** The args of a contained allow, rewritten to run in the sandbox; absent or throwing: the call is asked instead. */
  contain?(request: ToolRequest, profile: ContainedProfile): Promise<Record<string, unknown>>;
  /**
   * A contained delete runs only once the snapshot before it holds the files it deletes (Verdict.undoable_deletes):
   * takes that snapshot with the args that will run; null when it holds them all, else why not (the call is asked).
   */
  undoable?(request: ToolRequest, args: Record<string, unknown>, files: string[]): Promise<string | null>;
  /** The narrowest sensible rule pattern for "always", and the workspace files the command writes that come with an Edit rule each. */
  suggest(request: ToolRequest): { pattern: string; writes?: string[]; also?: string[]; general?: { pattern: string; also: string[] } };
  /** The Edit rule pattern for exactly one absolute file. */
  writePattern(file: string): string;
  /** Why a folder cannot be an "always" rule's scope (the home, `/`, a system folder), or null for a project folder. */
  workspaceProblem(dir: string): string | null;
  settings(): CoreSettings;
  events: CoreEvents;
  metrics: Metrics;
  now(): Date;
}

interface Pending {
  /** The request with the agent's original (un-redacted) args: the review and the hook's updatedInput need them. */
  record: RequestRecord;
  waiters: Set<(record: RequestRecord) => void>;
  timer: NodeJS.Timeout | undefined;
  /** Bytes of its args, counted against MAX_PENDING_BYTES while it waits. */
  size: number;
}

// setTimeout cannot wait longer than 2^31-1 ms; a longer timeout is as good as none.
const MAX_TIMER_MS = 2 ** 31 - 1;
// Recently finished requests stay in memory: a waiter that arrives just after the end (or after shutdown closed the
// store) still gets the outcome, and the hook's updatedInput keeps the person's exact args.
const RECENT = 1000;

/** A session grant the person chose, checked against the reviewed call (policy-ports.ts `grantFor`). */
export interface ResolvedGrant {
  kind: SessionApproval['kind'];
  /** The fingerprint of the reviewed call (kind call) or the allow-rule pattern the grant stands for. */
  payload: string;
  /** What the grant covers, in the words the dialog showed. */
  summary: string;
}

/** Holds pending requests and their waiters; records every outcome in the store exactly once. */
export class Broker {
  private readonly pending = new Map<string, Pending>();
  private pendingBytes = 0;
  private readonly recent = new Map<string, RequestRecord>();
  private readonly newId = monotonicFactory(pooledRandom());
  private readonly commits: GroupCommit;
  /** Hook approvals of MCP calls that `gatehouse mcp-proxy`'s request of the same call reuses (one question per call). */
  private readonly handoffs = new McpHandoffs();
  private closed = false;

  constructor(private readonly deps: BrokerDeps) {
    this.commits = new GroupCommit((fn) => deps.store.bulk(fn));
  }

  /** A new request's audit write, committed with the others of this turn; refused once shutdown has begun. */
  private async record<T>(fn: () => T): Promise<T> {
    try {
      return await this.commits.write(() => {
        if (this.closed) throw new ConflictError('Gatehouse is shutting down');
        return fn();
      });
    } catch (err) {
      throw fromStoreError(err);
    }
  }

  /** Evaluates and records a request; decided at once, or pending for a person. Returns the record as it stands. */
  async submit(input: SubmitInput): Promise<RequestRecord> {
    if (this.closed) throw new ConflictError('Gatehouse is shutting down');
    const { store, metrics, events } = this.deps;
    const received = this.deps.now();
    const request = buildRequest(input, this.newId(received.getTime()), received);
    const evaluated = await this.contained(request, await this.safeEvaluate(request));
    if (this.closed) throw new ConflictError('Gatehouse is shutting down');
    // The proxy's request of an MCP call the hook's request just had approved: that approval answers it (mcp-handoff.ts).
    const handoff = evaluated.verdict.decision === 'ask' ? this.handoffs.take(request, received) : null;
    const verdict: Verdict = handoff ? { ...evaluated.verdict, decision: 'allow', reasons: [handoffReason(handoff)] } : evaluated.verdict;
    const { updatedArgs } = evaluated;

    if (verdict.decision !== 'ask') {
      const decided = this.deps.now();
      const decision: Decision = {
        status: verdict.decision === 'allow' ? 'approved' : 'denied',
        decided_by: handoff?.decidedBy ?? decidedByVerdict(verdict, this.deps.settings().mode),
        decided_at: decided.toISOString(),
        latency_ms: decided.getTime() - received.getTime(),
      };
      if (handoff) decision.reason = handoffReason(handoff);
      const rule = verdict.matched_rule;
      if (rule) decision.rule_id = rule;
      // A contained allow: the agent runs the rewritten command (the hook's updatedInput), and the audit shows it.
      if (updatedArgs) decision.updated_args = updatedArgs;
      // Entry, decision and rule hit in one savepoint of this turn's transaction: all on record, or none.
      await this.record(() => {
        store.insertDecided(request, verdict, decision);
        if (rule) store.recordRuleHit(rule, decided);
        // The OS sandbox reports no refused read: the files the command names that its sandbox hides are the record.
        if (updatedArgs && verdict.refused_reads) store.addRefusals(request.id, verdict.refused_reads.map((target) => ({ kind: 'read', target, at: decided.toISOString() })));
      });
      metrics.onSubmitted(false, verdict.risks, verdict.hard_deny === true);
      const record = { request, status: decision.status, verdict, decision };
      this.afterDecision(record);
      return record;
    }

    const size = argsSize(request.args);
    const full = queueFull({ count: this.pending.size, bytes: this.pendingBytes }, size);
    if (full !== null) return this.refuseToHold(request, verdict, received, full);
    const record: RequestRecord = { request, status: 'pending', verdict };
    const entry: Pending = { record, waiters: new Set(), timer: undefined, size };
    this.pendingBytes += size;
    // Registered in the same step as the write: a shutdown that commits it also finds it and cancels it.
    await this.record(() => {
      store.insertRequest(request, verdict);
      this.pending.set(request.id, entry);
    });
    metrics.onSubmitted(true, verdict.risks, false);
    if (!this.pending.has(request.id)) return this.get(request.id); // ended by a shutdown meanwhile
    const timeout = this.deps.settings().timeout_seconds;
    if (timeout > 0) {
      const ms = Math.min(timeout * 1000, MAX_TIMER_MS);
      record.expires_at = new Date(received.getTime() + ms).toISOString();
      entry.timer = setTimeout(() => this.expire(request.id), ms);
      entry.timer.unref();
    }
    events.publish({ type: 'request_pending', record: listed(record) });
    return record;
  }

  /**
   * Something done outside a tool call — an undo by the person (`user`), an MCP server started in the sandbox
   * (`policy`) — on record at once, approved, with `reason`.
   */
  async recordAction(input: SubmitInput, reason: string, by: Extract<DecidedBy, 'user' | 'policy'> = 'user'): Promise<RequestRecord> {
    const now = this.deps.now();
    const request = buildRequest(input, this.newId(now.getTime()), now);
    const verdict: Verdict = { decision: 'allow', reasons: [reason], risks: [] };
    const decision: Decision = { status: 'approved', decided_by: by, decided_at: now.toISOString(), reason, latency_ms: 0 };
    await this.record(() => this.deps.store.insertDecided(request, verdict, decision));
    const record = { request, status: decision.status, verdict, decision };
    this.afterDecision(record);
    return record;
  }

  /** A request that does not fit in the queue: on record at once as cancelled, so the agent gets no decision. */
  private async refuseToHold(request: ToolRequest, verdict: Verdict, received: Date, why: string): Promise<RequestRecord> {
    const decided = this.deps.now();
    const decision: Decision = {
      status: 'cancelled',
      decided_by: 'policy',
      decided_at: decided.toISOString(),
      reason: `Gatehouse's queue is full (${why}): decide or deny what waits first`,
      latency_ms: decided.getTime() - received.getTime(),
    };
    await this.record(() => this.deps.store.insertDecided(request, verdict, decision));
    this.deps.metrics.onSubmitted(false, verdict.risks, false);
    const record = { request, status: 'cancelled' as const, verdict, decision };
    this.afterDecision(record);
    return record;
  }

  /**
   * Waits up to `seconds` for a final status; resolves with the record as it then stands (still pending when no
   * one decided in time). An aborted signal stops the wait the same way.
   */
  wait(id: string, seconds: number, signal?: AbortSignal): Promise<RequestRecord> {
    const entry = this.pending.get(id);
    if (!entry || seconds <= 0 || signal?.aborted) return Promise.resolve(this.get(id));
    return new Promise((resolve) => {
      const done = (record: RequestRecord) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        entry.waiters.delete(done);
        resolve(record);
      };
      const onAbort = () => done(entry.record);
      const timer = setTimeout(() => done(entry.record), Math.min(seconds * 1000, MAX_TIMER_MS));
      signal?.addEventListener('abort', onAbort, { once: true });
      entry.waiters.add(done);
    });
  }

  /** The record for an id: pending and recent ones from memory (original args), older ones from the store (redacted). */
  get(id: string): RequestRecord {
    const entry = this.pending.get(id);
    if (entry) return entry.record;
    const recent = this.recent.get(id);
    if (recent) return recent;
    const record = viaStore(() => this.deps.store.getRecord(id));
    if (!record) throw new NotFoundError(`no request with id ${id}`);
    return record;
  }

  /** Pending requests, oldest first, long argument strings cut (queue-bounds.ts): a flood must not break the listing. */
  listPending(): RequestRecord[] {
    return [...this.pending.values()].map((p) => listed(p.record));
  }

  /** The person's decision: validates everything first, then creates the rule / session grant and records it. */
  decide(id: string, input: DecisionInput, grant?: ResolvedGrant): RequestRecord {
    const entry = this.requirePending(id);
    const { request } = entry.record;
    if (typeof input.approved !== 'boolean') throw new InputError('approved must be true or false');
    const scope = input.scope ?? 'once';
    if (scope !== 'once' && scope !== 'session' && scope !== 'always') throw new InputError('scope must be once, session or always');
    if (input.updated_args !== undefined && !input.approved) throw new InputError('updated_args only go with an approval');
    const updatedArgs =
      input.updated_args === undefined ? undefined : validateUpdatedArgs(request.agent, request.tool_name, request.args, input.updated_args);
    if (scope === 'session' && !input.approved) throw new InputError('scope "session" only applies to approvals');
    if (scope === 'session' && !request.session_id) throw new InputError('scope "session" needs a request that carries a session_id');
    if (scope === 'session' && !grant) throw new InputError('scope "session" needs the grant the person chose');
    if (scope !== 'session' && input.grant !== undefined) throw new InputError('grant only goes with scope "session"');
    const ruleInput = scope === 'always' ? this.alwaysRule(request, input) : undefined;
    const writeRules = ruleInput && input.approved ? this.writeRules(request, ruleInput) : [];

    const now = this.deps.now();
    const decision: Decision = {
      status: input.approved ? 'approved' : 'denied',
      decided_by: 'user',
      decided_at: now.toISOString(),
      scope,
      latency_ms: now.getTime() - Date.parse(request.received_at),
    };
    if (input.reason) decision.reason = input.reason;
    if (updatedArgs) decision.updated_args = updatedArgs;
    if (ruleInput) {
      decision.created_rule = viaStore(() => this.deps.store.createRule(ruleInput));
      for (const w of writeRules) viaStore(() => this.deps.store.createRule(w));
      this.deps.events.publish({ type: 'rule_changed' });
    }
    if (scope === 'session' && request.session_id && grant) {
      const ttl = this.deps.settings().session_ttl_seconds;
      decision.grant = grant.summary;
      viaStore(() =>
        this.deps.store.addSessionApproval({
          agent: request.agent,
          session_id: request.session_id as string,
          kind: grant.kind,
          payload: grant.payload,
          tool_name: request.tool_name,
          summary: grant.summary,
          expires_at: ttl > 0 ? new Date(now.getTime() + ttl * 1000).toISOString() : null,
        }),
      );
    }
    return this.finish(entry, decision);
  }

  /**
   * After the person approved "for this session" or "always": the other waiting requests that this very grant or rule
   * now decides are decided as if they had arrived now (issue 23: a grant that leaves its twins waiting is a prompt
   * per twin). Threat: nothing else moves — a request still asked for another reason (an ask rule, the tamper guard,
   * another session) keeps waiting, and each released one's record names the grant that decided it.
   */
  async releaseCovered(decided: RequestRecord): Promise<string[]> {
    const d = decided.decision;
    if (!d || d.decided_by !== 'user' || (d.scope !== 'session' && d.scope !== 'always')) return [];
    const by = decided.request;
    const ruleId = d.created_rule?.id;
    const released: string[] = [];
    for (const entry of [...this.pending.values()]) {
      const { request } = entry.record;
      if (d.scope === 'session' && (request.agent !== by.agent || request.session_id !== by.session_id)) continue;
      const { verdict, updatedArgs } = await this.contained(request, await this.safeEvaluate(request));
      const covered = d.scope === 'session' ? verdict.session_approved === true : ruleId !== undefined && verdict.matched_rule === ruleId;
      if (verdict.decision === 'ask' || !covered || this.pending.get(request.id) !== entry) continue;
      const now = this.deps.now();
      const decision: Decision = {
        status: verdict.decision === 'allow' ? 'approved' : 'denied',
        decided_by: decidedByVerdict(verdict, this.deps.settings().mode),
        decided_at: now.toISOString(),
        reason: `decided by the ${d.scope === 'session' ? `session grant (${d.grant ?? 'this call'})` : `rule ${d.created_rule?.pattern ?? ''}`} you gave on request ${by.id}`,
        latency_ms: now.getTime() - Date.parse(request.received_at),
      };
      if (verdict.matched_rule) {
        decision.rule_id = verdict.matched_rule;
        viaStore(() => this.deps.store.recordRuleHit(verdict.matched_rule as string, now));
      }
      if (updatedArgs) decision.updated_args = updatedArgs;
      this.finish(entry, decision);
      released.push(request.id);
    }
    return released;
  }

  /** Ends a pending request as cancelled because its agent stopped waiting; a no-op when it is no longer pending. */
  cancel(id: string, reason: string): void {
    const entry = this.pending.get(id);
    if (entry) this.end(entry, 'cancelled', 'agent', reason);
  }

  /** Ends a pending request whose time ran out. Threat: a timeout never approves. */
  expire(id: string, reason?: string): void {
    const entry = this.pending.get(id);
    if (!entry) return;
    const seconds = this.deps.settings().timeout_seconds;
    this.end(entry, 'expired', 'timeout', reason ?? `no decision within ${seconds} s`);
  }

  /** Shutdown: refuses new requests; every waiter gets "no decision" and every pending entry ends cancelled. */
  close(): void {
    // Writes queued this turn commit first (they were accepted), then everything still pending ends cancelled.
    this.commits.flush();
    this.closed = true;
    for (const entry of [...this.pending.values()]) this.end(entry, 'cancelled', 'shutdown', 'Gatehouse shut down before a decision');
  }

  private end(entry: Pending, status: Extract<DecisionStatus, 'expired' | 'cancelled'>, by: 'timeout' | 'shutdown' | 'agent', reason: string): void {
    const now = this.deps.now();
    this.finish(entry, {
      status,
      decided_by: by,
      decided_at: now.toISOString(),
      reason,
      latency_ms: now.getTime() - Date.parse(entry.record.request.received_at),
    });
  }

  private finish(entry: Pending, decision: Decision): RequestRecord {
    const { request, verdict } = entry.record;
    viaStore(() => this.deps.store.recordDecision(request.id, decision));
    clearTimeout(entry.timer);
    this.pending.delete(request.id);
    this.pendingBytes -= entry.size;
    const record = { request, status: decision.status, verdict, decision };
    for (const wake of [...entry.waiters]) wake(record);
    this.afterDecision(record);
    return record;
  }

  private afterDecision(record: RequestRecord & { decision: Decision }): void {
    this.handoffs.remember(record);
    // Kept and sent with long strings cut: a thousand huge finished requests must not fill memory or the event stream.
    const kept = listed(record);
    this.recent.set(record.request.id, kept);
    if (this.recent.size > RECENT) this.recent.delete(this.recent.keys().next().value as string);
    const refused = agentOutcome(record, this.deps.settings().timeout_outcome) === 'deny';
    this.deps.metrics.onDecided(record.decision.status, record.decision.latency_ms, refused);
    this.deps.events.publish({ type: 'request_decided', record: kept });
  }

  private requirePending(id: string): Pending {
    const entry = this.pending.get(id);
    if (entry) return entry;
    const record = this.get(id);
    throw new ConflictError(`request ${id} is no longer pending (${record.status})`);
  }

  /**
   * The rule an "always" decision creates: the person's own, or the suggested narrowest pattern for this workspace.
   * Threat: the agent names its cwd; as the rule's scope, `/` or the home would make the rule hold (nearly) everywhere.
   */
  private alwaysRule(request: ToolRequest, input: DecisionInput): RuleInput {
    const action = input.approved ? 'allow' : 'deny';
    if (input.rule && input.rule.action !== action) throw new InputError(`an ${input.approved ? 'approval' : 'denial'} with scope "always" creates an ${action} rule, not ${input.rule.action}`);
    const rule: RuleInput = input.rule ? { ...input.rule, source: input.rule.source ?? 'user' } : { action, pattern: this.deps.suggest(request).pattern, scope: request.cwd, source: 'user' };
    if (!input.rule && request.cwd === null) throw new InputError('the request names no working directory: send the "always" rule with the scope you choose');
    const problem = typeof rule.scope === 'string' ? this.deps.workspaceProblem(rule.scope) : null;
    if (problem !== null) throw new InputError(`an "always" rule cannot be limited to ${rule.scope ?? ''}: it ${problem}; choose a project folder, or no scope if you mean everywhere`);
    return rule;
  }

  /**
   * With an "always" approval of a suggested rule, the rules for the other commands of the line (`pytest | tee out.txt`)
   * and, for a command that writes workspace files (`npm test > log.txt`), an Edit rule for exactly each of them (the
   * dialog lists them), in the rule's scope: without them the command's own rule could never allow it.
   */
  private writeRules(request: ToolRequest, rule: RuleInput): RuleInput[] {
    const s = this.deps.suggest(request);
    const also = rule.pattern === s.pattern ? s.also ?? [] : rule.pattern === s.general?.pattern ? s.general.also : [];
    const writes = s.writes ?? [];
    const command = String(request.args['command'] ?? request.tool_name).slice(0, 200);
    const with_ = (pattern: string, note: string): RuleInput => ({ action: 'allow', pattern, scope: rule.scope ?? null, agent: rule.agent ?? null, note, source: 'user' });
    return [
      ...also.map((p) => with_(p, `another part of \`${command}\`; created with the rule ${rule.pattern}`)),
      ...writes.map((file) => with_(this.deps.writePattern(file), `a file \`${command}\` writes; created with the rule ${rule.pattern}`)),
    ];
  }

  /** A contained allow with its rewritten args, or, where the sandbox cannot run it, the same call asked. */
  private async contained(request: ToolRequest, verdict: Verdict): Promise<{ verdict: Verdict; updatedArgs?: Record<string, unknown> }> {
    if (verdict.decision !== 'allow' || verdict.contained === undefined) return { verdict };
    if (!this.deps.contain) return { verdict: askInstead(verdict, 'no sandbox runs in this Gatehouse process') };
    let updatedArgs: Record<string, unknown>;
    try {
      updatedArgs = await this.deps.contain(request, verdict.contained);
    } catch (err) {
      return { verdict: askInstead(verdict, (err as Error).message) };
    }
    if (verdict.undoable_deletes === undefined) return { verdict, updatedArgs };
    const notHeld = this.deps.undoable
      ? await this.deps.undoable(request, updatedArgs, verdict.undoable_deletes).catch((err: unknown) => (err as Error).message)
      : 'no snapshots are taken in this Gatehouse process';
    return notHeld === null ? { verdict, updatedArgs } : { verdict: notUndoable(verdict, notHeld, this.deps.settings().mode) };
  }

  /** Threat: a policy failure must never turn into an allow; it becomes a question for the person. */
  private async safeEvaluate(request: ToolRequest): Promise<Verdict> {
    try {
      return await this.deps.evaluate(request);
    } catch (err) {
      return { decision: 'ask', reasons: [`built-in: the policy could not evaluate this request (${(err as Error).message})`], risks: [] };
    }
  }
}

/** A contained delete whose files the snapshot before it does not hold: asked, as any other delete is. */
function notUndoable(verdict: Verdict, why: string, mode: Mode): Verdict {
  const { contained: _profile, undoable_deletes: _files, ...rest } = verdict;
  const reasons = [...verdict.reasons, `built-in: undo could not be made sure of before the delete (${why}), so Gatehouse asks`];
  if (mode === 'strict') return { ...rest, decision: 'deny', reasons: [...reasons, 'strict mode: requests that would need your approval are denied'] };
  return { ...rest, decision: 'ask', reasons };
}

/** Crypto-random numbers in [0,1) from a refilled pool: ulid draws one byte at a time, a syscall per byte is slow. */
function pooledRandom(): () => number {
  const pool = Buffer.alloc(4096);
  let next = pool.length;
  return () => {
    if (next >= pool.length) {
      randomFillSync(pool);
      next = 0;
    }
    return (pool[next++] as number) / 256;
  };
}

