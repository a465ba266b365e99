// Cursor: its four before-call hooks in hooks.json (version 1) — the user's ~/.cursor/hooks.json, or with --project
// DIR/.cursor/hooks.json. Cursor's format (documented; Cursor cannot run here) is flat, not Claude's groups:
// `{"version": 1, "hooks": {"beforeShellExecution": [{"command": "…"}]}}`. Threat: Cursor runs the call when a hook
// fails or times out unless the entry says `failClosed: true`, so it does; its timeout (seconds) is above the hook
// client's own limit (595 s), which answers a deny first.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { applyEdits, modify } from 'jsonc-parser';
import { ConfigError } from '../config-file.js';
import { isPlainObject } from '../hook-agent.js';
import { formatting, parseSettings } from '../json-hooks.js';
import { isGatehouseHook, projectDir, type AgentInstaller, type InstallContext } from '../installer.js';
import { CURSOR_EVENTS } from './hook-io.js';

const isOurs = isGatehouseHook('cursor');
/** Cursor's hook timeout, in seconds. */
const TIMEOUT_SEC = 600;
/** A new hooks file, in the format Cursor documents. */
const NEW_FILE = '{\n  "version": 1\n}\n';

/** The .cursor folder for a scope. */
export function cursorDir(ctx: InstallContext): string {
  return ctx.scope.kind === 'project' ? join(projectDir(ctx.scope), '.cursor') : join(ctx.userHome, '.cursor');
}

/** The entries under one event, checked: a list, or absent. */
function entries(settings: Record<string, unknown>, path: string, event: string): unknown[] {
  const hooks = settings['hooks'];
  if (hooks !== undefined && !isPlainObject(hooks)) throw new ConfigError(`${path}: "hooks" is not an object; nothing was written`);
  const list = isPlainObject(hooks) ? hooks[event] : undefined;
  if (list !== undefined && !Array.isArray(list)) throw new ConfigError(`${path}: "hooks.${event}" is not a list; nothing was written`);
  return list ?? [];
}

/** The text with Gatehouse's entry appended under `event` (unchanged when one is there). */
export function addCursorHook(text: string, path: string, event: string, entry: Record<string, unknown>): string {
  const settings = parseSettings(text, path);
  if (settings['version'] !== undefined && settings['version'] !== 1) {
    throw new ConfigError(`${path} is hooks.json version ${JSON.stringify(settings['version'])}, not 1 (the one Gatehouse knows); nothing was written`);
  }
  const list = entries(settings, path, event);
  if (list.some((h) => isPlainObject(h) && isOurs(h))) return text;
  return applyEdits(text, modify(text, ['hooks', event, list.length], entry, { formattingOptions: formatting(text), isArrayInsertion: true }));
}

/** The text without Gatehouse's entries under `event`, dropping the event and `hooks` when only they were there. */
export function removeCursorHook(text: string, path: string, event: string): string {
  let out = text;
  for (;;) {
    const settings = parseSettings(out, path);
    const list = entries(settings, path, event);
    const at = list.findLastIndex((h) => isPlainObject(h) && isOurs(h));
    if (at < 0) return out;
    const events = Object.keys(settings['hooks'] as object).length;
    const target = list.length > 1 ? ['hooks', event, at] : events > 1 ? ['hooks', event] : ['hooks'];
    out = applyEdits(out, modify(out, target, undefined, { formattingOptions: formatting(out) }));
  }
}

/** Installs and removes the Cursor hooks. */
export const cursorInstaller: AgentInstaller = {
  supportsHttp: false,
  detected: (ctx) => existsSync(cursorDir(ctx)),
  edits(ctx) {
    const root = cursorDir(ctx);
    const path = join(root, 'hooks.json');
    return [
      {
        path,
        root,
        format: 'json',
        add(text, c) {
          const entry = { command: c.command, timeout: TIMEOUT_SEC, failClosed: true };
          return CURSOR_EVENTS.reduce((t, event) => addCursorHook(t, path, event, entry), text ?? NEW_FILE);
        },
        remove: (text) => [...CURSOR_EVENTS].reverse().reduce((t, event) => removeCursorHook(t, path, event), text),
      },
    ];
  },
  warnings: () => [],
};
