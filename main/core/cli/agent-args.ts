// The arguments install, uninstall, their mcp form and rules sync share: the agents' names, and where to write.
import { resolve } from 'node:path';
import type { InstallScope } from '../agents/installer.js';
import { AGENTS } from '../agents/registry.js';
import { UsageError } from './store-cli.js';

/** Every agent's command-line name, as usage text lists them (`claude|codex|…`). */
export const AGENT_NAMES = AGENTS.map((a) => a.cli).join('|');

/** Where `--user | --project DIR` says to write (the user's files by default); a UsageError when both are given. */
export function scopeOf(values: { user?: boolean | undefined; project?: string | undefined }): InstallScope {
  if (values.user && values.project !== undefined) throw new UsageError('choose --user or --project, not both');
  return values.project !== undefined ? { kind: 'project', dir: resolve(values.project) } : { kind: 'user' };
}
