// Taking the snapshots: before an approved call that can write runs (the agent gets its answer only after), and
// after it ran (the agent's after-call event, or failing that the session's next request, or an undo). A snapshot
// failure never holds up the call: the journal says "no undo" and why.
import { lstatSync, realpathSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import type { RequestRecord, ToolRequest } from '../../../common/domain.js';
import type { UndoStatus } from '../../../common/undo.js';
import { fileTargets, toolFamily } from '../policy/request/tools.js';
import { canonicalJson } from '../store/canonical.js';
import type { CallSnapshot, Journal } from './journal.js';
import type { KeyedQueue } from './queue.js';
import { REPORTING_AGENTS } from '../agents/reporting.js';
import { NO_SIGN, refusalIn } from './ran.js';
import { shadowPaths, snapshot } from './shadow.js';
import { entriesAt } from './trees.js';
import { readTranscript, refusalInTranscript } from './transcript.js';
import { workspaceRoot } from './workspace.js';

// A regular file as a tree records it (plain or executable): what a delete can be undone back to.
const FILE_MODES = new Set(['100644', '100755']);

/** Whether anything is at a path, a dangling link included (existsSync follows links and would miss one). */
function present(p: string): boolean {
  try {
    lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

/** What the recorder needs. */
export interface RecorderDeps {
  home: string;
  journal: Journal;
  queue: KeyedQueue;
  /** Whether a call can write (policy/request/may-write.ts). */
  mayWrite(request: ToolRequest): Promise<boolean>;
  now(): Date;
  log(message: string): void;
}

/** An after-call event as the agent reported it, in Gatehouse's vocabulary. */
export interface RanCall {
  agent: string;
  session_id: string | null;
  tool_name: string;
  args: Record<string, unknown>;
  /** What the agent says the call returned (tool_response), read for its own refusals. */
  response?: unknown;
}

/** Files a file tool writes, as absolute paths (added to the snapshot even when ignored). */
function writtenFiles(toolName: string, args: Record<string, unknown>, cwd: string | null): string[] {
  if (toolFamily(toolName) !== 'write') return [];
  const t = fileTargets({ id: '', received_at: '', agent: '', session_id: null, cwd, tool_name: toolName, args, payload: '' });
  return t.paths.map((p) => (isAbsolute(p) ? p : cwd ? resolve(cwd, p) : p)).filter(isAbsolute);
}

/** Records snapshots around calls. */
export class SnapshotRecorder {
  private readonly taking = new Map<string, Promise<void>>();

  constructor(private readonly deps: RecorderDeps) {}

  /** Before an approved call runs: once per request, whoever waits on it. Never throws. */
  beforeRun(record: RequestRecord): Promise<void> {
    if (record.status !== 'approved') return Promise.resolve();
    const args = record.decision?.updated_args ?? record.request.args;
    // A contained allow runs the agent's own command wrapped in the sandbox: whether it writes is that command's to say.
    const contained = record.verdict.decision === 'allow' && record.verdict.contained !== undefined;
    return this.before(record.request, args, contained ? record.request.args : args);
  }

  /**
   * Before a contained delete is allowed (Verdict.undoable_deletes): takes the call's before-snapshot now, with the args
   * that will run, and says whether it holds each of `files` as a file (null) or why not.
   */
  async hold(request: ToolRequest, args: Record<string, unknown>, files: readonly string[]): Promise<string | null> {
    await this.before(request, args, request.args);
    const row = this.deps.journal.get(request.id);
    if (!row?.before_tree) return row?.why ?? 'no snapshot was taken before the call';
    const root = realpathSync(row.workspace);
    const rels = files.map((f) => relative(root, f));
    const outside = rels.find((r) => r === '' || r.startsWith('..') || isAbsolute(r));
    if (outside !== undefined) return `${outside || root} is not a file of the snapshot's workspace`;
    const held = await entriesAt(shadowPaths(this.deps.home, row.workspace), row.before_tree, rels);
    // Not in the snapshot and not on disk after it was taken: there is nothing to lose (`rm -f gone.txt`).
    const missing = rels.find((r) => (held.has(r) ? !FILE_MODES.has(held.get(r)!.mode) : present(join(root, r))));
    return missing === undefined ? null : `the snapshot before it does not hold ${missing}`;
  }

  /**
   * The before-snapshot of one request: once, whoever asks first (the delete check or the approved call). `args` run;
   * `inner` says whether they may write (the same args, or the command a sandbox rewrite wraps). Never throws.
   */
  private before(request: ToolRequest, args: Record<string, unknown>, inner: Record<string, unknown>): Promise<void> {
    const id = request.id;
    let p = this.taking.get(id);
    if (!p) {
      p = this.takeBefore(request, args, inner).catch((err: unknown) => this.deps.log(`snapshot before ${id} failed: ${(err as Error).message}`));
      this.taking.set(id, p);
      void p.then(() => setTimeout(() => this.taking.delete(id), 60_000).unref());
    }
    return p;
  }

  private async takeBefore(request: ToolRequest, args: Record<string, unknown>, inner: Record<string, unknown>): Promise<void> {
    const { journal } = this.deps;
    if (journal.get(request.id)) return;
    if (!(await this.deps.mayWrite({ ...request, args: inner }))) return;
    const ws = workspaceRoot(request.cwd, this.deps.home);
    const row: CallSnapshot = {
      request_id: request.id,
      workspace: 'root' in ws ? ws.root : (request.cwd ?? ''),
      agent: request.agent,
      session_id: request.session_id,
      tool_name: request.tool_name,
      args_json: canonicalJson(args),
      before_tree: null,
      after_tree: null,
      state: 'open',
      why: null,
      taken_at: this.deps.now().toISOString(),
      ran: null,
      ran_note: null,
    };
    if ('refused' in ws) return journal.insert({ ...row, state: 'failed', why: ws.refused });
    const root = ws.root;
    try {
      row.before_tree = await this.snapshotNow(root, writtenFiles(request.tool_name, args, request.cwd));
      journal.insert(row);
    } catch (err) {
      journal.insert({ ...row, state: 'failed', why: `the snapshot before the call failed: ${(err as Error).message}` });
    }
  }

  /** The agent says a call ran: its after-snapshot is taken now. Returns the request id it matched, or null. */
  async ran(call: RanCall): Promise<string | null> {
    const open = this.deps.journal.open({ agent: call.agent, session_id: call.session_id }).filter((r) => r.tool_name === call.tool_name);
    const args = canonicalJson(call.args);
    const match = open.find((r) => r.args_json === args) ?? open[0];
    if (!match) return null;
    const refused = refusalIn(call.response);
    this.deps.journal.setRan(match.request_id, refused === null ? 'ran' : 'not-run', refused);
    this.commit(match.request_id, await this.takeAfter(match));
    return match.request_id;
  }

  /**
   * Takes the after-snapshot of every open call of a session (its next request arrived, or it ended) or of a workspace
   * (undo). `transcript`: the session's transcript as the agent names it, where the agent's reason for not running a
   * call may be read.
   */
  async closeOpen(filter: { agent: string; session_id: string | null } | { workspace: string }, transcript?: string): Promise<void> {
    const rows = this.deps.journal.open(filter);
    // Asked for together: calls of one workspace whose files to add are the same share one snapshot.
    const afters = await Promise.all(rows.map((row) => this.takeAfter(row)));
    let text: string | null | undefined;
    rows.forEach((row, i) => {
      const after = afters[i]!;
      let notRun: string | null = null;
      // The session went on without the after-call event its hook sends for every call that ran, and nothing changed.
      if ('agent' in filter && REPORTING_AGENTS.has(row.agent) && 'tree' in after && after.tree === row.before_tree) {
        text ??= readTranscript(transcript);
        notRun = (text === null ? null : refusalInTranscript(text, JSON.parse(row.args_json) as Record<string, unknown>)) ?? NO_SIGN;
      }
      this.commit(row.request_id, after, notRun);
    });
  }

  /** A call's after-snapshot: its tree, or why it failed. Never throws. */
  private async takeAfter(row: CallSnapshot): Promise<{ tree: string } | { why: string }> {
    const args = JSON.parse(row.args_json) as Record<string, unknown>;
    try {
      return { tree: await this.snapshotNow(row.workspace, writtenFiles(row.tool_name, args, row.workspace)) };
    } catch (err) {
      return { why: `the snapshot after the call failed: ${(err as Error).message}` };
    }
  }

  /** Records an after-snapshot (and, when `notRun` says why, that the call did not run) in one journal commit. */
  private commit(requestId: string, after: { tree: string } | { why: string }, notRun: string | null = null): void {
    if ('tree' in after) this.deps.journal.close(requestId, after.tree, undefined, notRun);
    else this.deps.journal.close(requestId, null, after.why, notRun);
  }

  /** The workspace's tree now, shared with every request queued for the same snapshot of it (queue.ts). */
  private snapshotNow(workspace: string, force: string[]): Promise<string> {
    return this.deps.queue.runShared(workspace, JSON.stringify(force), () => snapshot(shadowPaths(this.deps.home, workspace), force));
  }

  /** The undo state of a call, or null when it took no snapshot (it could not write, or was not run). */
  status(requestId: string): UndoStatus | null {
    const row = this.deps.journal.get(requestId);
    if (!row) return null;
    const state = row.state === 'ready' ? 'available' : row.state === 'open' ? 'pending-after' : row.state === 'pruned' ? 'pruned' : 'none';
    return { request_id: requestId, state, why: row.why, workspace: row.workspace, ran: row.ran, not_run_reason: row.ran_note };
  }
}
