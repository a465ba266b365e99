// Claude Code: PreToolUse and PostToolUse hooks in settings.json (user: CLAUDE_CONFIG_DIR or ~/.claude; project: DIR/.claude), so
// every tool call passes Gatehouse; Claude Code's own deny and ask rules still apply after an allow.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { addHook, removeHook } from '../json-hooks.js';
import { isGatehouseHook, projectDir, type AgentInstaller, type InstallContext } from '../installer.js';

const isOurs = isGatehouseHook('claude-code');

/** The Claude Code folder for a scope. */
export function claudeDir(ctx: InstallContext): string {
  return ctx.scope.kind === 'project' ? join(projectDir(ctx.scope), '.claude') : ctx.env.CLAUDE_CONFIG_DIR || join(ctx.userHome, '.claude');
}

/** Installs and removes the Claude Code hook. */
export const claudeCodeInstaller: AgentInstaller = {
  supportsHttp: true,
  detected: (ctx) => existsSync(claudeDir(ctx)),
  edits(ctx) {
    const root = claudeDir(ctx);
    return [
      {
        path: join(root, 'settings.json'),
        root,
        format: 'json',
        add(text, c) {
          const hook = c.http
            ? { type: 'http', url: c.http.url, headers: { Authorization: `Bearer ${c.http.token}` }, timeout: 600 }
            : { type: 'command', command: c.command, timeout: 600 };
          const before = addHook(text ?? '', this.path, 'PreToolUse', { matcher: '*', hooks: [hook] }, isOurs).text;
          // PostToolUse tells Gatehouse the call ran: its after-snapshot (undo) is taken then.
          return addHook(before, this.path, 'PostToolUse', { matcher: '*', hooks: [hook] }, isOurs).text;
        },
        remove(text) {
          return removeHook(removeHook(text, this.path, 'PostToolUse', isOurs), this.path, 'PreToolUse', isOurs);
        },
      },
    ];
  },
  warnings: () => [],
};
