// Cline: a PreToolUse and a PostToolUse script in a hooks folder (user: CLINE_DIR or ~/.cline, then hooks; project:
// DIR/.clinerules/hooks). Cline runs every script of that name in each of its hooks folders, by its shebang (no
// executable bit needed), so a person's own hook stays beside Gatehouse's under another name (PreToolUse.sh).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config-file.js';
import { hookProgram, shellWord } from '../hook-command.js';
import { isGatehouseHook, projectDir, type AgentInstaller, type FileEdit, type InstallContext } from '../installer.js';
import { clineCancel } from './hook-io.js';

const isOurs = isGatehouseHook('cline');

/** The Cline folder for a scope (its hooks live in hooks/ below it). */
export function clineDir(ctx: InstallContext): string {
  return ctx.scope.kind === 'project' ? join(projectDir(ctx.scope), '.clinerules') : ctx.env.CLINE_DIR || join(ctx.userHome, '.cline');
}

/** What follows the hook command in a PreToolUse script: the cancel line printed when that command fails. */
const CANCEL_TAIL = " || printf 'HOOK_CONTROL\\t%s\\n' ";

/**
 * The script for one event. Cline reads no exit code and runs the call when a hook prints nothing or dies, so before
 * any tool call the script prints a cancel line itself when Gatehouse's program fails to run or answer (moved, gone,
 * its node upgraded away). After a call there is nothing to refuse.
 */
export function hookScript(event: 'PreToolUse' | 'PostToolUse', command: string): string {
  const why = `Gatehouse's hook program did not run (${hookProgram(command)?.bin ?? command}); the task is stopped until it runs again or \`gatehouse install cline\` is run from where it now is`;
  const run = event === 'PreToolUse' ? `${command}${CANCEL_TAIL}${shellWord(clineCancel(why).slice('HOOK_CONTROL\t'.length, -1))}` : command;
  return `#!/bin/sh\n# Gatehouse's ${event} hook for Cline: every tool call is decided in Gatehouse. \`gatehouse uninstall cline\` removes this file.\n${run}\n`;
}

/** The hook command a script of hookScript's runs (its third line, less the cancel tail); none in another text. */
export function scriptCommands(text: string): string[] {
  const line = text.split('\n')[2];
  if (line === undefined || !isOurs({ command: line })) return [];
  const at = line.indexOf(CANCEL_TAIL);
  return [at === -1 ? line : line.slice(0, at)];
}

/** The edit that writes one event's script whole (never over a person's own script of that name). */
function scriptEdit(root: string, event: 'PreToolUse' | 'PostToolUse'): FileEdit {
  const path = join(root, 'hooks', event);
  return {
    path,
    root,
    format: 'text',
    add(text, c) {
      if (text === null) return hookScript(event, c.command);
      if (isOurs({ command: text })) return text;
      throw new ConfigError(`${path} is a hook of your own; Cline runs every hook in that folder, so rename yours (e.g. ${event}.sh) and install again`);
    },
    remove(text) {
      if (!isOurs({ command: text })) return text;
      if (text.split('\n').length !== 4) throw new ConfigError(`${path} was changed since Gatehouse wrote it; remove it by hand`);
      return null;
    },
    commands: scriptCommands,
  };
}

/** Installs and removes the Cline hook scripts. */
export const clineInstaller: AgentInstaller = {
  supportsHttp: false,
  detected: (ctx) => existsSync(clineDir(ctx)),
  edits(ctx) {
    const root = clineDir(ctx);
    return [scriptEdit(root, 'PreToolUse'), scriptEdit(root, 'PostToolUse')];
  },
  warnings: () => [],
};
