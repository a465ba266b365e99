// Claude Code's MCP servers: a project's `.mcp.json`, or the user's `~/.claude.json` ($CLAUDE_CONFIG_DIR/.claude.json
// when set), both under "mcpServers".
import { join } from 'node:path';
import { projectDir } from '../installer.js';
import type { McpServersConfig } from '../mcp-wrap.js';

/** Where Claude Code keeps MCP servers for a scope. */
export const claudeCodeMcpServers: McpServersConfig = {
  locate(ctx) {
    const root = ctx.scope.kind === 'project' ? projectDir(ctx.scope) : ctx.env.CLAUDE_CONFIG_DIR || ctx.userHome;
    return { path: join(root, ctx.scope.kind === 'project' ? '.mcp.json' : '.claude.json'), root, httpEntry: (url) => ({ type: 'http', url }) };
  },
};
