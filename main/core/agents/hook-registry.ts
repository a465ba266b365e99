// The hook dialects `gatehouse hook <agent>` speaks; adding an agent is one folder and one line here.
import { claudeCodeHook } from './claude-code/hook-io.js';
import { codexHook } from './codex/hook-io.js';
import { copilotHook } from './copilot/hook-io.js';
import { geminiHook } from './gemini/hook-io.js';
import type { HookAgent } from './hook-agent.js';
import { qwenHook } from './qwen/hook-io.js';
import { clineHook } from './cline/hook-io.js';
import { opencodeHook } from './opencode/hook-io.js';
import { cursorHook } from './cursor/hook-io.js';

/** Every agent with a hook client, by CLI name. */
export const HOOK_AGENTS: readonly HookAgent[] = [claudeCodeHook, geminiHook, codexHook, copilotHook, qwenHook, clineHook, opencodeHook, cursorHook];

/** The hook dialect for a CLI name, or undefined. */
export function hookAgent(cli: string): HookAgent | undefined {
  return HOOK_AGENTS.find((a) => a.cli === cli);
}
