// The core facade: store + policy + broker + review wired together. The headless server and the Electron shell both
// start here; nothing in it imports electron or fastify.
import type { Writable } from 'node:stream';
import type { ExportFormat, SandboxStatus } from '../../common/api.js';
import type { AuditFilter, ContainedProfile, CoreSettings, RequestRecord, SandboxRefusal, ToolRequest } from '../../common/domain.js';
import type { ContainmentHost } from './sandbox/host.js';
import { containedArgs } from './sandbox/rewrite.js';
import { containServer, type ContainedServer, type ServerToContain } from './sandbox/contain-server.js';
import { ApproverService } from './broker/approver-service.js';
import { Broker } from './broker/broker.js';
import { CoreEvents } from './broker/events.js';
import { Metrics } from './broker/metrics.js';
import { agentOutcome, type AgentOutcome } from './broker/outcome.js';
import type { SubmitInput } from './broker/submit-input.js';
import { createPolicyPorts } from './broker/policy-ports.js';
import { idleCollection } from './broker/idle-collection.js';
import { AgentConnections } from './broker/agent-connections.js';
import { InputError } from './broker/errors.js';
import { hookCommand } from './agents/hook-command.js';
import { readEndpoint } from './endpoint/endpoint.js';
import { acquireInstanceLock, dbPathIn, exportAudit, openStore, startRetention } from './store/index.js';
import { homeToRecord } from './store/home.js';
import { homedir } from 'node:os';
import { mayWrite, writePattern } from './policy/index.js';
import { createSnapshots, type RanCall, type Snapshots } from './snapshots/index.js';
import { EditNotes } from './review/edit-notes.js';

/** Who holds a home, as endpoint.json says (for the "already running" message). */
function holderOf(home: string): string | null {
  const endpoint = readEndpoint(home);
  return endpoint ? `pid ${endpoint.pid}, ${endpoint.url}` : null;
}

export { ApproverService } from './broker/approver-service.js';
export { ConflictError, ForbiddenError, GatehouseError, InputError, NotFoundError } from './broker/errors.js';
export type { SubmitInput } from './broker/submit-input.js';
export type { AgentOutcome } from './broker/outcome.js';
export type { CoreEvents } from './broker/events.js';

const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

/** How to start a core. */
export interface CoreOptions {
  /** GATEHOUSE_HOME: holds gatehouse.db (and endpoint.json, written by whoever serves HTTP). */
  home: string;
  /** better_sqlite3.node for the running ABI (the Electron app passes its own build). */
  nativeBinding?: string;
  /** Clock, injectable for tests. */
  now?: () => Date;
  /** Where to report problems that have no caller to return them to. */
  logger?: (message: string) => void;
  /** The environment that says where agents keep their configs (default: this process's). */
  agentEnv?: NodeJS.ProcessEnv;
  /** The Node.js binary hook commands run with (default: this process's node; the Electron app finds one). */
  hookNode?: string | null;
  /** The OS sandbox of this process (`serve` starts it): without one, contained answers ask. */
  containment?: ContainmentHost;
}

