// Copilot CLI: preToolUse, postToolUse and sessionEnd hooks, in the user's settings.json (COPILOT_HOME or ~/.copilot)
// or a repository's .github/hooks/gatehouse.json (format version 1). Copilot takes Claude-style hook groups and a
// `command` run through the shell (1.0.102, seen with the real program). Threat: a hook that times out lets the call
// run ("allowing the tool call to proceed"), so its timeout is above the hook client's own limit (595 s), which
// answers a deny first.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { addHook, parseSettings, removeHook } from '../json-hooks.js';
import { isGatehouseHook, projectDir, type AgentInstaller, type HookWarning, type InstallContext } from '../installer.js';

const isOurs = isGatehouseHook('copilot');
/** Copilot's hook timeout, in seconds. */
const TIMEOUT_SEC = 600;
/** preToolUse decides; postToolUse says the call ran (its after-snapshot); sessionEnd that the session is over. */
const EVENTS = ['preToolUse', 'postToolUse', 'sessionEnd'] as const;
/** A new repository hooks file, in the format Copilot documents. */
const NEW_REPO_FILE = '{\n  "version": 1\n}\n';

/** COPILOT_HOME: the user's settings and Copilot's own state (trusted folders). */
export function copilotHome(ctx: InstallContext): string {
  return ctx.env.COPILOT_HOME || join(ctx.userHome, '.copilot');
}

/** The file that carries the hook for a scope, and the folder it must stay in. */
export function copilotHookFile(ctx: InstallContext): { path: string; root: string } {
  if (ctx.scope.kind === 'user') return { path: join(copilotHome(ctx), 'settings.json'), root: copilotHome(ctx) };
  const root = join(projectDir(ctx.scope), '.github');
  return { path: join(root, 'hooks', 'gatehouse.json'), root };
}

/** The folders Copilot trusts (config.json's `trustedFolders`, which it manages); [] when unreadable. */
function trustedFolders(text: string | null | undefined): string[] {
  try {
    const list = parseSettings(text ?? '', 'config.json')['trustedFolders'];
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** Whether `dir` is a trusted folder or inside one. */
function trusted(dir: string, folders: string[]): boolean {
  const d = resolve(dir);
  return folders.some((f) => d === resolve(f) || d.startsWith(resolve(f) + sep));
}

/** Installs and removes the Copilot CLI hook. */
export const copilotInstaller: AgentInstaller = {
  supportsHttp: false,
  detected: (ctx) => existsSync(ctx.scope.kind === 'user' ? copilotHome(ctx) : dirname(copilotHookFile(ctx).root)),
  edits(ctx) {
    const { path, root } = copilotHookFile(ctx);
    return [
      {
        path,
        root,
        format: 'json',
        add(text, c) {
          const hooks = [{ type: 'command', command: c.command, timeoutSec: TIMEOUT_SEC }];
          const start = text ?? (ctx.scope.kind === 'project' ? NEW_REPO_FILE : '');
          return EVENTS.reduce((t, event) => addHook(t, path, event, { hooks }, isOurs).text, start);
        },
        remove: (text) => [...EVENTS].reverse().reduce((t, event) => removeHook(t, path, event, isOurs), text),
      },
    ];
  },
  warnings(ctx) {
    if (ctx.scope.kind !== 'project') return [];
    const dir = projectDir(ctx.scope);
    const configPath = join(copilotHome(ctx), 'config.json');
    let config: string | null = null;
    try {
      config = readFileSync(configPath, 'utf8');
    } catch {
      config = null;
    }
    if (trusted(dir, trustedFolders(config))) return [];
    const warning: HookWarning = {
      path: copilotHookFile(ctx).path,
      why: `Copilot CLI runs repository hooks only in a trusted folder, and ${dir} is not one: trust it when Copilot asks (or run \`copilot --trust-folder\`), or install with --user`,
    };
    return [warning];
  },
};
