// Which agents run a command Gatehouse rewrote: only those can run one contained.
import type { AgentKind } from '../../../common/domain.js';

/**
 * Claude Code runs a PreToolUse hook's `updatedInput` in place of the call (edited approvals use it). Gemini CLI 0.61
 * takes a BeforeTool hook's edited `tool_input`, but its own policy engine judges the edited command again and refuses
 * the sandbox's form of it ("Tool execution denied by policy": test/agents/gemini.test.ts); Codex's hooks take no
 * rewritten command (PROTOCOLS.md), and an SDK app runs its own call: for them a contained answer cannot be delivered,
 * so it asks (or, under approve-all and blanket rules, stays as it was).
 */
export function takesRewrittenInput(agent: AgentKind): boolean {
  return agent === 'claude-code';
}
