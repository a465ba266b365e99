// Qwen Code's hook dialect (0.24, seen in its bundled hook runner and with the real program): Claude-style PreToolUse
// in, and Codex's answer out. Qwen runs the call on anything but a deny: an allow, no output, plain text, JSON it
// cannot parse, any exit but 2, a timeout; `{"hookSpecificOutput":{…"permissionDecision":"deny"…}}` or exit 2 with a
// reason on stderr refuse it and hand the reason to the model. That is Codex's PreToolUse exactly, so its renderer and
// fallback serve Qwen unchanged; only the event list differs (Qwen's PermissionRequest is not installed).
import { codexHook } from '../codex/hook-io.js';
import type { HookAgent } from '../hook-agent.js';

/** Qwen Code: PreToolUse only; no decision is a deny (silence runs the call), the unreadable is exit 2. */
export const qwenHook: HookAgent = { ...codexHook, cli: 'qwen', events: ['PreToolUse'] };
