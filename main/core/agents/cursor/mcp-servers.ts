// Cursor's MCP servers (documented): "mcpServers" in the user's ~/.cursor/mcp.json or a project's .cursor/mcp.json,
// entries shaped as Claude Code's (`command`/`args`/`env`, or `url` for a remote server).
import { join } from 'node:path';
import type { McpServersConfig } from '../mcp-wrap.js';
import { cursorDir } from './installer.js';

/** Where Cursor keeps MCP servers for a scope. */
export const cursorMcpServers: McpServersConfig = {
  locate(ctx) {
    const root = cursorDir(ctx);
    return { path: join(root, 'mcp.json'), root, httpEntry: (url) => ({ url }) };
  },
};
