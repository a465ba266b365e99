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
  /** `--sandbox`: the server runs inside the OS sandbox of that Gatehouse. */
  sandbox?: boolean;
}

const URL_KEYS = ['url', 'httpUrl', 'type', 'headers'];

/** Whether an entry already runs through Gatehouse's proxy (and for which name). */
export function proxiedName(entry: Record<string, unknown>): string | null {
  const args = entry['args'];
  if (!Array.isArray(args) || args[1] !== 'mcp-proxy' || args[2] !== '--name' || typeof args[3] !== 'string') return null;
  return args[3];
}

/** A proxied entry's flags after `--name NAME` (`--home DIR`, `--sandbox`), and what follows them; null when not proxied. */
function proxyFlags(entry: Record<string, unknown>): { home: string | null; sandbox: boolean; rest: unknown[] } | null {
  if (proxiedName(entry) === null) return null;
  const args = entry['args'] as unknown[];
  const flags = { home: null as string | null, sandbox: false };
  let i = 4;
  for (;;) {
    if (args[i] === '--home' && typeof args[i + 1] === 'string') {
      flags.home = args[i + 1] as string;
      i += 2;
    } else if (args[i] === '--sandbox') {
      flags.sandbox = true;
      i += 1;
    } else break;
  }
  return { ...flags, rest: args.slice(i) };
}

/** The `--home` a proxied entry names (null: the proxy uses its environment's home); undefined when not proxied. */
export function proxiedHome(entry: Record<string, unknown>): string | null | undefined {
  return proxyFlags(entry)?.home;
}

/** Whether a proxied entry runs its server inside the OS sandbox (`--sandbox`). */
export function proxiedSandboxed(entry: Record<string, unknown>): boolean {
  return proxyFlags(entry)?.sandbox === true;
}

/** The proxy's own words of a wrapped entry: `BIN mcp-proxy --name NAME [--home DIR] [--sandbox]`. */
function proxyHead(name: string, proxy: ProxyCommand): string[] {
  return [proxy.bin, 'mcp-proxy', '--name', name, ...(proxy.home ? ['--home', proxy.home] : []), ...(proxy.sandbox ? ['--sandbox'] : [])];
}

/** The entry with the server behind the proxy; throws ConfigError for an entry the proxy cannot stand in for. */
export function wrapEntry(name: string, entry: Record<string, unknown>, proxy: ProxyCommand): Record<string, unknown> {
  const url = typeof entry['httpUrl'] === 'string' ? entry['httpUrl'] : typeof entry['url'] === 'string' ? entry['url'] : null;
  const rest = Object.fromEntries(Object.entries(entry).filter(([k]) => !['command', 'args', ...URL_KEYS].includes(k)));
  const kept = entry['type'] === 'stdio' ? { type: 'stdio' } : {};
  if (url !== null) {
    if (entry['headers'] !== undefined) throw new ConfigError(`MCP server ${name} sends HTTP headers (a token?), which mcp-proxy --url cannot forward; wrap it by hand or leave it as it is`);
    if (entry['type'] === 'sse') throw new ConfigError(`MCP server ${name} uses the old SSE transport; mcp-proxy --url speaks Streamable HTTP only`);
    if (proxy.sandbox) throw new ConfigError(`MCP server ${name} is reached at ${url}, where it runs on its own: --sandbox can only contain a server the proxy starts (a command)`);
    return { ...kept, command: proxy.node, args: [...proxyHead(name, proxy), '--url', url], ...rest };
  }
  if (typeof entry['command'] !== 'string' || entry['command'] === '') throw new ConfigError(`MCP server ${name} has neither a command nor a url`);
  const args = entry['args'] ?? [];
  if (!Array.isArray(args) || !args.every((a) => typeof a === 'string')) throw new ConfigError(`MCP server ${name}: "args" is not a list of strings`);
  return { ...kept, command: proxy.node, args: [...proxyHead(name, proxy), '--', entry['command'], ...args], ...rest };
}

/** The entry as it was before wrapEntry (an HTTP server in the agent's own spelling), or null when it is not wrapped. */
export function unwrapEntry(entry: Record<string, unknown>, httpEntry: (url: string) => Record<string, unknown>): Record<string, unknown> | null {
  const flags = proxyFlags(entry);
  if (flags === null) return null;
  const args = flags.rest;
  const rest = Object.fromEntries(Object.entries(entry).filter(([k]) => k !== 'command' && k !== 'args' && k !== 'type'));
  if (args[0] === '--url' && typeof args[1] === 'string') return { ...httpEntry(args[1]), ...rest };
  if (args[0] !== '--' || typeof args[1] !== 'string') return null;
  return { ...(entry['type'] === 'stdio' ? { type: 'stdio' } : {}), command: args[1], ...(args.length > 2 ? { args: args.slice(2) } : {}), ...rest };
}

/**
 * The entry as install leaves it, or null when it is already so: a plain entry wrapped; a proxied one re-wrapped only to
 * add `--sandbox` (an install without it never takes a sandbox away: uninstall does).
 */
export function wrappedAs(name: string, entry: Record<string, unknown>, proxy: ProxyCommand, httpEntry: (url: string) => Record<string, unknown>): Record<string, unknown> | null {
  if (proxiedName(entry) === null) return wrapEntry(name, entry, proxy);
  if (!proxy.sandbox || proxiedSandboxed(entry)) return null;
  const original = unwrapEntry(entry, httpEntry);
  return original === null ? null : wrapEntry(name, original, proxy);
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
      const wrapped = wrappedAs(name, jsonEntry(text, file.path, name), proxy, file.httpEntry);
      return wrapped === null ? text : put(text, wrapped);
    },
    remove(text) {
      const original = unwrapEntry(jsonEntry(text, file.path, name), file.httpEntry);
      return original === null ? text : put(text, original);
    },
  };
}
