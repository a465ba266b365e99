// `gatehouse acp-proxy [--agent NAME] -- CMD [ARGS…]`: runs an ACP agent behind the gate (main/core/acp/proxy.ts).
import { parseArgs } from 'node:util';
import { runAcpProxy as runProxy } from '../acp/proxy.js';
import { resolveHome } from '../store/home.js';

const USAGE = 'usage: gatehouse acp-proxy [--agent NAME] -- CMD [ARGS…]   (an ACP agent on stdio; Gatehouse answers its permission requests)';

/** Parses the command line, runs the proxy until the agent exits; returns the exit code (the agent's). */
export async function runAcpProxy(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const split = argv.indexOf('--');
  const fail = (why: string) => {
    process.stderr.write(`gatehouse acp-proxy: ${why}\n${USAGE}\n`);
    return 2;
  };
  let values: { agent?: string };
  try {
    ({ values } = parseArgs({ args: split === -1 ? argv : argv.slice(0, split), options: { agent: { type: 'string' } }, strict: true }));
  } catch (err) {
    return fail((err as Error).message);
  }
  const rest = split === -1 ? [] : argv.slice(split + 1);
  if (rest.length === 0) return fail('the agent command goes after --');
  if (values.agent !== undefined && !/^[A-Za-z0-9._-]{1,60}$/.test(values.agent)) return fail('--agent must be 1 to 60 letters, digits, ., _ or -');
  return runProxy({ command: rest[0]!, args: rest.slice(1), home: resolveHome(env), ...(values.agent === undefined ? {} : { agentName: values.agent }) });
}
