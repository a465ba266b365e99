// The proxy's answer to one `session/request_permission`: Gatehouse decides the translated call (rules, grants, or
// the person through the queue) and records it; the answer is the agent's option for that decision. Anything short of
// an approval Gatehouse signed for exactly this call — no Gatehouse, not the instance endpoint.json names, no decision
// in time, an error — is a refusal.
import type { RequestPermissionResponse } from '@agentclientprotocol/sdk';
import type { GateAnswer } from '../mcp/gate.js';
import { chooseOutcome, type PermissionVerdict } from './outcome.js';
import { translateToolCall, type AcpToolCall } from './translate.js';

/** How long one call may wait for the person (the HTTP wait route's own limit). */
const WAIT_SECONDS = 600;

/** The part of the Gate (main/core/mcp/gate.ts) the decision uses. */
export interface Submitter {
  submit(body: Record<string, unknown>, seconds: number, signal?: AbortSignal): Promise<GateAnswer>;
}

/** One permission request, with what the proxy knows around it. */
export interface PermissionAsk {
  /** The agent field Gatehouse records (`acp:NAME`). */
  agent: string;
  sessionId: string;
  /** The session's folder, as the editor opened it (null when the proxy did not see it). */
  cwd: string | null;
  /** The tool call: its earlier `tool_call` updates merged with the request's own fields. */
  toolCall: AcpToolCall;
  options: unknown;
  /** Aborted when the editor cancels the turn or either side goes away: the request is withdrawn from the queue. */
  signal: AbortSignal;
}

/** Why the answer was what it was (for the proxy's log line). */
export interface PermissionAnswer {
  response: RequestPermissionResponse;
  why: string;
}

/** The verdict for an answer Gatehouse gave about `args`, with why; `who` is the agent that can only run the call as asked. */
export function verdictOf(answer: GateAnswer, args: Record<string, unknown>, who = 'an ACP agent'): { verdict: PermissionVerdict; why: string } {
  const decision = answer.decision as (GateAnswer['decision'] & { scope?: string }) | undefined;
  const reason = decision?.reason ?? answer.verdict.reasons.join('; ');
  if (answer.status !== 'approved') {
    const verdict = decision?.scope === 'always' ? 'reject-always' : 'reject';
    return { verdict, why: answer.status === 'pending' ? 'no decision in time' : `Gatehouse ${answer.status} it: ${reason}` };
  }
  // A permission answer has no way to hand the agent other arguments, nor to run a command inside Gatehouse's sandbox.
  if (decision?.updated_args !== undefined && JSON.stringify(decision.updated_args) !== JSON.stringify(args)) {
    return { verdict: 'reject', why: `the person edited the call, and ${who} can only run it as it asked` };
  }
  if ((answer.verdict as { contained?: unknown }).contained !== undefined) {
    return { verdict: 'reject', why: `the allow was for a contained run, which ${who} cannot do` };
  }
  return { verdict: decision?.scope === 'always' ? 'allow-always' : 'allow', why: `Gatehouse approved it: ${reason}` };
}

/** Decides one permission request; never throws (a failure is a refusal). */
export async function decidePermission(gate: Submitter, ask: PermissionAsk): Promise<PermissionAnswer> {
  try {
    const call = translateToolCall(ask.toolCall, ask.cwd);
    const title = typeof ask.toolCall.title === 'string' ? ask.toolCall.title : undefined;
    const body: Record<string, unknown> = { tool_name: call.tool_name, args: call.args, agent: ask.agent, session_id: ask.sessionId, cwd: ask.cwd };
    if (title !== undefined) body['description'] = title;
    if (call.unknown !== undefined) {
      body['presentation'] = { type: 'structured', content: JSON.stringify(call.args, null, 2), metadata: { acp: true, why_unknown: call.unknown } };
    }
    const answer = await gate.submit(body, WAIT_SECONDS, ask.signal);
    const { verdict, why } = verdictOf(answer, call.args);
    return { response: { outcome: chooseOutcome(ask.options, verdict) }, why };
  } catch (err) {
    // The editor cancelled the turn: ACP's answer to a permission request then is `cancelled`.
    if (ask.signal.aborted) return { response: { outcome: { outcome: 'cancelled' } }, why: 'the editor cancelled the turn' };
    const why = `Gatehouse did not approve it: ${(err as Error).message}`;
    try {
      return { response: { outcome: chooseOutcome(ask.options, 'reject') }, why };
    } catch {
      return { response: { outcome: { outcome: 'cancelled' } }, why };
    }
  }
}
