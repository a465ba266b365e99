// Cline's MCP servers: "mcpServers" in CLINE_MCP_SETTINGS_PATH, else data/settings/cline_mcp_settings.json below its
// data folder (CLINE_DATA_DIR, else CLINE_DIR or ~/.cline, then data); the user's only.
import { dirname, join } from 'node:path';
import { ConfigError } from '../config-file.js';
import type { McpServersConfig } from '../mcp-wrap.js';
import { clineDir } from './installer.js';

/** Where Cline keeps MCP servers. */
export const clineMcpServers: McpServersConfig = {
  locate(ctx) {
    if (ctx.scope.kind === 'project') throw new ConfigError('Cline keeps MCP servers for the user only: wrap it without --project');
    const data = ctx.env.CLINE_DATA_DIR || join(clineDir(ctx), 'data');
    const path = ctx.env.CLINE_MCP_SETTINGS_PATH || join(data, 'settings', 'cline_mcp_settings.json');
    return { path, root: dirname(path), httpEntry: (url) => ({ type: 'streamableHttp', url }) };
  },
};
