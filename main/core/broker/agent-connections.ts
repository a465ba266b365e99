// The Agents view's verbs: each agent's hook per scope and its last call, and installing or removing the hook, for
// the person (approver routes and IPC only; an agent's token never reaches them).
import { existsSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute } from 'node:path';
import type { AgentConnectInput, AgentConnectReport, AgentOverview } from '../../../common/api.js';
import { ConfigError } from '../agents/config-file.js';
import type { InstallContext, InstallScope } from '../agents/installer.js';
import { connectAgent, scopeStatus } from '../agents/overview.js';
import { AGENTS, findAgent } from '../agents/registry.js';
import type { Store } from '../store/types.js';
import { ConflictError, InputError, NotFoundError } from './errors.js';

/** Where agents keep their configs and how to write the hook command on this machine. */
export interface AgentConnectionDeps {
  /** GATEHOUSE_HOME (install records). */
  home: string;
  /** The environment whose HOME, CLAUDE_CONFIG_DIR, GEMINI_CLI_HOME and CODEX_HOME say where agents live. */
  env: NodeJS.ProcessEnv;
  /** The hook command for an agent (throws when no Node.js can run it). */
  hookCommand(cli: string): string;
}

/** A project folder from the person: absolute, existing, a folder. */
function projectScope(project: string | null | undefined): InstallScope {
  if (project === null || project === undefined) return { kind: 'user' };
  if (!isAbsolute(project)) throw new InputError(`the project folder must be an absolute path, got ${JSON.stringify(project)}`);
  if (!existsSync(project) || !statSync(project).isDirectory()) throw new InputError(`${project} is not a folder on this machine`);
  return { kind: 'project', dir: project };
}

/** The Agents view's verbs over the installers and the audit log. */
export class AgentConnections {
  constructor(
    private readonly deps: AgentConnectionDeps,
    private readonly store: Store,
  ) {}

  private context(scope: InstallScope): InstallContext {
    return { scope, env: this.deps.env, userHome: this.deps.env.HOME || homedir(), command: '', state: {} };
  }

  /** Every agent at the user's config and, when given, one project. */
  list(project: string | null): AgentOverview[] {
    const scopes = [{ kind: 'user' as const }, ...(project === null ? [] : [projectScope(project)])];
    return AGENTS.map((agent) => {
      const last = this.store.queryAudit({ agent: agent.kind, limit: 1 }).entries[0];
      return {
        cli: agent.cli,
        title: agent.title,
        scopes: scopes.map((scope) => {
          const s = scopeStatus(agent, this.context(scope));
          return { project: scope.kind === 'project' ? scope.dir! : null, detected: s.detected, installed_in: s.installedIn, warnings: s.warnings.map((w) => w.why) };
        }),
        last_seen: last ? { at: last.received_at, tool_name: last.tool_name } : null,
      };
    });
  }

  /** Installs or removes one agent's hook; a config it cannot edit is a conflict with the installer's reason, nothing written. */
  connect(input: AgentConnectInput): AgentConnectReport {
    const agent = findAgent(input.agent);
    if (!agent) throw new NotFoundError(`no agent called ${JSON.stringify(input.agent)} (known: ${AGENTS.map((a) => a.cli).join(', ')})`);
    const ctx = this.context(projectScope(input.project));
    if (input.action === 'install') ctx.command = this.deps.hookCommand(agent.cli);
    try {
      return connectAgent(agent, ctx, this.deps.home, input.action, input.dry_run === true);
    } catch (err) {
      if (err instanceof ConfigError) throw new ConflictError(err.message);
      throw err;
    }
  }
}
