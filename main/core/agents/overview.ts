// Where each agent stands, and connecting it: what `gatehouse status`/`install` print and the Agents view shows.
import { readConfig } from './config-file.js';
import { applyChanges, diffText, planInstall, planUninstall } from './install.js';
import { isGatehouseHook, type HookWarning, type InstallContext } from './installer.js';
import { failsOpen, programProblem } from './hook-command.js';
import { installedCommands } from './json-hooks.js';
import type { AgentEntry } from './registry.js';

/** One agent at one scope. */
export interface ScopeStatus {
  /** The agent's folder for this scope exists. */
  detected: boolean;
  /** The files that hold Gatehouse's hook (empty: not installed). */
  installedIn: string[];
  /** Why the installed hook would not run (untrusted, shadowed). */
  warnings: HookWarning[];
}

/** Each edit file's current text (null when missing or unreadable). */
export function configTexts(agent: AgentEntry, ctx: InstallContext): Map<string, string | null> {
  const map = new Map<string, string | null>();
  for (const e of agent.installer.edits(ctx)) {
    try {
      map.set(e.path, readConfig(e.path, e.root));
    } catch {
      map.set(e.path, null);
    }
  }
  return map;
}

/** Whether the agent is here, where its hook is, and whether that hook would run. */
export function scopeStatus(agent: AgentEntry, ctx: InstallContext): ScopeStatus {
  const ours = isGatehouseHook(agent.cli);
  const files = configTexts(agent, ctx);
  const installedIn = [...files].filter(([, t]) => t !== null && (ours({ command: t }) || t.includes(`/v1/hooks/${agent.cli}"`))).map(([p]) => p);
  const readers = new Map(agent.installer.edits(ctx).map((e) => [e.path, e.commands]));
  const read = (path: string, text: string): string[] => readers.get(path)?.(text) ?? installedCommands(text, ours);
  const warnings = installedIn.length > 0 ? [...programWarnings(installedIn, files, read), ...agent.installer.warnings(ctx, files)] : [];
  return { detected: agent.installer.detected(ctx), installedIn, warnings };
}

/** Why an older hook command is a risk, and its fix. */
export const FAILS_OPEN = (path: string): string =>
  `the hook in ${path} was written by an older Gatehouse: if its program goes missing (a build, a moved clone), the agent runs the call unasked; run \`gatehouse uninstall\` then \`gatehouse install\` for this agent`;

/** An installed hook whose program is gone (a moved clone, a clean, a Node.js upgrade): it refuses every call. */
function programWarnings(paths: string[], files: Map<string, string | null>, read: (path: string, text: string) => string[]): HookWarning[] {
  const warnings: HookWarning[] = [];
  for (const path of paths) {
    for (const command of read(path, files.get(path) ?? '')) {
      const problem = programProblem(command);
      if (problem) warnings.push({ path, why: `the hook in ${path} cannot run Gatehouse: ${problem}; every call is refused until \`gatehouse uninstall\` and \`gatehouse install\` are run from where Gatehouse is now (or it is built again)` });
      if (failsOpen(command)) warnings.push({ path, why: FAILS_OPEN(path) });
    }
  }
  return warnings;
}

/** What one install or uninstall did (or, dry, would do). */
export interface ConnectOutcome {
  changed: string[];
  diff: string;
  warnings: string[];
}

/** Installs or removes the agent's hook (ctx.command set for install); nothing is written when dry or any file fails. */
export function connectAgent(agent: AgentEntry, ctx: InstallContext, home: string, mode: 'install' | 'uninstall', dry: boolean): ConnectOutcome {
  const changes = mode === 'install' ? planInstall(agent, ctx) : planUninstall(agent, ctx, home);
  const diff = diffText(changes);
  if (!dry) applyChanges(changes, home, mode);
  const warnings = mode === 'install' ? agent.installer.warnings(ctx, configTexts(agent, ctx)).map((w) => w.why) : [];
  return { changed: changes.map((c) => c.path), diff, warnings };
}
