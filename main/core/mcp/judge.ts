// How the proxy judges a tools/call: Gatehouse decides it as `mcp__NAME__TOOL` (the person reviews the tool's
// description, schema and annotations — annotations are the server's claims and never allow anything) and records it
// before anything is sent; any failure to get an approval is a refusal the model reads.
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { HeldCall, Judgement } from './call-relay.js';
import type { Gate } from './gate.js';
import { editNotice } from '../review/edit-notice.js';

/** How long one call may wait for the person (the HTTP wait route's own limit). */
const WAIT_SECONDS = 600;
/** While a call waits, a progress notification this often keeps the agent from timing out (when it asked for them). */
const PROGRESS_MS = 10_000;

/** A refusal the model reads as the tool's result (not a protocol error, so it can adapt). */
function refusal(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}

/** What the judge needs: the gate, the server's name in rules, this proxy's session, and the tools listed so far. */
export interface JudgeContext {
  gate: Gate;
  server: string;
  session: string;
  known: ReadonlyMap<string, Tool>;
}

/** What the person reviews about a tool: its name, description, schema and annotations, as the server listed them. */
function reviewText(name: string, tool: Tool | undefined): string {
  return JSON.stringify({ tool: name, description: tool?.description ?? null, inputSchema: tool?.inputSchema ?? null, annotations: tool?.annotations ?? null }, null, 2);
}

/** The judge of the proxy's CallRelay: forward with the approved arguments, or answer with a refusal. */
export function gatehouseJudge(ctx: JudgeContext): (call: HeldCall) => Promise<Judgement> {
  // Built once per listed tool (~10 µs a call otherwise): a new tools/list brings new tool objects, so a changed tool is seen.
  const reviews = new WeakMap<Tool, string>();
  const reviewOf = (name: string, tool: Tool | undefined): string => {
    if (tool === undefined) return reviewText(name, tool);
    let text = reviews.get(tool);
    if (text === undefined) reviews.set(tool, (text = reviewText(name, tool)));
    return text;
  };
  return async (call) => {
    const tool = ctx.known.get(call.name);
    const presentation = { type: 'structured', content: reviewOf(call.name, tool), metadata: { mcp_server: ctx.server, annotations_are_claims: true } };
    const token = call.progressToken;
    let beat = 0;
    const progress = token === undefined ? undefined : setInterval(() => {
      call.notify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress: ++beat, message: 'waiting for the person to decide in Gatehouse' } });
    }, PROGRESS_MS);
    let answer;
    try {
      answer = await ctx.gate.submit(
        { tool_name: `mcp__${ctx.server}__${call.name}`, args: call.args, agent: 'mcp', session_id: ctx.session, cwd: process.cwd(), ...(tool?.description ? { description: tool.description } : {}), presentation },
        WAIT_SECONDS,
        call.signal,
      );
    } catch (err) {
      return { answer: refusal(`Gatehouse did not approve this call, so it was not made: ${(err as Error).message}`) };
    } finally {
      clearInterval(progress);
    }
    if (answer.status !== 'approved') {
      const why = answer.decision?.reason ?? answer.verdict.reasons.join('; ');
      return { answer: refusal(answer.status === 'pending' ? 'No decision in time; the call was not made.' : `Gatehouse ${answer.status} this call: ${why}`) };
    }
    // The person may have edited the arguments: those are what the server receives, and the model reads a note saying so.
    const edited = answer.decision?.updated_args;
    if (!edited) return { forward: call.args };
    const note = answer.decision?.decided_by === 'user' ? editNotice(call.args, edited, answer.decision.reason) : null;
    return note === null ? { forward: edited } : { forward: edited, note };
  };
}
