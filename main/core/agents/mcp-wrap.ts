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

/** How the wrapped entry starts the proxy: this node and this Gatehouse's bin, and its home when not the default. */
export interface ProxyCommand {
  node: string;
  bin: string;
  /** The home to name with `--home` (homeToRecord): the proxy asks the instance serving it, whatever the agent's environment says. */
  home?: string | null;
}

const URL_KEYS = ['url', 'httpUrl', 'type', 'headers'];

/** Whether an entry already runs through Gatehouse's proxy (and for which name). */
export function proxiedName(entry: Record<string, unknown>): string | null {
  const args = entry['args'];
  if (!Array.isArray(args) || args[1] !== 'mcp-proxy' || args[2] !== '--name' || typeof args[3] !== 'string') return null;
  return args[3];
}

/** The `--home` a proxied entry names (null: the proxy uses its environment's home); undefined when not proxied. */
export function proxiedHome(entry: Record<string, unknown>): string | null | undefined {
  if (proxiedName(entry) === null) return undefined;
  const args = entry['args'] as unknown[];
  return args[4] === '--home' && typeof args[5] === 'string' ? args[5] : null;
}

/** The proxy's own words of a wrapped entry: `BIN mcp-proxy --name NAME [--home DIR]`. */
function proxyHead(name: string, proxy: ProxyCommand): string[] {
  return [proxy.bin, 'mcp-proxy', '--name', name, ...(proxy.home ? ['--home', proxy.home] : [])];
}

/** The entry with the server behind the proxy; throws ConfigError for an entry the proxy cannot stand in for. */
export function wrapEntry(name: string, entry: Record<string, unknown>, proxy: ProxyCommand): Record<string, unknown> {
  const url = typeof entry['httpUrl'] === 'string' ? entry['httpUrl'] : typeof entry['url'] === 'string' ? entry['url'] : null;
  const rest = Object.fromEntries(Object.entries(entry).filter(([k]) => !['command', 'args', ...URL_KEYS].includes(k)));
  const kept = entry['type'] === 'stdio' ? { type: 'stdio' } : {};
  if (url !== null) {
    if (entry['headers'] !== undefined) throw new ConfigError(`MCP server ${name} sends HTTP headers (a token?), which mcp-proxy --url cannot forward; wrap it by hand or leave it as it is`);
    if (entry['type'] === 'sse') throw new ConfigError(`MCP server ${name} uses the old SSE transport; mcp-proxy --url speaks Streamable HTTP only`);
    return { ...kept, command: proxy.node, args: [...proxyHead(name, proxy), '--url', url], ...rest };
  }
  if (typeof entry['command'] !== 'string' || entry['command'] === '') throw new ConfigError(`MCP server ${name} has neither a command nor a url`);
  const args = entry['args'] ?? [];
  if (!Array.isArray(args) || !args.every((a) => typeof a === 'string')) throw new ConfigError(`MCP server ${name}: "args" is not a list of strings`);
  return { ...kept, command: proxy.node, args: [...proxyHead(name, proxy), '--', entry['command'], ...args], ...rest };
}

/** The entry as it was before wrapEntry (an HTTP server in the agent's own spelling), or null when it is not wrapped. */
export function unwrapEntry(entry: Record<string, unknown>, httpEntry: (url: string) => Record<string, unknown>): Record<string, unknown> | null {
  const home = proxiedHome(entry);
  if (home === undefined) return null;
  const args = (entry['args'] as string[]).slice(home === null ? 4 : 6);
  const rest = Object.fromEntries(Object.entries(entry).filter(([k]) => k !== 'command' && k !== 'args' && k !== 'type'));
  if (args[0] === '--url' && typeof args[1] === 'string') return { ...httpEntry(args[1]), ...rest };
  if (args[0] !== '--' || typeof args[1] !== 'string') return null;
  return { ...(entry['type'] === 'stdio' ? { type: 'stdio' } : {}), command: args[1], ...(args.length > 2 ? { args: args.slice(2) } : {}), ...rest };
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
