// Qwen Code's MCP servers: "mcpServers" in the settings.json of the user's or the project's .qwen folder (Gemini's shape).
import { join } from 'node:path';
import type { McpServersConfig } from '../mcp-wrap.js';
import { qwenDir } from './installer.js';

/** Where Qwen Code keeps MCP servers for a scope. */
export const qwenMcpServers: McpServersConfig = {
  locate(ctx) {
    const root = qwenDir(ctx);
    return { path: join(root, 'settings.json'), root, httpEntry: (url) => ({ httpUrl: url }) };
  },
};
