// Qwen Code PreToolUse events into Gatehouse (its tool names are Gemini's), decisions back as Codex's PreToolUse deny
// (an allow prints nothing; Qwen's PreToolUse takes no edited input, so an edited approval is a deny saying so).
import { InputError } from '../../broker/errors.js';
import type { SubmitInput } from '../../broker/submit-input.js';
import { codexTranslator } from '../codex/translate.js';
import { geminiToGatehouse } from '../gemini/tools.js';
import { subagentOf } from '../subagent.js';
import type { HookTranslator } from '../translator.js';
import { QWEN_TOOLS } from './tools.js';

/** Qwen Code, POST /v1/hooks/qwen. */
export const qwenTranslator: HookTranslator = {
  cli: 'qwen',
  kind: 'qwen-code',
  after: { event: 'PostToolUse', as: 'PreToolUse' },
  toSubmit(event) {
    if (event.hook_event_name !== 'PreToolUse') {
      throw new InputError(`hook_event_name ${JSON.stringify(event.hook_event_name)} is not handled; configure Gatehouse on PreToolUse`);
    }
    const { toolName, args } = geminiToGatehouse(event.tool_name, event.tool_input, QWEN_TOOLS);
    const input: SubmitInput = { agent: 'qwen-code', tool_name: toolName, args, session_id: event.session_id ?? null, cwd: event.cwd ?? null };
    if (typeof args['description'] === 'string') input.description = args['description'];
    const subagent = subagentOf(event);
    if (subagent) input.subagent = subagent;
    return input;
  },
  answer: codexTranslator.answer,
};
