// `gatehouse hook <agent> [--home DIR]`: reads the hook event on stdin, prints Gatehouse's answer in
// the agent's dialect (or its fallback). Imports only the thin client: this runs before every tool call and must
// start as fast as node itself. Every way out refuses in the agent's own words: a deny it honours, or for Claude Code
// the silence after which it asks the person itself; never an exit the agent reads as "go on".
import type { HookAgent } from '../agents/hook-agent.js';
import { HOOK_AGENTS, hookAgent } from '../agents/hook-registry.js';
import { askGatehouse, hookTimeoutMs, loopbackChannel, MAX_EVENT_BYTES, type HookResult } from '../hook-client/client.js';
import { fallbackResult, hookPrint } from '../hook-client/print.js';
import { resolveHome } from '../store/home.js';
import { readStdin, writeAll } from '../hook-client/stdio.js';

/**
 * The agent, the home (`--home DIR`, recorded by install for a home other than the default) and the fallback reason
 * (`--fallback WHY`: the native hook's way out once its question was sent — it prints the agent's fallback and asks
 * nothing, so a call is never submitted twice) of a hook command line.
 */
export function hookArgs(argv: string[], env: NodeJS.ProcessEnv): { agent: HookAgent; home: string; fallback: string | null } | null {
  const agent = hookAgent(argv[0] ?? '');
  if (!agent) return null;
  const opts = new Map<string, string>();
  for (let i = 1; i < argv.length; i += 2) {
    const [name, value] = [argv[i]!, argv[i + 1]];
    if ((name !== '--home' && name !== '--fallback') || !value || opts.has(name)) return null;
    opts.set(name, value);
  }
  const named = opts.get('--home');
  return { agent, home: resolveHome(named ? { ...env, GATEHOUSE_HOME: named } : env), fallback: opts.get('--fallback') ?? null };
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
    if (args.fallback !== null) result = fallbackResult(agent, args.fallback);
    else if (stdin === null) result = fallbackResult(agent, 'the hook event on stdin is larger than any real event');
    else result = await askGatehouse({ stdin, agent, timeoutMs: hookTimeoutMs(env, agent.killedAfterS), channel: loopbackChannel(home, agent.cli) });
  } catch (err) {
    result = fallbackResult(agent, `the hook failed (${err instanceof Error ? err.message : String(err)})`);
  }
  const print = hookPrint(agent, result);
  if (print.stderr !== '') await writeAll(2, print.stderr);
  if (print.stdout !== '') await writeAll(1, print.stdout);
  return print.exit;
}
