// The after-call answers a hook prints (a note for the model about an edited call): exactly Gatehouse's shape, else nothing.
import { describe, expect, it } from 'vitest';
import { claudeCodeHook } from '../../../main/core/agents/claude-code/hook-io.js';
import { geminiHook } from '../../../main/core/agents/gemini/hook-io.js';
import { opencodeHook } from '../../../main/core/agents/opencode/hook-io.js';

const NOTE = 'The person reviewing this call in Gatehouse edited its arguments before approving it';

describe.each([
  { agent: claudeCodeHook, valid: { hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: NOTE } } },
  { agent: geminiHook, valid: { hookSpecificOutput: { additionalContext: NOTE } } },
  { agent: opencodeHook, valid: { note: NOTE } },
])('$agent.cli', ({ agent, valid }) => {
  it('prints the note answer as it is', () => {
    expect(JSON.parse(agent.renderAfter!(valid)!)).toEqual(valid);
  });

  it.each([
    ['no answer', {}],
    ['not JSON', null],
    ['a decision', { decision: 'allow' }],
    ['an extra key', { ...valid, decision: 'deny' }],
    ['a note that is not text', JSON.parse(JSON.stringify(valid).replace(JSON.stringify(NOTE), '42'))],
  ])('prints nothing for %s', (_name, value) => {
    expect(agent.renderAfter!(value)).toBeNull();
  });
});
