// Codex's MCP servers: `[mcp_servers.NAME]` tables in $CODEX_HOME/config.toml (command, args, env; or url). Wrapping
// one in the proxy rewrites only its command/args (or url) lines, so the person's comments and layout stay; the
// result is checked by parsing it back.
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { ConfigError } from '../config-file.js';
import { isPlainObject } from '../hook-agent.js';
import type { FileEdit, InstallContext } from '../installer.js';
import { type ProxyCommand, unwrapEntry, wrappedAs } from '../mcp-wrap.js';
import { codexHome } from './installer.js';

const httpEntry = (url: string) => ({ url });

function parsed(text: string, path: string): Record<string, unknown> {
  try {
    return parseToml(text) as Record<string, unknown>;
  } catch (err) {
    throw new ConfigError(`${path} does not parse (${(err as Error).message.split('\n')[0]}); nothing was written`);
  }
}

function entryOf(text: string, path: string, name: string): Record<string, unknown> {
  const servers = parsed(text, path)['mcp_servers'];
  const entry = isPlainObject(servers) ? servers[name] : undefined;
  if (!isPlainObject(entry)) throw new ConfigError(`${path} has no [mcp_servers.${name}]; nothing was written`);
  return entry;
}

/** A TOML string (basic strings share JSON's escapes). */
const tomlString = (s: string) => JSON.stringify(s);

/**
 * The text with server `name`'s command/args/url lines replaced by `entry`'s, or a ConfigError when its table is not
 * one `[mcp_servers.NAME]` header with one-line keys (then the person edits it by hand).
 */
function rewrite(text: string, path: string, name: string, entry: Record<string, unknown>): string {
  const lines = text.split('\n');
  const header = lines.findIndex((l) => new RegExp(`^\\s*\\[\\s*mcp_servers\\.("${name}"|'${name}'|${name})\\s*\\]\\s*(#.*)?$`).test(l));
  if (header === -1) throw new ConfigError(`${path}: ${name} is not in its own [mcp_servers.${name}] table; wrap it by hand`);
  let end = lines.findIndex((l, i) => i > header && /^\s*\[/.test(l));
  if (end === -1) end = lines.length;
  const body = lines.slice(header + 1, end);
  const keyLine = (key: string) => body.findIndex((l) => new RegExp(`^\\s*${key}\\s*=`).test(l));
  for (const key of ['command', 'args', 'url']) {
    const at = keyLine(key);
    if (at !== -1 && key === 'args' && !/\]\s*(#.*)?$/.test(body[at]!)) throw new ConfigError(`${path}: the args of [mcp_servers.${name}] span several lines; wrap it by hand`);
  }
  const fresh: string[] = [];
  if (typeof entry['command'] === 'string') fresh.push(`command = ${tomlString(entry['command'])}`);
  if (Array.isArray(entry['args'])) fresh.push(`args = [${(entry['args'] as string[]).map(tomlString).join(', ')}]`);
  if (typeof entry['url'] === 'string') fresh.push(`url = ${tomlString(entry['url'])}`);
  const first = Math.min(...['command', 'args', 'url'].map(keyLine).filter((i) => i !== -1));
  const kept = body.filter((l) => !/^\s*(command|args|url)\s*=/.test(l));
  const at = Number.isFinite(first) ? first : 0;
  const out = [...lines.slice(0, header + 1), ...kept.slice(0, at), ...fresh, ...kept.slice(at), ...lines.slice(end)].join('\n');
  const got = entryOf(out, path, name);
  for (const [k, v] of Object.entries(entry)) {
    if (JSON.stringify(got[k]) !== JSON.stringify(v)) throw new ConfigError(`${path}: could not rewrite [mcp_servers.${name}] exactly; wrap it by hand`);
  }
  return out;
}

/** Where Codex keeps its MCP servers: $CODEX_HOME/config.toml whatever the scope. */
export function codexMcpFile(ctx: InstallContext): { path: string; format: 'toml' } {
  return { path: join(codexHome(ctx), 'config.toml'), format: 'toml' };
}

/** The FileEdit that wraps and unwraps one Codex MCP server ($CODEX_HOME/config.toml whatever the scope). */
export function codexWrapEdit(ctx: InstallContext, name: string, proxy: ProxyCommand): FileEdit {
  const root = codexHome(ctx);
  const path = codexMcpFile(ctx).path;
  return {
    path,
    root,
    format: 'toml',
    add(text) {
      if (text === null) throw new ConfigError(`${path} does not exist, so it has no MCP server called ${name}`);
      const entry = entryOf(text, path, name);
      if (entry['bearer_token_env_var'] !== undefined || entry['http_headers'] !== undefined || entry['env_http_headers'] !== undefined) {
        throw new ConfigError(`MCP server ${name} sends HTTP headers (a token?), which mcp-proxy --url cannot forward; wrap it by hand or leave it as it is`);
      }
      const wrapped = wrappedAs(name, entry, proxy, httpEntry);
      if (wrapped === null) return text;
      return rewrite(text, path, name, { command: wrapped['command'], args: wrapped['args'] });
    },
    remove(text) {
      const original = unwrapEntry(entryOf(text, path, name), httpEntry);
      if (original === null) return text;
      return rewrite(text, path, name, Object.fromEntries(['command', 'args', 'url'].filter((k) => original[k] !== undefined).map((k) => [k, original[k]])));
    },
  };
}
