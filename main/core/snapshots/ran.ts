// Whether an approved call really ran: the agent's own permission system can still refuse what the person approved
// (Gemini's policy engine, Codex's escalation, Claude Code's own deny rules). Gatehouse reads it from the after-call
// event, or from its absence when the session's next call arrives first.
import { isPlainObject } from '../agents/hook-agent.js';

/** What an agent says when its own policy refused a call it was told to run (Gemini CLI 0.61, Codex 0.169). */
const REFUSALS = [/denied by policy/i, /requires user confirmation/i, /not supported in non-interactive mode/i, /rejected by (the )?user/i, /escalat\w* (was )?(denied|rejected)/i];

/** The agent's reason when its after-call response says it did not run the call, else null. Pure. */
export function refusalIn(response: unknown): string | null {
  const texts: string[] = [];
  const collect = (v: unknown, depth: number): void => {
    if (depth > 3) return;
    if (typeof v === 'string') texts.push(v);
    else if (isPlainObject(v)) for (const k of ['error', 'llmContent', 'returnDisplay', 'message', 'output']) collect(v[k], depth + 1);
  };
  collect(response, 0);
  for (const t of texts) {
    const line = t.split('\n').find((l) => REFUSALS.some((re) => re.test(l)));
    if (line) return line.trim().slice(0, 300);
  }
  return null;
}

/** The note for a call whose session went on without reporting it. */
export const NO_SIGN = "no sign it ran: the agent reported no result for it before its next call, and nothing changed; the agent's own policy may have refused it (its transcript or log says why)";
