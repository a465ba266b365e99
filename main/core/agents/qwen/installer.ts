// Qwen Code: PreToolUse and PostToolUse hooks in settings.json (user: QWEN_HOME or ~/.qwen; project: DIR/.qwen).
// Timeout in seconds (Qwen 0.24 reads 1000 or more as milliseconds): ten minutes, so a person has time to decide.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isPlainObject } from '../hook-agent.js';
import { addHook, parseSettings, removeHook } from '../json-hooks.js';
import { isGatehouseHook, projectDir, type AgentInstaller, type HookWarning, type InstallContext } from '../installer.js';

const isOurs = isGatehouseHook('qwen');
const EVENTS = ['PreToolUse', 'PostToolUse'] as const;

/** The Qwen Code folder for a scope. */
export function qwenDir(ctx: InstallContext): string {
  return ctx.scope.kind === 'project' ? join(projectDir(ctx.scope), '.qwen') : ctx.env.QWEN_HOME || join(ctx.userHome, '.qwen');
}

/** Whether a settings text turns every hook off (`disableAllHooks`); unreadable text counts as not. */
function hooksDisabled(text: string | null | undefined): boolean {
  try {
    const s = parseSettings(text ?? '', 'settings.json');
    return isPlainObject(s) && s['disableAllHooks'] === true;
  } catch {
    return false;
  }
}

/** Installs and removes the Qwen Code hook. */
export const qwenInstaller: AgentInstaller = {
  supportsHttp: false,
  detected: (ctx) => existsSync(qwenDir(ctx)),
  edits(ctx) {
    const root = qwenDir(ctx);
    return [
      {
        path: join(root, 'settings.json'),
        root,
        format: 'json',
        add(text, c) {
          const hooks = [{ type: 'command', command: c.command, timeout: 600 }];
          // PostToolUse tells Gatehouse the call ran: its after-snapshot (undo) is taken then.
          return EVENTS.reduce((t, event) => addHook(t, this.path, event, { matcher: '*', hooks }, isOurs).text, text ?? '');
        },
        remove(text) {
          return [...EVENTS].reverse().reduce((t, event) => removeHook(t, this.path, event, isOurs), text);
        },
      },
    ];
  },
  warnings(ctx, texts) {
    const path = join(qwenDir(ctx), 'settings.json');
    const warnings: HookWarning[] = [];
    if (hooksDisabled(texts.get(path))) warnings.push({ path, why: `${path} sets disableAllHooks: Qwen Code runs no hook, Gatehouse's included` });
    if (ctx.scope.kind === 'project') warnings.push({ path, why: 'Qwen Code loads project hooks only in a trusted folder (trust it in Qwen, or install with --user)' });
    return warnings;
  },
};
