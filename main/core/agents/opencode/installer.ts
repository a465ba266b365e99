// OpenCode: Gatehouse's plugin in the plugins folder of the user's OpenCode config ($XDG_CONFIG_HOME/opencode, else
// ~/.config/opencode) or of a project (DIR/.opencode). A file Gatehouse owns whole: install never replaces a plugin
// it did not write, uninstall deletes only its own.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config-file.js';
import { projectDir, type AgentInstaller, type InstallContext } from '../installer.js';
import { isGatehousePlugin, pluginCommand, pluginSource } from './plugin.js';

/** The OpenCode config folder for a scope. */
export function opencodeDir(ctx: InstallContext): string {
  if (ctx.scope.kind === 'project') return join(projectDir(ctx.scope), '.opencode');
  return join(ctx.env.XDG_CONFIG_HOME || join(ctx.userHome, '.config'), 'opencode');
}

/** Where the plugin lives for a scope. */
export function pluginPath(ctx: InstallContext): string {
  return join(opencodeDir(ctx), 'plugins', 'gatehouse.js');
}

/** Installs and removes the OpenCode plugin. */
export const opencodeInstaller: AgentInstaller = {
  supportsHttp: false,
  detected: (ctx) => existsSync(opencodeDir(ctx)),
  edits(ctx) {
    const path = pluginPath(ctx);
    return [
      {
        path,
        root: opencodeDir(ctx),
        format: 'text',
        add(text, c) {
          if (text === null) return pluginSource(c.command);
          if (isGatehousePlugin(text)) return text;
          throw new ConfigError(`${path} exists and was not written by gatehouse install; move it away first`);
        },
        remove: (text) => (isGatehousePlugin(text) ? null : text),
        commands: (text) => [pluginCommand(text)].filter((c) => c !== null),
      },
    ];
  },
  warnings: () => [],
};
