// What every agent's installer describes, and the pieces they share: where Gatehouse's hook command lives, how to
// recognise it again, and how a scope (user or project) maps to the agent's folders.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where to install: the agent's user config, or one project's. */
export interface InstallScope {
  kind: 'user' | 'project';
  /** The project folder when kind is 'project'. */
  dir?: string;
}

/** What an installer needs to know about this machine. */
export interface InstallContext {
  scope: InstallScope;
  env: NodeJS.ProcessEnv;
  /** The person's home folder (agents' defaults hang off it). */
  userHome: string;
  /** The hook command to write, e.g. `"/usr/bin/node" "/opt/gatehouse/bin/gatehouse.js" hook gemini`. */
  command: string;
  /** For --http: the hook URL and bearer token of the running Gatehouse. */
  http?: { url: string; token: string };
  /** Shared between the edits of one install (Codex's trust entry needs the hook's position in hooks.json). */
  state: Record<string, unknown>;
}

/** One file an install changes, with how to add and how to take away exactly what install adds. */
export interface FileEdit {
  path: string;
  /** The agent's folder: the file (or where a link points) must stay inside it. */
  root: string;
  /** How the new text is checked before it is written (`text`: a file Gatehouse writes whole, Cline's hook script or OpenCode's plugin). */
  format: 'json' | 'toml' | 'text';
  /** The text with Gatehouse's part added (`null` = the file does not exist yet). Throws ConfigError. */
  add(text: string | null, ctx: InstallContext): string;
  /** The text with only Gatehouse's part removed (null: the file goes, it was all Gatehouse's). Throws ConfigError. */
  remove(text: string, ctx: InstallContext): string | null;
  /** A `text` file's hook commands, read back (`doctor` checks their program is there; JSON files are read as JSON). */
  commands?(text: string): string[];
}

/** Why an installed hook would still not run, for `gatehouse status`. */
export interface HookWarning {
  path: string;
  why: string;
}

/** One agent's installer. */
export interface AgentInstaller {
  /** The files an install at this scope changes, in order. */
  edits(ctx: InstallContext): FileEdit[];
  /** Whether this agent appears to be set up here (its folder exists). */
  detected(ctx: InstallContext): boolean;
  /** Reasons the installed hook would not run (untrusted, shadowed), given the files' current texts. */
  warnings(ctx: InstallContext, texts: Map<string, string | null>): HookWarning[];
  /** Whether --http is possible for this agent. */
  supportsHttp: boolean;
}

/** This install's CLI entry (bin/gatehouse.js beside package.json), found from the compiled file's location. */
export function gatehouseBin(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'bin', 'gatehouse.js'))) return join(dir, 'bin', 'gatehouse.js');
    dir = dirname(dir);
  }
  throw new Error('cannot find bin/gatehouse.js beside this Gatehouse');
}

/** Recognises Gatehouse's hook entry for `cli` (command or http), whoever wrote it. */
export function isGatehouseHook(cli: string): (hook: Record<string, unknown>) => boolean {
  const command = new RegExp(`gatehouse(?:\\.js)?'?\\s+hook\\s+${cli}(?![\\w-])`);
  return (hook) =>
    (typeof hook['command'] === 'string' && command.test(hook['command'])) || (typeof hook['url'] === 'string' && hook['url'].endsWith(`/v1/hooks/${cli}`));
}

/** The project folder of a project scope (required there). */
export function projectDir(scope: InstallScope): string {
  if (!scope.dir) throw new Error('--project needs a folder');
  return scope.dir;
}
