// `gatehouse mcp-proxy --name NAME [--home DIR] [--sandbox] (--url URL | -- CMD [ARGS…])`: runs an MCP server behind
// the gate (main/core/mcp/proxy.ts), with --sandbox inside the OS sandbox of the running Gatehouse.
import { parseArgs } from 'node:util';
import { startProxy, type ProxyOptions } from '../mcp/proxy.js';
import { homeNamed } from '../store/home.js';

const USAGE = 'usage: gatehouse mcp-proxy --name NAME [--home DIR] [--sandbox] -- CMD [ARGS…]   (an MCP server on stdio, behind Gatehouse; --sandbox: inside the OS sandbox)\n       gatehouse mcp-proxy --name NAME [--home DIR] --url URL        (an MCP server over Streamable HTTP)';

/** The upstream from the command line, or why it is not one. */
function upstreamOf(url: string | undefined, rest: string[]): ProxyOptions['upstream'] | string {
  if (url !== undefined && rest.length > 0) return 'give --url or a command after --, not both';
  if (url === undefined) return rest.length > 0 ? { command: rest[0]!, args: rest.slice(1) } : 'the server command goes after -- (or give --url URL)';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `--url ${JSON.stringify(url)} is not a URL`;
  }
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? { url: parsed } : `--url must be http or https, not ${parsed.protocol}`;
}

/** Parses the command line, runs the proxy until either side closes; returns the exit code. */
export async function runMcpProxy(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const split = argv.indexOf('--');
  const fail = (why: string) => {
    process.stderr.write(`gatehouse mcp-proxy: ${why}\n${USAGE}\n`);
    return 2;
  };
  let values: { name?: string; url?: string; home?: string; sandbox?: boolean };
  try {
    ({ values } = parseArgs({ args: split === -1 ? argv : argv.slice(0, split), options: { name: { type: 'string' }, url: { type: 'string' }, home: { type: 'string' }, sandbox: { type: 'boolean' } }, strict: true }));
  } catch (err) {
    return fail((err as Error).message);
  }
  const name = values.name;
  if (!name) return fail('--name NAME is required');
  const upstream = upstreamOf(values.url, split === -1 ? [] : argv.slice(split + 1));
  if (typeof upstream === 'string') return fail(upstream);
  if (values.sandbox && 'url' in upstream) return fail('--sandbox runs a server Gatehouse starts (a command after --); a --url server runs elsewhere');
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(name)) {
    process.stderr.write(`gatehouse mcp-proxy: --name must be letters, digits, _ or - (it becomes mcp__${name}__TOOL in rules)\n`);
    return 2;
  }
  try {
    const proxy = await startProxy({ name, upstream, home: homeNamed(values.home, env), sandbox: values.sandbox === true });
    await proxy.closed;
    return 0;
  } catch (err) {
    process.stderr.write(`gatehouse mcp-proxy: ${(err as Error).message}\n`);
    return 1;
  }
}
