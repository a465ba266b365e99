// Gatehouse for the Vercel AI SDK (v7): a tool's `needsApproval` asks Gatehouse first — what a rule allows runs at once,
// everything else becomes the SDK's tool-approval request — and `respond` turns that request into the
// `tool-approval-response` once the person decided in Gatehouse. The SDK cannot run edited arguments, so an approval
// with edits is answered as a refusal that says so; anything short of an approval (unreachable, denied, timed out) is
// a refusal with the reason, which the model reads.
import { type CallerOptions, GatehouseClient, toolRequest } from '../client.js';

/** The AI SDK's approval request part (`tool-approval-request` in a result's content). */
export interface ToolApprovalRequestPart {
  approvalId: string;
  toolCall: { toolCallId: string; toolName: string; input: unknown };
}

/** The AI SDK's approval response part, for a `tool` message. */
export interface ToolApprovalResponsePart {
  type: 'tool-approval-response';
  approvalId: string;
  approved: boolean;
  reason?: string;
}

/** Which Gatehouse, who asks (agent default "ai-sdk"), and the longest wait for the person per call (default 600 s). */
export interface AiSdkGateOptions extends CallerOptions {
  client?: GatehouseClient;
  timeoutSeconds?: number;
}

/** One gate for a generateText/streamText loop: needsApproval per tool, and the answers to its approval requests. */
export function aiSdkGate(opts: AiSdkGateOptions = {}) {
  const client = opts.client ?? new GatehouseClient();
  // toolCallId → the Gatehouse request (or why there is none) behind an approval request.
  const asked = new Map<string, { id: string } | { refused: string }>();
  const request = (toolName: string, input: unknown) => toolRequest(toolName, input, opts, 'ai-sdk');
  return {
    /** The `needsApproval` of tool `toolName`: false only when Gatehouse allows the call at once. */
    needsApproval(toolName: string) {
      return async (input: unknown, options: { toolCallId: string }): Promise<boolean> => {
        try {
          const answer = await client.submit(request(toolName, input));
          if (answer.status === 'approved' && answer.decision?.updated_args === undefined) return false;
          asked.set(options.toolCallId, answer.status === 'pending' ? { id: answer.id } : { refused: `Gatehouse ${answer.status} this call: ${answer.decision?.reason ?? answer.verdict.reasons.join('; ')}` });
        } catch (err) {
          asked.set(options.toolCallId, { refused: `Gatehouse did not approve this call: ${(err as Error).message}` });
        }
        return true;
      };
    },
    /** The response to one approval request, once the person decided in Gatehouse (or why it is refused). */
    async respond(part: ToolApprovalRequestPart): Promise<ToolApprovalResponsePart> {
      const refuse = (reason: string): ToolApprovalResponsePart => ({ type: 'tool-approval-response', approvalId: part.approvalId, approved: false, reason });
      const entry = asked.get(part.toolCall.toolCallId);
      asked.delete(part.toolCall.toolCallId);
      if (!entry) return refuse('Gatehouse was never asked about this call');
      if ('refused' in entry) return refuse(entry.refused);
      const deadline = Date.now() + (opts.timeoutSeconds ?? 600) * 1000;
      try {
        let answer = await client.wait(entry.id, Math.ceil((deadline - Date.now()) / 1000));
        while (answer.status === 'pending' && Date.now() < deadline) answer = await client.wait(entry.id, Math.ceil((deadline - Date.now()) / 1000));
        if (answer.status !== 'approved') return refuse(`Gatehouse ${answer.status === 'pending' ? 'did not decide in time' : `${answer.status} this call`}: ${answer.decision?.reason ?? answer.verdict.reasons.join('; ')}`);
        if (answer.decision?.updated_args !== undefined) return refuse(`the person approved it with different arguments, which this SDK cannot run: ${JSON.stringify(answer.decision.updated_args)}`);
        return { type: 'tool-approval-response', approvalId: part.approvalId, approved: true };
      } catch (err) {
        return refuse(`Gatehouse did not approve this call: ${(err as Error).message}`);
      }
    },
  };
}
