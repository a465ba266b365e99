// OpenCode's hook dialect (OpenCode 1.18.33). OpenCode has no command hooks: Gatehouse's plugin (plugin.ts) runs
// `gatehouse hook opencode` on its `tool.execute.before` with the call on stdin, and reads the answer below: an allow
// (with the person's edited arguments, if any) lets the call run, anything else is thrown, which refuses the call and
// hands the reason to the model. The plugin reads exit 2 and every unreadable answer as a refusal too.
import { isPlainObject, oneLine, sameKeys, type HookAgent } from '../hook-agent.js';

/** The event the plugin sends before each tool call. */
export const OPENCODE_BEFORE = 'tool.execute.before';
/** The event the plugin sends after a call ran. */
export const OPENCODE_AFTER = 'tool.execute.after';

/** The answer the plugin acts on. */
export interface OpenCodeAnswer {
  decision: 'allow' | 'deny';
  reason?: string;
  /** The arguments to run instead (the person's edit), in OpenCode's terms. */
  args?: Record<string, unknown>;
}

/** Strict reader of an OpenCode answer; null for anything else. */
export function parseOpenCodeAnswer(value: unknown): OpenCodeAnswer | null {
  if (!isPlainObject(value) || !sameKeys(Object.keys(value), ['decision'], ['reason', 'args'])) return null;
  const { decision, reason, args } = value;
  if (decision !== 'allow' && decision !== 'deny') return null;
  if (reason !== undefined && typeof reason !== 'string') return null;
  const out: OpenCodeAnswer = { decision };
  if (reason !== undefined) out.reason = reason;
  if (args !== undefined) {
    if (decision !== 'allow' || !isPlainObject(args)) return null;
    out.args = args;
  }
  return out;
}

/** The tool.execute.after answer Gatehouse sends: a note the plugin appends to the tool's output for the model. */
export interface OpenCodeAfterAnswer {
  note: string;
}

/** Strict reader of an after answer; null for anything else (nothing is printed then). */
export function parseOpenCodeAfter(value: unknown): OpenCodeAfterAnswer | null {
  if (!isPlainObject(value) || !sameKeys(Object.keys(value), ['note'], []) || typeof value['note'] !== 'string') return null;
  return { note: value['note'] };
}

/** OpenCode: tool.execute.before only; the plugin runs the call only on a printed allow, so no decision is a deny. */
export const opencodeHook: HookAgent = {
  cli: 'opencode',
  after: OPENCODE_AFTER,
  events: [OPENCODE_BEFORE],
  render(value, eventName) {
    if (eventName !== OPENCODE_BEFORE) return null;
    const parsed = parseOpenCodeAnswer(value);
    return parsed ? `${JSON.stringify(parsed)}\n` : null;
  },
  renderAfter(value) {
    const parsed = parseOpenCodeAfter(value);
    return parsed ? `${JSON.stringify(parsed)}\n` : null;
  },
  silentExit: 2,
  fallback: (_eventName, why) => `${JSON.stringify({ decision: 'deny', reason: `Gatehouse could not decide (${oneLine(why)}); denied until it can` })}\n`,
};
