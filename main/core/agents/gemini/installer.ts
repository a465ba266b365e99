// Gemini CLI: BeforeTool, AfterTool and SessionEnd hooks in settings.json (user: GEMINI_CLI_HOME or ~, then .gemini; project: DIR/.gemini).
// Timeout in milliseconds (Gemini CLI 0.61): ten minutes, so a person has time to decide while Gemini waits.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { addHook, removeHook } from '../json-hooks.js';
import { isGatehouseHook, projectDir, type AgentInstaller, type InstallContext } from '../installer.js';

const isOurs = isGatehouseHook('gemini');

/** The Gemini CLI folder for a scope. */
export function geminiDir(ctx: InstallContext): string {
  return join(ctx.scope.kind === 'project' ? projectDir(ctx.scope) : ctx.env.GEMINI_CLI_HOME || ctx.userHome, '.gemini');
}

/** Installs and removes the Gemini CLI hook. */
export const geminiInstaller: AgentInstaller = {
  supportsHttp: false,
  detected: (ctx) => existsSync(geminiDir(ctx)),
  edits(ctx) {
    const root = geminiDir(ctx);
    return [
      {
        path: join(root, 'settings.json'),
        root,
        format: 'json',
        add(text, c) {
          const hooks = [{ name: 'gatehouse', type: 'command', command: c.command, timeout: 600_000 }];
          const before = addHook(text ?? '', this.path, 'BeforeTool', { hooks }, isOurs).text;
          // AfterTool tells Gatehouse the call ran (its after-snapshot), and its absence that Gemini did not run it.
          const after = addHook(before, this.path, 'AfterTool', { hooks }, isOurs).text;
          // Gemini sends no AfterTool for a call its own policy refused: SessionEnd says the session is over.
          return addHook(after, this.path, 'SessionEnd', { hooks }, isOurs).text;
        },
        remove(text) {
          return ['SessionEnd', 'AfterTool', 'BeforeTool'].reduce((t, event) => removeHook(t, this.path, event, isOurs), text);
        },
      },
    ];
  },
  warnings(ctx) {
    if (ctx.scope.kind !== 'project') return [];
    return [{ path: join(geminiDir(ctx), 'settings.json'), why: 'Gemini CLI loads project hooks only in a trusted folder (trust it in Gemini, or install with --user)' }];
  },
};
