// The MCP servers an agent runs through `gatehouse mcp-proxy`, and the home each one asks: what `doctor` and `status`
// check, so a proxy pointing at a home where no Gatehouse runs (every tool call refused) is named with its fix.
import { readFileSync } from 'node:fs';
import { parse as parseJsonc } from 'jsonc-parser';
import { parse as parseToml } from 'smol-toml';
import { homeNamed } from '../store/home.js';
import { isPlainObject } from './hook-agent.js';
import type { InstallContext } from './installer.js';
import { proxiedHome, proxiedName, proxiedSandboxed } from './mcp-wrap.js';
import type { AgentEntry } from './registry.js';

/** One MCP server entry that runs through the proxy. */
export interface ProxiedServer {
  /** The agent's CLI name (`install mcp --client`). */
  cli: string;
  /** Its key in the config (`install mcp --server`). */
  name: string;
  /** The config file that holds the entry. */
  path: string;
  /** The home its proxy asks: its `--home`, else the environment's (the agent's, taken to be this one's). */
  home: string;
  /** `--sandbox`: the server runs inside the OS sandbox of that Gatehouse. */
  sandboxed: boolean;
}

/** The servers of one agent at one scope that run through the proxy; none when the agent has no such file, it is missing or it does not parse. */
export function proxiedServers(agent: AgentEntry, ctx: InstallContext): ProxiedServer[] {
  let path: string;
  let format: 'json' | 'toml';
  try {
    ({ path, format } = agent.mcpFile(ctx));
  } catch {
    return []; // no MCP file at this scope (Cline keeps its servers for the user only)
  }
  let servers: unknown;
  try {
    const text = readFileSync(path, 'utf8');
    servers = format === 'toml' ? (parseToml(text) as Record<string, unknown>)['mcp_servers'] : (parseJsonc(text, [], { allowTrailingComma: true }) as Record<string, unknown> | null)?.['mcpServers'];
  } catch {
    return [];
  }
  if (!isPlainObject(servers)) return [];
  return Object.entries(servers).flatMap(([name, entry]) =>
    isPlainObject(entry) && proxiedName(entry) !== null ? [{ cli: agent.cli, name, path, home: homeNamed(proxiedHome(entry), ctx.env), sandboxed: proxiedSandboxed(entry) }] : [],
  );
}

/** How a proxied server runs, for status and doctor: `through mcp-proxy for HOME[, inside the OS sandbox]`. */
export function proxiedHow(server: ProxiedServer): string {
  return `through mcp-proxy for ${server.home}${server.sandboxed ? ', inside the OS sandbox' : ''}`;
}

/** Why a proxied server's tool calls are all refused (no verified Gatehouse for its home), and the fix. */
export function proxyProblem(server: ProxiedServer, problem: string): { what: string; fix: string } {
  return {
    what: `MCP server ${server.name} in ${server.path} runs through mcp-proxy for ${server.home}, where it cannot reach Gatehouse (${problem}); every tool call of it is refused`,
    fix: `start Gatehouse for that home (\`gatehouse serve --home ${server.home}\`), or put the server behind the Gatehouse you run: \`gatehouse uninstall mcp --client ${server.cli} --server ${server.name}\` then \`install mcp\` again with its GATEHOUSE_HOME`,
  };
}
