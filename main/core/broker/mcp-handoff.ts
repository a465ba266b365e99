// One question per MCP call (issue 23): Claude Code's PreToolUse hook asks about `mcp__fs__write_file` and then the
// call reaches `gatehouse mcp-proxy`, which asks again. The proxy's request reuses the approval this Gatehouse just
// gave the hook's request for the very same call instead of asking the person a second time.
// Threat: the agent holds the agent token and can send requests as `mcp`. A handoff comes only from this broker's own
// record of an approval by the person, a rule or a session grant (never from anything a request says), for exactly
// the same tool and arguments (the args the hook let run, the person's edits included), from the same working
// directory, within a short window, and serves one request once: a forged match gains only the call already approved.
import type { DecidedBy, RequestRecord, ToolRequest } from '../../../common/domain.js';
import { payloadFingerprint, toolFamily } from '../policy/index.js';

/** The agent name `gatehouse mcp-proxy` submits as (main/core/mcp/judge.ts). */
export const PROXY_AGENT = 'mcp';
/** How long after the hook's approval the proxy's request may reuse it: the agent calls the tool at once. */
export const HANDOFF_WINDOW_MS = 60_000;
// Approvals that stand for the person's word: theirs, their rules and their session grants (not a mode, not a timeout).
const VOUCHED: ReadonlySet<DecidedBy> = new Set(['user', 'rule', 'session']);

/** An approval of an MCP call through an agent's hook, waiting for the proxy's request of the same call. */
export interface Handoff {
  /** The hook's request. */
  id: string;
  agent: string;
  cwd: string | null;
  /** payloadFingerprint of the tool and the args the hook let run. */
  fingerprint: string;
  decidedBy: DecidedBy;
  /** When it was approved (ms since the epoch). */
  at: number;
}

/** The handoff a decided record leaves, or null: only an approval, by the person, a rule or a grant, of an MCP tool through a hook. */
export function handoffOf(record: RequestRecord): Handoff | null {
  const { request, decision } = record;
  if (record.status !== 'approved' || decision === undefined || !VOUCHED.has(decision.decided_by)) return null;
  if (request.agent === PROXY_AGENT || toolFamily(request.tool_name) !== 'mcp') return null;
  const args = decision.updated_args ?? request.args;
  return { id: request.id, agent: request.agent, cwd: request.cwd, fingerprint: payloadFingerprint(request.tool_name, args), decidedBy: decision.decided_by, at: Date.parse(decision.decided_at) };
}

/** Whether a proxy request is the call a handoff approved: same tool and args, same folder, within the window. */
export function handoffMatches(h: Handoff, request: ToolRequest, now: number): boolean {
  if (request.agent !== PROXY_AGENT || toolFamily(request.tool_name) !== 'mcp') return false;
  if (request.cwd === null || h.cwd === null || request.cwd !== h.cwd) return false;
  if (!(now >= h.at && now - h.at <= HANDOFF_WINDOW_MS)) return false;
  return payloadFingerprint(request.tool_name, request.args) === h.fingerprint;
}

/** The recent hook approvals of MCP calls, each given to at most one proxy request. */
export class McpHandoffs {
  private recent: Handoff[] = [];

  /** Keeps the handoff a decided record leaves, if any. */
  remember(record: RequestRecord): void {
    const h = handoffOf(record);
    if (h === null) return;
    this.recent = this.recent.filter((r) => h.at - r.at <= HANDOFF_WINDOW_MS);
    this.recent.push(h);
  }

  /** The handoff this proxy request matches, taken (one use), or null. */
  take(request: ToolRequest, now: Date): Handoff | null {
    const t = now.getTime();
    this.recent = this.recent.filter((h) => t - h.at <= HANDOFF_WINDOW_MS);
    const i = this.recent.findIndex((h) => handoffMatches(h, request, t));
    if (i < 0) return null;
    const [h] = this.recent.splice(i, 1);
    return h ?? null;
  }
}

/** The words the audit and the proxy's request show for a call decided by a handoff. */
export function handoffReason(h: Handoff): string {
  return `built-in: one question per MCP call — the same call was approved moments ago through ${h.agent}'s hook (request ${h.id}, decided by ${h.decidedBy === 'user' ? 'you' : `a ${h.decidedBy === 'rule' ? 'rule' : 'session grant'}`})`;
}
