// Gemini CLI's hook dialect (PROTOCOLS.md, Gemini CLI 0.61): BeforeTool in, {decision, reason} out.
// Gemini's allow is only "no objection" (its policy engine still decides) and `ask` hangs a headless run, so Gatehouse
// holds the call and answers allow or deny once the person decided — never ask.
import { isPlainObject, oneLine, sameKeys, type HookAgent } from '../hook-agent.js';

/** The answer Gemini honours. */
export interface GeminiAnswer {
  decision: 'allow' | 'deny';
  reason?: string;
  hookSpecificOutput?: { tool_input: Record<string, unknown> };
}

/** Strict reader of a Gemini answer; null for anything else. */
export function parseGeminiAnswer(value: unknown): GeminiAnswer | null {
  if (!isPlainObject(value) || !sameKeys(Object.keys(value), ['decision'], ['reason', 'hookSpecificOutput'])) return null;
  const { decision, reason, hookSpecificOutput: hso } = value;
  if (decision !== 'allow' && decision !== 'deny') return null;
  if (reason !== undefined && typeof reason !== 'string') return null;
  const out: GeminiAnswer = { decision };
  if (reason !== undefined) out.reason = reason;
  if (hso !== undefined) {
    if (decision !== 'allow' || !isPlainObject(hso) || !sameKeys(Object.keys(hso), ['tool_input'], []) || !isPlainObject(hso['tool_input'])) return null;
    out.hookSpecificOutput = { tool_input: hso['tool_input'] };
  }
  return out;
}

/** The AfterTool answer Gatehouse sends: text Gemini appends to the tool's result for the model. */
export interface GeminiAfterAnswer {
  hookSpecificOutput: { additionalContext: string };
}

/** Strict reader of an AfterTool answer; null for anything else (nothing is printed then). */
export function parseGeminiAfter(value: unknown): GeminiAfterAnswer | null {
  if (!isPlainObject(value) || !sameKeys(Object.keys(value), ['hookSpecificOutput'], [])) return null;
  const hso = value['hookSpecificOutput'];
  if (!isPlainObject(hso) || !sameKeys(Object.keys(hso), ['additionalContext'], []) || typeof hso['additionalContext'] !== 'string') return null;
  return { hookSpecificOutput: { additionalContext: hso['additionalContext'] } };
}

/** Gemini CLI: BeforeTool only; silence would let Gemini's own policy run the call, so no decision is a deny. */
export const geminiHook: HookAgent = {
  cli: 'gemini',
  after: 'AfterTool',
  sessionEnd: 'SessionEnd',
  events: ['BeforeTool'],
  render(value, eventName) {
    if (eventName !== 'BeforeTool') return null;
    const parsed = parseGeminiAnswer(value);
    return parsed ? `${JSON.stringify(parsed)}\n` : null;
  },
  renderAfter(value) {
    const parsed = parseGeminiAfter(value);
    return parsed ? `${JSON.stringify(parsed)}\n` : null;
  },
  silentExit: 2,
  fallback: (_eventName, why) => `${JSON.stringify({ decision: 'deny', reason: `Gatehouse could not decide (${oneLine(why)}); denied until it can` })}\n`,
};
