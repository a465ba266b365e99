// Copilot CLI's MCP servers (`copilot mcp --help`, 1.0.102): "mcpServers" in the user's COPILOT_HOME/mcp-config.json,
// or a repository's .mcp.json.
import { join } from 'node:path';
import { projectDir } from '../installer.js';
import type { McpServersConfig } from '../mcp-wrap.js';
import { copilotHome } from './installer.js';

/** Where Copilot CLI keeps MCP servers for a scope. */
export const copilotMcpServers: McpServersConfig = {
  locate(ctx) {
    const user = ctx.scope.kind === 'user';
    const root = user ? copilotHome(ctx) : projectDir(ctx.scope);
    return { path: join(root, user ? 'mcp-config.json' : '.mcp.json'), root, httpEntry: (url) => ({ type: 'http', url }) };
  },
};
