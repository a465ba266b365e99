// Gatehouse for the OpenAI Agents SDK: a tool's `needsApproval` asks Gatehouse first — what a rule allows runs at
// once, everything else interrupts the run — and `resolve` approves or rejects each interruption once the person
// decided in Gatehouse (a rejection's reason is what the model reads), ready for `run(agent, result.state)`.
import { randomUUID } from 'node:crypto';
import { type GateOptions, PendingApprovals } from './pending-approvals.js';

/** What resolve needs of a run result: its interruptions and its state (the SDK's RunResult fits). */
export interface InterruptedRun<Item extends { rawItem: unknown; name?: string | undefined }> {
  interruptions: Item[];
  state: { approve(item: Item): void; reject(item: Item, options?: { message?: string }): void };
}

/** The call id of an interruption's raw item (function calls carry `callId`). */
function callIdOf(rawItem: unknown): string | undefined {
  const id = (rawItem as { callId?: unknown } | null)?.callId;
  return typeof id === 'string' ? id : undefined;
}

/** One gate for a run (agent "openai-agents" unless given): needsApproval per tool, and resolve for interruptions. */
export function openAiAgentsGate(opts: GateOptions = {}) {
  const pending = new PendingApprovals(opts, 'openai-agents');
  return {
    /** The `needsApproval` of tool `toolName`: false only when Gatehouse allows the call at once. */
    needsApproval(toolName: string) {
      return (_context: unknown, input: unknown, callId?: string): Promise<boolean> => pending.needsPerson(callId ?? randomUUID(), toolName, input);
    },
    /** Approves or rejects every interruption of `result` as the person decided in Gatehouse; returns its state. */
    async resolve<Item extends { rawItem: unknown; name?: string | undefined }, R extends InterruptedRun<Item>>(result: R): Promise<R['state']> {
      for (const item of result.interruptions) {
        const id = callIdOf(item.rawItem);
        const outcome = id === undefined ? { approved: false as const, reason: 'the call has no id Gatehouse could have been asked under' } : await pending.outcome(id);
        if (outcome.approved) result.state.approve(item);
        else result.state.reject(item, { message: outcome.reason });
      }
      return result.state;
    },
  };
}
