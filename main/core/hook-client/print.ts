// What `gatehouse hook` prints for a result, and its exit code: one function for the Node hook (cli/hook.ts) and the
// server answering the native hook (server/routes/native-hook.ts), so both say exactly the same to the agent.
import { oneLine, type HookAgent } from '../agents/hook-agent.js';
import type { HookResult } from './client.js';

/** A hook run's whole effect on the agent: its stdout, its stderr and its exit code. */
export interface HookPrint {
  stdout: string;
  stderr: string;
  exit: number;
}

/**
 * The answer (or the agent's fallback) on stdout; one line on stderr when there is no decision, so a person can tell
 * why the agent asks them itself (for an agent whose refusal is exit 2, the agent shows it as the reason); exit 0 with
 * an answer or a printed refusal, else the agent's silentExit.
 */
export function hookPrint(agent: HookAgent, result: HookResult): HookPrint {
  let stderr = '';
  if (result.fallback !== null) {
    const then = result.output === '' && agent.silentExit === 0 ? 'the agent falls back to its own prompt' : 'denied, because silence would let this agent run it';
    stderr = `gatehouse hook: no decision — ${oneLine(result.fallback)}; ${then}\n`;
  }
  return { stdout: result.output, stderr, exit: result.output === '' && result.fallback !== null ? agent.silentExit : 0 };
}

/** The result of a hook run that has no decision to ask for: the agent's fallback, for `why`. */
export function fallbackResult(agent: HookAgent, why: string): HookResult {
  return { output: agent.fallback('', why), fallback: why };
}
