// `gatehouse install mcp --client AGENT --server NAME`: an MCP server an agent already runs, put behind
// `gatehouse mcp-proxy` by rewriting its entry in the agent's config, and put back by uninstall. Stdio servers keep
// their command after `--`; Streamable HTTP servers become `--url`. The rest of the entry (env, timeouts, …) stays.
import { applyEdits, modify } from 'jsonc-parser';
import { ConfigError } from './config-file.js';
import { isPlainObject } from './hook-agent.js';
import { formatting, parseSettings } from './json-hooks.js';
import type { FileEdit, InstallContext } from './installer.js';

/** Where one agent keeps its MCP servers for a scope, and how it spells an HTTP server's entry. */
export interface McpServersFile {
  path: string;
  root: string;
  /** The entry of an HTTP server at `url` in this agent's spelling (what unwrapping a `--url` proxy gives back). */
  httpEntry(url: string): Record<string, unknown>;
}

/** One agent's MCP server configuration. */
export interface McpServersConfig {
  locate(ctx: InstallContext): McpServersFile;
}

/** How the wrapped entry starts the proxy: this node and this Gatehouse's bin. */
export interface ProxyCommand {
  node: string;
  bin: string;
}

const URL_KEYS = ['url', 'httpUrl', 'type', 'headers'];

/** Whether an entry already runs through Gatehouse's proxy (and for which name). */
export function proxiedName(entry: Record<string, unknown>): string | null {
  const args = entry['args'];
  if (!Array.isArray(args) || args[1] !== 'mcp-proxy' || args[2] !== '--name' || typeof args[3] !== 'string') return null;
  return args[3];
}

/** The entry with the server behind the proxy; throws ConfigError for an entry the proxy cannot stand in for. */
export function wrapEntry(name: string, entry: Record<string, unknown>, proxy: ProxyCommand): Record<string, unknown> {
  const url = typeof entry['httpUrl'] === 'string' ? entry['httpUrl'] : typeof entry['url'] === 'string' ? entry['url'] : null;
  const rest = Object.fromEntries(Object.entries(entry).filter(([k]) => !['command', 'args', ...URL_KEYS].includes(k)));
  const kept = entry['type'] === 'stdio' ? { type: 'stdio' } : {};
  if (url !== null) {
    if (entry['headers'] !== undefined) throw new ConfigError(`MCP server ${name} sends HTTP headers (a token?), which mcp-proxy --url cannot forward; wrap it by hand or leave it as it is`);
    if (entry['type'] === 'sse') throw new ConfigError(`MCP server ${name} uses the old SSE transport; mcp-proxy --url speaks Streamable HTTP only`);
    return { ...kept, command: proxy.node, args: [proxy.bin, 'mcp-proxy', '--name', name, '--url', url], ...rest };
  }
  if (typeof entry['command'] !== 'string' || entry['command'] === '') throw new ConfigError(`MCP server ${name} has neither a command nor a url`);
  const args = entry['args'] ?? [];
  if (!Array.isArray(args) || !args.every((a) => typeof a === 'string')) throw new ConfigError(`MCP server ${name}: "args" is not a list of strings`);
  return { ...kept, command: proxy.node, args: [proxy.bin, 'mcp-proxy', '--name', name, '--', entry['command'], ...args], ...rest };
}

/** The entry as it was before wrapEntry (an HTTP server in the agent's own spelling), or null when it is not wrapped. */
export function unwrapEntry(entry: Record<string, unknown>, httpEntry: (url: string) => Record<string, unknown>): Record<string, unknown> | null {
  if (proxiedName(entry) === null) return null;
  const args = entry['args'] as string[];
  const rest = Object.fromEntries(Object.entries(entry).filter(([k]) => k !== 'command' && k !== 'args' && k !== 'type'));
  if (args[4] === '--url' && typeof args[5] === 'string') return { ...httpEntry(args[5]), ...rest };
  if (args[4] !== '--' || typeof args[5] !== 'string') return null;
  return { ...(entry['type'] === 'stdio' ? { type: 'stdio' } : {}), command: args[5], ...(args.length > 6 ? { args: args.slice(6) } : {}), ...rest };
}

/** The server's entry in a JSON config (`mcpServers.NAME`), checked. */
function jsonEntry(text: string, path: string, name: string): Record<string, unknown> {
  const servers = parseSettings(text, path)['mcpServers'];
  const entry = isPlainObject(servers) ? servers[name] : undefined;
  if (!isPlainObject(entry)) throw new ConfigError(`${path} has no MCP server called ${name}${isPlainObject(servers) ? ` (it has: ${Object.keys(servers).join(', ') || 'none'})` : ''}; nothing was written`);
  return entry;
}

/** The FileEdit that wraps (add) and unwraps (remove) server `name` in a JSON config. */
export function jsonWrapEdit(file: McpServersFile, name: string, proxy: ProxyCommand): FileEdit {
  const put = (text: string, entry: Record<string, unknown>) => applyEdits(text, modify(text, ['mcpServers', name], entry, { formattingOptions: formatting(text) }));
  return {
    path: file.path,
    root: file.root,
    format: 'json',
    add(text) {
      if (text === null) throw new ConfigError(`${file.path} does not exist, so it has no MCP server called ${name}`);
      const entry = jsonEntry(text, file.path, name);
      if (proxiedName(entry) !== null) return text;
      return put(text, wrapEntry(name, entry, proxy));
    },
    remove(text) {
      const original = unwrapEntry(jsonEntry(text, file.path, name), file.httpEntry);
      return original === null ? text : put(text, original);
    },
  };
}
