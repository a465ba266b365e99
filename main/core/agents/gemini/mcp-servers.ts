// Gemini CLI's MCP servers: "mcpServers" in the settings.json of the user's or the project's .gemini folder.
import { join } from 'node:path';
import type { McpServersConfig } from '../mcp-wrap.js';
import { geminiDir } from './installer.js';

/** Where Gemini CLI keeps MCP servers for a scope. */
export const geminiMcpServers: McpServersConfig = {
  locate(ctx) {
    const root = geminiDir(ctx);
    return { path: join(root, 'settings.json'), root, httpEntry: (url) => ({ httpUrl: url }) };
  },
};