/** A running core. */
export interface Core {
  readonly home: string;
  /** The person's verbs (GatehouseApi minus subscribe/exportAudit), throwing typed errors. */
  readonly approver: ApproverService;
  /** request_pending, request_decided, rule_changed, mode_changed, settings_changed (payload: the GatehouseEvent). */
  readonly events: CoreEvents;
  readonly metrics: Metrics;
  /** Snapshots around calls that can write, and undo (the approver's verbs: status, undo, undoSession). */
  readonly snapshots: Pick<Snapshots, 'status' | 'undo' | 'undoSession' | 'prune'>;
  /** The agent reported that a call ran (an after-call hook event): its after-snapshot is taken. */
  ran(call: RanCall): Promise<string | null>;
  /** Notes for the model about calls the person edited before approving, waiting for the agent's after-call event. */
  readonly editNotes: EditNotes;
  /** The sandbox refused something to the contained run of request `requestId`: attached to its audit entry. */
  refused(requestId: string, refusal: SandboxRefusal): void;
  /** An MCP server's command line rewritten to run inside the OS sandbox (`mcp-proxy --sandbox`); refuses when it cannot. */
  containServer(server: ServerToContain): Promise<ContainedServer>;
  /** An agent session ended: its calls still open get their after-snapshot (and, with no change, count as not run). */
  sessionEnded(agent: string, sessionId: string, transcript?: string): Promise<void>;
  /**
   * An agent's tool call: evaluated and recorded; with `wait` (seconds), waits that long for a final status. `transcript`:
   * the session transcript its hook event names, where the agent's reason for not running an earlier call may be read.
   */
  submit(input: SubmitInput, opts?: { wait?: number; signal?: AbortSignal; transcript?: string }): Promise<RequestRecord>;
  /** Waits up to `seconds` for a pending request to end; resolves with the record as it then stands. */
  waitFor(id: string, seconds: number, signal?: AbortSignal): Promise<RequestRecord>;
  /** A request as an agent may see it (404 NotFoundError when unknown). */
  getRequest(id: string): RequestRecord;
  /** Ends a pending request as expired (e.g. a hook that cannot wait longer); never approves. */
  expire(id: string, reason: string): void;
  /** Ends a pending request as cancelled (e.g. the agent went away). */
  cancel(id: string, reason: string): void;
  /** What the agent should be told for a record under the current timeout outcome. */
  outcome(record: RequestRecord): AgentOutcome;
  /** Current settings (cached; updated through the approver). */
  settings(): CoreSettings;
  /** Streams the filtered audit to `out` (not ended); resolves with the number of rows written. */
  exportAudit(filter: AuditFilter, format: ExportFormat, out: Writable, onProgress?: (rows: number) => void): Promise<number>;
  /** Shutdown: waiters get "no decision", pending entries end cancelled, the database closes. */
  close(): Promise<void>;
}

