// `gatehouse mcp-proxy --name NAME -- CMD [ARGS…]`: runs an MCP server behind the gate (main/core/mcp/proxy.ts).
import { startProxy } from '../mcp/proxy.js';
import { resolveHome } from '../store/home.js';

const USAGE = 'usage: gatehouse mcp-proxy --name NAME -- CMD [ARGS…]   (an MCP server on stdio, behind Gatehouse)';

/** Parses the command line, runs the proxy until either side closes; returns the exit code. */
export async function runMcpProxy(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const split = argv.indexOf('--');
  const own = split === -1 ? argv : argv.slice(0, split);
  const [command, ...args] = split === -1 ? [] : argv.slice(split + 1);
  const name = own[0] === '--name' ? own[1] : undefined;
  if (!name || own.length !== 2 || !command) {
    process.stderr.write(`gatehouse mcp-proxy: ${!name ? '--name NAME is required' : !command ? 'the server command goes after --' : `unexpected ${own.slice(2).join(' ')}`}\n${USAGE}\n`);
    return 2;
  }
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(name)) {
    process.stderr.write(`gatehouse mcp-proxy: --name must be letters, digits, _ or - (it becomes mcp__${name}__TOOL in rules)\n`);
    return 2;
  }
  try {
    const proxy = await startProxy({ name, command, args, home: resolveHome(env) });
    await proxy.closed;
    return 0;
  } catch (err) {
    process.stderr.write(`gatehouse mcp-proxy: ${(err as Error).message}\n`);
    return 1;
  }
}
