// Cline tool calls into Gatehouse, decisions back as `{decision, reason}` for the hook to print (an allow as nothing, a
// deny as Cline's cancel). Cline's overrideInput could carry an edited call, but Gatehouse's edited arguments are in
// its own vocabulary, not Cline's input shapes: an edited approval is a deny saying so.
import { InputError } from '../../broker/errors.js';
import type { SubmitInput } from '../../broker/submit-input.js';
import { reasonText } from '../../server/claude-code.js';
import type { HookTranslator } from '../translator.js';
import { clineToGatehouse } from './tools.js';

const NO_EDITS = 'Gatehouse: the person approved an edited version of this call, which Cline cannot receive; run the edited call instead';

/** Cline, POST /v1/hooks/cline (its events as the hook client read them into the route's shape). */
export const clineTranslator: HookTranslator = {
  cli: 'cline',
  kind: 'cline',
  after: { event: 'PostToolUse', as: 'PreToolUse' },
  toSubmit(event) {
    if (event.hook_event_name !== 'PreToolUse') {
      throw new InputError(`hook_event_name ${JSON.stringify(event.hook_event_name)} is not handled; install Gatehouse as Cline's PreToolUse hook`);
    }
    const { toolName, args } = clineToGatehouse(event.tool_name, event.tool_input);
    return { agent: 'cline', tool_name: toolName, args, session_id: event.session_id ?? null, cwd: event.cwd ?? null } satisfies SubmitInput;
  },
  answer(_event, record, outcome) {
    if (outcome === 'none') return {};
    if (outcome === 'allow' && record.decision?.updated_args !== undefined) return { decision: 'deny', reason: NO_EDITS };
    return { decision: outcome, reason: reasonText(record, outcome) };
  },
};