/** Opens the store in `home`, loads the shell grammar, marks leftovers of a crash cancelled, and wires the broker. */
export async function createCore(opts: CoreOptions): Promise<Core> {
  const now = opts.now ?? (() => new Date());
  const log = opts.logger ?? ((m: string) => process.stderr.write(`gatehouse: ${m}\n`));
  const ports = await createPolicyPorts({ home: opts.home, now });
  // Before anything touches the home: a second instance must not cancel the first one's pending requests.
  const lock = acquireInstanceLock(opts.home, { ...(opts.nativeBinding ? { nativeBinding: opts.nativeBinding } : {}), holder: () => holderOf(opts.home) });
  let store: ReturnType<typeof openStore>;
  try {
    store = openStore(dbPathIn(opts.home), { checkHealth: true, ...(opts.nativeBinding ? { nativeBinding: opts.nativeBinding } : {}) });
  } catch (err) {
    lock.release();
    throw err;
  }
  const leftovers = store.cancelAllPending('Gatehouse stopped before a decision');
  if (leftovers > 0) log(`${leftovers} request(s) left pending by a previous run were marked cancelled`);

  // Retention runs at start and hourly, in small batches, so a large prune never holds up a request.
  const stopRetention = startRetention(store, RETENTION_INTERVAL_MS, (err) => log(`audit retention failed: ${(err as Error).message}`));
  let settings = store.getSettings();
  const events = new CoreEvents();
  const metrics = new Metrics();
  const broker = new Broker({
    store,
    evaluate: (request) => ports.evaluate(request, store, settings),
    ...(opts.containment ? { contain: (request: ToolRequest, profile: ContainedProfile) => containedArgs(request, profile, opts.containment!) } : {}),
    // A contained delete waits for the snapshot that lets undo restore what it deletes (created below, used per request).
    undoable: (request, args, files) => snapshots.hold(request, args, files),
    suggest: (request) => ports.suggest(request),
    writePattern,
    workspaceProblem: (dir) => ports.workspaceProblem(dir),
    settings: () => settings,
    events,
    metrics,
    now,
  });
  const agents = new AgentConnections(
    {
      home: opts.home,
      env: opts.agentEnv ?? process.env,
      hookCommand: (cli) => {
        if (opts.hookNode === null) throw new InputError('no Node.js 22 found on PATH to run the hook; install it, or run `gatehouse install` in a terminal');
        const home = homeToRecord(opts.home, opts.agentEnv ?? process.env);
        return hookCommand(cli, { ...(opts.hookNode ? { node: opts.hookNode } : {}), ...(home ? { home } : {}) });
      },
    },
    store,
  );
  const snapshots = createSnapshots({
    home: opts.home,
    ...(opts.nativeBinding ? { nativeBinding: opts.nativeBinding } : {}),
    mayWrite: (request) => mayWrite(request, homedir()),
    recordUndo: async (workspace, calls, files) =>
      (await broker.recordAction({ agent: 'gatehouse', tool_name: 'Undo', args: { calls, files }, cwd: workspace }, `undo of ${calls.join(', ')}`)).request.id,
    now,
    log,
  });
  // Snapshot retention, like the audit's: at start and hourly, off the request path.
  const pruneSnapshots = () => {
    if (closed) return;
    const limits = { days: settings.snapshot_retention_days, maxBytes: settings.snapshot_max_mb * 1024 * 1024 };
    snapshots.prune(limits).catch((err: unknown) => log(`snapshot retention failed: ${(err as Error).message}`));
  };
  const snapshotRetention = setInterval(pruneSnapshots, RETENTION_INTERVAL_MS);
  snapshotRetention.unref();
  setImmediate(pruneSnapshots);
  const sandbox = (): SandboxStatus => {
    const state = opts.containment?.status() ?? { ready: false, why: 'this Gatehouse process hosts no sandbox (`gatehouse serve` does)' };
    return state.ready ? { available: true } : { available: false, why: state.why };
  };
  const approver = new ApproverService(broker, store, events, { ...ports, agents, undo: snapshots, sandbox }, now, (next) => {
    settings = next;
  });
  // Young garbage is collected in the pauses between tool calls, not inside the next one (idle-collection.ts).
  const idle = idleCollection();
  let closed = false;

  return {
    home: opts.home,
    approver,
    events,
    metrics,
    snapshots,
    ran: (call) => snapshots.ran(call),
    editNotes: new EditNotes(now),
    refused(requestId, refusal) {
      if (closed) return;
      try {
        store.addRefusals(requestId, [refusal]);
      } catch (err) {
        log(`a sandbox refusal of request ${requestId} could not be recorded: ${(err as Error).message}`);
      }
    },
    containServer: (server) =>
      containServer(server, {
        host: opts.containment,
        rules: () => store.rulesSnapshot(),
        record: (input, reason) => broker.recordAction(input, reason, 'policy'),
        gatehouseHome: opts.home,
        now,
      }),
    sessionEnded: (agent, sessionId, transcript) => snapshots.nextRequest(agent, sessionId, transcript),
    async submit(input, o = {}) {
      // A call of this session that never reported back has run by now: its after-snapshot first.
      await snapshots.nextRequest(input.agent ?? 'http', input.session_id ?? null, o.transcript);
      const record = await broker.submit(input);
      idle.touched();
      const final = o.wait && o.wait > 0 && record.status === 'pending' ? await broker.wait(record.request.id, o.wait, o.signal) : record;
      // The before-snapshot is on disk before the agent hears "allow".
      await snapshots.beforeRun(final);
      return final;
    },
    async waitFor(id, seconds, signal) {
      const record = await broker.wait(id, seconds, signal);
      await snapshots.beforeRun(record);
      return record;
    },
    getRequest: (id) => broker.get(id),
    expire: (id, reason) => broker.expire(id, reason),
    cancel: (id, reason) => broker.cancel(id, reason),
    outcome: (record) => agentOutcome(record, settings.timeout_outcome),
    settings: () => settings,
    exportAudit: (filter, format, out, onProgress) => exportAudit(store, filter, format, out, onProgress),
    async close() {
      if (closed) return;
      closed = true;
      stopRetention();
      clearInterval(snapshotRetention);
      idle.stop();
      broker.close();
      snapshots.close();
      store.close();
      lock.release();
    },
  };
}
