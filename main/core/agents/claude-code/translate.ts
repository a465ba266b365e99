// Claude Code's events are Gatehouse's native vocabulary: the translation lives beside the original route.
import { hookAnswer, hookEventToSubmit } from '../../server/claude-code.js';
import type { HookTranslator } from '../translator.js';

/** Claude Code, POST /v1/hooks/claude-code. */
export const claudeCodeTranslator: HookTranslator = {
  cli: 'claude-code',
  kind: 'claude-code',
  after: { event: 'PostToolUse', as: 'PreToolUse' },
  toSubmit: hookEventToSubmit,
  answer: (event, record, outcome) => hookAnswer(event, record, outcome) as Record<string, unknown>,
  // PostToolUse's additionalContext reaches the model beside the tool's result.
  afterNote: (note) => ({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: note } }),
};
