// Copilot CLI preToolUse events (put in the route's shape by its hook client) into Gatehouse, decisions back as
// {permissionDecision, permissionDecisionReason}: allow or deny only (a headless run denies `ask`), with the person's
// edits as `modifiedArgs`.
import { InputError } from '../../broker/errors.js';
import { hookSubmission } from '../../broker/submit-input.js';
import { reasonText } from '../../server/claude-code.js';
import type { HookTranslator } from '../translator.js';
import { copilotToGatehouse, editedCopilotArgs } from './tools.js';

/** Copilot CLI, POST /v1/hooks/copilot. */
export const copilotTranslator: HookTranslator = {
  cli: 'copilot',
  kind: 'copilot-cli',
  after: { event: 'postToolUse', as: 'preToolUse' },
  toSubmit(event) {
    if (event.hook_event_name !== 'preToolUse') {
      throw new InputError(`hook_event_name ${JSON.stringify(event.hook_event_name)} is not handled; configure Gatehouse on preToolUse`);
    }
    const { toolName, args } = copilotToGatehouse(event.tool_name, event.tool_input);
    return hookSubmission('copilot-cli', toolName, args, event);
  },
  answer(event, record, outcome) {
    if (outcome === 'none') return {};
    const reason = reasonText(record, outcome);
    if (outcome === 'deny') return { permissionDecision: 'deny', permissionDecisionReason: reason };
    const edited = record.decision?.updated_args;
    if (!edited) return { permissionDecision: 'allow', permissionDecisionReason: reason };
    return { permissionDecision: 'allow', permissionDecisionReason: reason, modifiedArgs: editedCopilotArgs(event.tool_name, event.tool_input, edited) };
  },
};
