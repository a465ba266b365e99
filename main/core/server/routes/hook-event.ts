// What the hook route POST /v1/hooks/<cli> does with an event once it is read: one function for the route and for the
// native hook route, which runs it in-process (in-process-hook.ts), so both decide, wait and withdraw alike.
import type { Static } from 'typebox';
import type { Core } from '../../core.js';
import type { HookTranslator } from '../../agents/translator.js';
import type { HookEventBody } from '../schemas.js';

/** How long the hook route waits for a person when no timeout is set: just under Claude Code's 600 s hook limit. */
export const HOOK_WAIT_SECONDS = 590;
/** The longest transcript path read from a hook event (as SessionEndBody's). */
const MAX_TRANSCRIPT_PATH = 4096;

/** A hook event as the route's schema let it through. */
export type HookEventInput = Static<typeof HookEventBody>;

/** Whether the event is the agent's after-call event ("call X ran"), which hookRan takes and nothing decides. */
export function isAfterEvent(agent: HookTranslator, event: HookEventInput): boolean {
  return event.hook_event_name === agent.after.event;
}

/**
 * "Call X ran": its after-snapshot is taken before this resolves, so the agent goes on only once it is on disk. The
 * answer: `{}`, or, once, the note for a call the person edited before approving it (agent.afterNote).
 */
export async function hookRan(core: Core, agent: HookTranslator, event: HookEventInput): Promise<Record<string, unknown>> {
  const call = agent.toSubmit({ ...event, hook_event_name: agent.after.as });
  const response = (event as { tool_response?: unknown }).tool_response;
  const ran = { agent: call.agent ?? agent.cli, session_id: call.session_id ?? null, tool_name: call.tool_name, args: call.args };
  await core.ran({ ...ran, response });
  const note = agent.afterNote ? core.editNotes.take(ran) : null;
  return note !== null && agent.afterNote ? agent.afterNote(note) : {};
}

/**
 * Submits a before-call event and waits for its decision (for a person, up to the hook's limit); the agent's answer,
 * `{}` for no decision. `hangup` aborts when the agent stopped waiting: the call is then withdrawn, never left pending.
 */
export async function hookDecision(core: Core, agent: HookTranslator, event: HookEventInput, hangup: AbortSignal): Promise<Record<string, unknown>> {
  // The session's transcript (Gemini CLI names it on every event): an earlier call this one shows never ran may
  // have its refusal recorded there, read within the same bounds as at SessionEnd (transcript.ts).
  const transcript = (event as { transcript_path?: unknown }).transcript_path;
  const named = typeof transcript === 'string' && transcript.length <= MAX_TRANSCRIPT_PATH ? { transcript } : {};
  let record = await core.submit(agent.toSubmit(event), named);
  if (record.status === 'pending') {
    const timeout = core.settings().timeout_seconds;
    const seconds = timeout > 0 ? Math.min(timeout + 1, HOOK_WAIT_SECONDS) : HOOK_WAIT_SECONDS;
    record = await core.waitFor(record.request.id, seconds, hangup);
    if (record.status === 'pending') {
      const id = record.request.id;
      if (hangup.aborted) core.cancel(id, 'the agent stopped waiting');
      else core.expire(id, `no decision within ${seconds} s (the hook's limit)`);
      record = core.getRequest(id);
    }
  }
  const outcome = core.outcome(record);
  const answer = agent.answer(event, record, outcome);
  // An edited approval the agent runs: the model is told of the edit once the call ran. An agent that cannot take this
  // edit answers deny (OpenCode, a field it has no name for): nothing runs, so nothing is kept to tell.
  if (outcome === 'allow' && agent.afterNote && answer['decision'] !== 'deny') core.editNotes.remember(record);
  return answer;
}
