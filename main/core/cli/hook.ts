// `gatehouse hook <agent> [--home DIR]`: reads the hook event on stdin, prints Gatehouse's answer in
// the agent's dialect (or its fallback). Imports only the thin client: this runs before every tool call and must
// start as fast as node itself. Every way out refuses in the agent's own words: a deny it honours, or for Claude Code
// the silence after which it asks the person itself; never an exit the agent reads as "go on".
import { oneLine, type HookAgent } from '../agents/hook-agent.js';
import { HOOK_AGENTS, hookAgent } from '../agents/hook-registry.js';
import { askGatehouse, DEFAULT_HOOK_TIMEOUT_S, type HookResult } from '../hook-client/client.js';
import { resolveHome } from '../store/home.js';
import { readStdin, writeAll } from '../hook-client/stdio.js';

/** Larger than any real event; anything bigger is refused unread. */
const MAX_EVENT_BYTES = 16 * 1024 * 1024;

/** The agent and the home (`--home DIR`, recorded by install for a home other than the default) of a hook command line. */
export function hookArgs(argv: string[], env: NodeJS.ProcessEnv): { agent: HookAgent; home: string } | null {
  const agent = hookAgent(argv[0] ?? '');
  if (!agent) return null;
  if (argv.length === 1) return { agent, home: resolveHome(env) };
  if (argv.length === 3 && argv[1] === '--home' && argv[2]) return { agent, home: resolveHome({ ...env, GATEHOUSE_HOME: argv[2] }) };
  return null;
}

/** Runs the hook; returns the exit code: 0 with an answer or a printed refusal, else the agent's silentExit. */
export async function runHook(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const args = hookArgs(argv, env);
  if (!args) {
    process.stderr.write(`usage: gatehouse hook <${HOOK_AGENTS.map((a) => a.cli).join('|')}> [--home DIR]   (reads one hook event of that agent on stdin)\n`);
    return 1;
  }
  const { agent, home } = args;
  let result: HookResult;
  try {
    const stdin = await readStdin(MAX_EVENT_BYTES);
    result = stdin === null
      ? { output: agent.fallback('', 'the hook event on stdin is larger than any real event'), fallback: 'the hook event on stdin is larger than any real event' }
      : await askGatehouse({ stdin, agent, home, timeoutMs: hookTimeoutMs(env, agent.killedAfterS) });
  } catch (err) {
    const why = `the hook failed (${err instanceof Error ? err.message : String(err)})`;
    result = { output: agent.fallback('', why), fallback: why };
  }
  // One line on stderr when there is no decision, so a person can tell why the agent asks them itself; for an agent
  // whose refusal is exit 2, the agent shows this line as the reason.
  if (result.fallback !== null) {
    const then = result.output === '' && agent.silentExit === 0 ? 'the agent falls back to its own prompt' : 'denied, because silence would let this agent run it';
    await writeAll(2, `gatehouse hook: no decision — ${oneLine(result.fallback)}; ${then}\n`);
  }
  if (result.output !== '') await writeAll(1, result.output);
  return result.output === '' && result.fallback !== null ? agent.silentExit : 0;
}

/**
 * GATEHOUSE_HOOK_TIMEOUT (seconds) when it is a positive number, else just under Claude Code's limit; never past 90% of
 * the time after which the agent kills the hook (and, for Cline, runs the call), so the refusal is printed first.
 */
export function hookTimeoutMs(env: NodeJS.ProcessEnv, killedAfterS?: number): number {
  const s = Number(env.GATEHOUSE_HOOK_TIMEOUT);
  const limit = killedAfterS === undefined ? DEFAULT_HOOK_TIMEOUT_S : Math.min(DEFAULT_HOOK_TIMEOUT_S, killedAfterS * 0.9);
  return (Number.isFinite(s) && s > 0 ? Math.min(s, limit) : limit) * 1000;
}
