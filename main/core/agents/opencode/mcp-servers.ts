// OpenCode's MCP servers (`mcp` in opencode.json) are not put behind `gatehouse mcp-proxy`: Gatehouse's plugin
// already sees every MCP tool call on tool.execute.before (OpenCode 1.18.33 names them `<server>_<tool>`), so a proxy
// would only ask the person twice.
import { ConfigError } from '../config-file.js';
import type { FileEdit } from '../installer.js';

/** Refuses `gatehouse install mcp --client opencode`, saying why. */
export function opencodeMcpWrap(): FileEdit {
  throw new ConfigError("OpenCode's MCP tool calls already pass Gatehouse's OpenCode plugin (`gatehouse install opencode`); there is nothing to wrap");
}

/** OpenCode has no MCP file with proxied servers for doctor and status to list (mcp-proxied.ts skips it). */
export function opencodeMcpFile(): { path: string; format: 'json' | 'toml' } {
  throw new ConfigError("OpenCode's MCP servers are not put behind the proxy");
}
