// Codex hook events into Gatehouse (Codex already names its shell tool Bash with tool_input.command), decisions back
// in the only shapes Codex honours: PreToolUse deny (an allow prints nothing), PermissionRequest allow or deny.
import { InputError } from '../../broker/errors.js';
import { hookSubmission } from '../../broker/submit-input.js';
import { reasonText } from '../../server/claude-code.js';
import type { HookTranslator } from '../translator.js';
import { CODEX_EVENTS } from './hook-io.js';

/** Codex (and Qwen Code, which shares this answer) takes no edited input: an edited approval is a deny saying so, never the unedited call. */
const NO_EDITS = 'Gatehouse: the person approved an edited version of this call, which this agent cannot receive; run the edited call instead';

/** Codex, POST /v1/hooks/codex. */
export const codexTranslator: HookTranslator = {
  cli: 'codex',
  kind: 'codex',
  after: { event: 'PostToolUse', as: 'PreToolUse' },
  toSubmit(event) {
    if (!(CODEX_EVENTS as readonly string[]).includes(event.hook_event_name)) {
      throw new InputError(`hook_event_name ${JSON.stringify(event.hook_event_name)} is not handled; configure Gatehouse on PreToolUse or PermissionRequest`);
    }
    return hookSubmission('codex', event.tool_name, event.tool_input, event);
  },
  answer(event, record, outcome) {
    if (outcome === 'none') return {};
    const edited = outcome === 'allow' && record.decision?.updated_args !== undefined;
    const decision: 'allow' | 'deny' = edited ? 'deny' : outcome;
    const reason = edited ? NO_EDITS : reasonText(record, outcome);
    if (event.hook_event_name === 'PreToolUse') {
      return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: decision, permissionDecisionReason: reason } };
    }
    return { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: decision === 'allow' ? { behavior: 'allow' } : { behavior: 'deny', message: reason } } };
  },
};
