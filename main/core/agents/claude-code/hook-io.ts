// Claude Code's hook dialect for the thin client (PROTOCOLS.md, Claude Code 2.1.x): the strict output reader lives in
// hook-client/output.ts, which the server also uses to build answers.
import { HOOK_EVENTS, parseHookOutput, parsePostToolUse } from '../../hook-client/output.js';
import type { HookAgent } from '../hook-agent.js';

/** Claude Code: PreToolUse and PermissionRequest; silence means "no decision, ask the person yourself". */
export const claudeCodeHook: HookAgent = {
  cli: 'claude-code',
  after: 'PostToolUse',
  events: HOOK_EVENTS,
  render(value, eventName) {
    const parsed = parseHookOutput(value, eventName);
    if (!parsed || Object.keys(parsed).length === 0) return null;
    return `${JSON.stringify(parsed)}\n`;
  },
  renderAfter(value) {
    const parsed = parsePostToolUse(value);
    return parsed ? `${JSON.stringify(parsed)}\n` : null;
  },
  fallback: () => '',
  silentExit: 0,
};
