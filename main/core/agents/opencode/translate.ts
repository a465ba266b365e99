// OpenCode plugin events into Gatehouse, decisions back as {decision, reason, args?} for the plugin to act on.
import { InputError } from '../../broker/errors.js';
import { hookSubmission } from '../../broker/submit-input.js';
import { reasonText } from '../../server/claude-code.js';
import type { HookTranslator } from '../translator.js';
import { OPENCODE_AFTER, OPENCODE_BEFORE } from './hook-io.js';
import { editedOpenCodeArgs, opencodeToGatehouse } from './tools.js';

/** An edit that has no OpenCode spelling is refused, never run unedited. */
const NO_EDITS = 'Gatehouse: the person approved an edited version of this call that OpenCode cannot receive; run the edited call instead';

/** OpenCode, POST /v1/hooks/opencode. */
export const opencodeTranslator: HookTranslator = {
  cli: 'opencode',
  kind: 'opencode',
  after: { event: OPENCODE_AFTER, as: OPENCODE_BEFORE },
  // The plugin appends the note to the tool's output, which is what the model reads of the call.
  afterNote: (note) => ({ note }),
  toSubmit(event) {
    if (event.hook_event_name !== OPENCODE_BEFORE) {
      throw new InputError(`hook_event_name ${JSON.stringify(event.hook_event_name)} is not handled; Gatehouse's OpenCode plugin sends ${OPENCODE_BEFORE}`);
    }
    const { toolName, args } = opencodeToGatehouse(event.tool_name, event.tool_input);
    return hookSubmission('opencode', toolName, args, event);
  },
  answer(event, record, outcome) {
    if (outcome === 'none') return {};
    if (outcome === 'deny') return { decision: 'deny', reason: reasonText(record, outcome) };
    const edited = record.decision?.updated_args;
    if (!edited) return { decision: 'allow', reason: reasonText(record, outcome) };
    const args = editedOpenCodeArgs(event.tool_name, event.tool_input, edited);
    return args ? { decision: 'allow', reason: reasonText(record, outcome), args } : { decision: 'deny', reason: NO_EDITS };
  },
};
