// Gatehouse for the Claude Agent SDK: a `canUseTool` that asks Gatehouse whenever Claude Code would ask the person
// (Claude's tool names are Gatehouse's own vocabulary) and waits for the decision. The person's edited arguments are
// what runs (`updatedInput`); anything short of an approval — denied, timed out, Gatehouse unreachable or not the
// instance endpoint.json names, the query aborted — is a deny whose message the model reads.
import { type CallerOptions, GatehouseClient, toolRequest } from '../client.js';

/** The SDK's PermissionResult, as this adapter answers it. */
export type GatePermission = { behavior: 'allow'; updatedInput: Record<string, unknown> } | { behavior: 'deny'; message: string };

/** Which Gatehouse, who asks (agent "claude-agent-sdk" unless given), and the longest wait (default 600 s). */
export interface ClaudeGateOptions extends CallerOptions {
  client?: GatehouseClient;
  timeoutSeconds?: number;
}

/** A `canUseTool` for `query({ options: { canUseTool } })`. */
export function claudeAgentSdkGate(opts: ClaudeGateOptions = {}) {
  const client = opts.client ?? new GatehouseClient();
  return async (toolName: string, input: Record<string, unknown>, options: { signal: AbortSignal }): Promise<GatePermission> => {
    const decision = await client.decide(toolRequest(toolName, input, opts, 'claude-agent-sdk'), {
      signal: options.signal,
      ...(opts.timeoutSeconds === undefined ? {} : { timeoutSeconds: opts.timeoutSeconds }),
    });
    return decision.approved ? { behavior: 'allow', updatedInput: decision.args } : { behavior: 'deny', message: decision.reason };
  };
}
