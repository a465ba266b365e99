// `gatehouse hook <claude-code|gemini|codex>`: reads the hook event on stdin, prints Gatehouse's answer in the agent's
// dialect (or its fallback), exits 0. Imports only the thin client: this runs before every tool call and must start
// as fast as node itself.
import { oneLine } from '../agents/hook-agent.js';
import { HOOK_AGENTS, hookAgent } from '../agents/hook-registry.js';
import { askGatehouse, DEFAULT_HOOK_TIMEOUT_S } from '../hook-client/client.js';
import { resolveHome } from '../store/home.js';
import { readStdin, writeAll } from '../hook-client/stdio.js';

const MAX_EVENT_BYTES = 16 * 1024 * 1024;

/** Runs the hook; returns the exit code (0 whatever Gatehouse said, so no agent reads a failure as a block). */
export async function runHook(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const agent = argv.length === 1 ? hookAgent(argv[0] ?? '') : undefined;
  if (!agent) {
    process.stderr.write(`usage: gatehouse hook <${HOOK_AGENTS.map((a) => a.cli).join('|')}>   (reads one hook event of that agent on stdin)\n`);
    return 1;
  }
  const stdin = await readStdin(MAX_EVENT_BYTES);
  const result = stdin === null
    ? { output: agent.fallback('', 'the hook event on stdin is larger than any real event'), fallback: 'the hook event on stdin is larger than any real event' }
    : await askGatehouse({ stdin, agent, home: resolveHome(env), timeoutMs: hookTimeoutMs(env) });
  // One line on stderr when there is no decision, so a person can tell why the agent asks them itself.
  if (result.fallback !== null) {
    const then = result.output === '' ? 'the agent falls back to its own prompt' : 'denied, because silence would let this agent run it';
    await writeAll(2, `gatehouse hook: no decision — ${oneLine(result.fallback)}; ${then}\n`);
  }
  if (result.output !== '') await writeAll(1, result.output);
  return 0;
}

/** GATEHOUSE_HOOK_TIMEOUT (seconds) when it is a positive number, else just under Claude Code's limit. */
export function hookTimeoutMs(env: NodeJS.ProcessEnv): number {
  const s = Number(env.GATEHOUSE_HOOK_TIMEOUT);
  return (Number.isFinite(s) && s > 0 ? Math.min(s, DEFAULT_HOOK_TIMEOUT_S) : DEFAULT_HOOK_TIMEOUT_S) * 1000;
}
