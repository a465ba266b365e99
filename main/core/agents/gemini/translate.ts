// Gemini CLI BeforeTool events into Gatehouse, decisions back as {decision, reason} (never ask: a headless run hangs).
import { InputError } from '../../broker/errors.js';
import { hookSubmission } from '../../broker/submit-input.js';
import { reasonText } from '../../server/claude-code.js';
import type { HookTranslator } from '../translator.js';
import { geminiToGatehouse } from './tools.js';

/** Gemini CLI, POST /v1/hooks/gemini. */
export const geminiTranslator: HookTranslator = {
  cli: 'gemini',
  kind: 'gemini-cli',
  after: { event: 'AfterTool', as: 'BeforeTool' },
  // AfterTool's additionalContext is appended to the tool's result the model reads (Gemini CLI 0.61 hooks reference).
  afterNote: (note) => ({ hookSpecificOutput: { additionalContext: note } }),
  toSubmit(event) {
    if (event.hook_event_name !== 'BeforeTool') {
      throw new InputError(`hook_event_name ${JSON.stringify(event.hook_event_name)} is not handled; configure Gatehouse on BeforeTool`);
    }
    const { toolName, args } = geminiToGatehouse(event.tool_name, event.tool_input);
    // The workspace stays the session's folder; the shell tool's `dir_path` is where its command runs (policy/request/tools.ts),
    // so a `dir_path` of ~/.aws does not make ~/.aws the workspace.
    return hookSubmission('gemini-cli', toolName, args, event);
  },
  answer(event, record, outcome) {
    if (outcome === 'none') return {};
    const reason = reasonText(record, outcome);
    if (outcome === 'deny') return { decision: 'deny', reason };
    const edited = record.decision?.updated_args;
    if (!edited) return { decision: 'allow', reason };
    // The person edited the arguments as Gatehouse showed them: all of Gemini's, under Gemini's own names.
    return { decision: 'allow', reason, hookSpecificOutput: { tool_input: edited } };
  },
};
