// Gatehouse for the Vercel AI SDK (v7): a tool's `needsApproval` asks Gatehouse first — what a rule allows runs at once,
// everything else becomes the SDK's tool-approval request — and `respond` turns that request into the
// `tool-approval-response` once the person decided in Gatehouse (the reason of a refusal reaches the model).
import { type GateOptions, PendingApprovals } from './pending-approvals.js';

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

/** One gate for a generateText/streamText loop (agent "ai-sdk" unless given): needsApproval per tool, and respond. */
export function aiSdkGate(opts: GateOptions = {}) {
  const pending = new PendingApprovals(opts, 'ai-sdk');
  return {
    /** The `needsApproval` of tool `toolName`: false only when Gatehouse allows the call at once. */
    needsApproval(toolName: string) {
      return (input: unknown, options: { toolCallId: string }): Promise<boolean> => pending.needsPerson(options.toolCallId, toolName, input);
    },
    /** The response to one approval request, once the person decided in Gatehouse (or why it is refused). */
    async respond(part: ToolApprovalRequestPart): Promise<ToolApprovalResponsePart> {
      const outcome = await pending.outcome(part.toolCall.toolCallId);
      return { type: 'tool-approval-response', approvalId: part.approvalId, ...outcome };
    },
  };
}
