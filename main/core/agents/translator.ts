// What the server needs to answer one agent's hook route: its events into Gatehouse's domain, decisions back out.
import type { RequestRecord } from '../../../common/domain.js';
import type { AgentOutcome } from '../broker/outcome.js';
import type { SubmitInput } from '../broker/submit-input.js';
import type { HookEvent } from '../server/claude-code.js';

/** One agent's server-side translation (POST /v1/hooks/<cli>). */
export interface HookTranslator {
  cli: string;
  /** The event as a submission in Gatehouse's vocabulary (Bash, Write, Edit, mcp__server__tool…); throws InputError. */
  toSubmit(event: HookEvent): SubmitInput;
  /** The answer for a record, `{}` when the outcome is no decision; the hook client re-checks and renders it. */
  answer(event: HookEvent, record: RequestRecord, outcome: AgentOutcome): Record<string, unknown>;
  /**
   * The answer to the after-call event of a call the person edited before approving it, carrying `note` to the model;
   * absent where the agent's after-call event cannot carry one (or edits are refused).
   */
  afterNote?(note: string): Record<string, unknown>;
  /** The agent's after-call event (`event`), read as its before-call event (`as`) names the same call. */
  after: { event: string; as: string };
  /** The agent kind Gatehouse records, for events that name no tool (session end). */
  kind: string;
}
