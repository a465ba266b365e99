// What the framework adapters share: a framework asks "does this call need approval?" before it runs a tool and
// later resolves the approval it raised. Gatehouse is asked once, at the first question; what a rule allows at once
// needs no approval, everything else is answered when the person decided. Frameworks that cannot run edited
// arguments get a refusal that says so; anything short of an approval is a refusal with the reason.
import { type CallerOptions, GatehouseClient, toolRequest } from '../client.js';

/** How an approval the framework raised was resolved. */
export type ApprovalOutcome = { approved: true } | { approved: false; reason: string };

/** Which Gatehouse, who asks, and the longest wait for the person per call (default 600 s). */
export interface GateOptions extends CallerOptions {
  client?: GatehouseClient;
  timeoutSeconds?: number;
}

/** The Gatehouse requests behind a framework's approval requests, keyed by the framework's tool-call id. */
export class PendingApprovals {
  private readonly client: GatehouseClient;
  private readonly asked = new Map<string, { id: string } | { refused: string }>();

  constructor(
    private readonly opts: GateOptions,
    private readonly defaultAgent: string,
  ) {
    this.client = opts.client ?? new GatehouseClient();
  }

  /** Asks Gatehouse about a call; false only when it is allowed at once, as asked. */
  async needsPerson(callId: string, toolName: string, input: unknown): Promise<boolean> {
    try {
      const answer = await this.client.submit(toolRequest(toolName, input, this.opts, this.defaultAgent));
      if (answer.status === 'approved' && answer.decision?.updated_args === undefined) return false;
      this.asked.set(callId, answer.status === 'pending' ? { id: answer.id } : { refused: `Gatehouse ${answer.status} this call: ${answer.decision?.reason ?? answer.verdict.reasons.join('; ')}` });
    } catch (err) {
      this.asked.set(callId, { refused: `Gatehouse did not approve this call: ${(err as Error).message}` });
    }
    return true;
  }

  /** Waits for the person's decision on a call needsPerson held. */
  async outcome(callId: string): Promise<ApprovalOutcome> {
    const entry = this.asked.get(callId);
    this.asked.delete(callId);
    if (!entry) return { approved: false, reason: 'Gatehouse was never asked about this call' };
    if ('refused' in entry) return { approved: false, reason: entry.refused };
    const deadline = Date.now() + (this.opts.timeoutSeconds ?? 600) * 1000;
    try {
      let answer = await this.client.wait(entry.id, Math.ceil((deadline - Date.now()) / 1000));
      while (answer.status === 'pending' && Date.now() < deadline) answer = await this.client.wait(entry.id, Math.ceil((deadline - Date.now()) / 1000));
      if (answer.status !== 'approved') {
        return { approved: false, reason: `Gatehouse ${answer.status === 'pending' ? 'did not decide in time' : `${answer.status} this call`}: ${answer.decision?.reason ?? answer.verdict.reasons.join('; ')}` };
      }
      if (answer.decision?.updated_args !== undefined) {
        return { approved: false, reason: `the person approved it with different arguments, which this framework cannot run: ${JSON.stringify(answer.decision.updated_args)}` };
      }
      return { approved: true };
    } catch (err) {
      return { approved: false, reason: `Gatehouse did not approve this call: ${(err as Error).message}` };
    }
  }
}
