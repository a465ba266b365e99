// `gatehouse install|uninstall <agent> [--user|--project DIR] [--dry-run] [--http]` and `gatehouse status`:
// connect an agent to Gatehouse in one command, and say per agent what is installed and whether it would run.
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig } from '../agents/config-file.js';
import { applyChanges, diffText, planInstall, planUninstall } from '../agents/install.js';
import { hookCommand, isGatehouseHook, type InstallContext, type InstallScope } from '../agents/installer.js';
import { AGENTS, findAgent } from '../agents/registry.js';
import { readEndpoint } from '../endpoint/endpoint.js';
import { resolveHome } from '../store/home.js';
import { runCommand, UsageError, type CliIo } from './store-cli.js';

const NAMES = AGENTS.map((a) => a.cli).join('|');
const USAGE = `usage: gatehouse install|uninstall <${NAMES}> [--user | --project DIR] [--dry-run] [--http]
       gatehouse status [--project DIR]`;
const HTTP_RISK =
  'warning: --http makes the agent POST to a fixed port and believe whatever answers there; if Gatehouse is not running, any program that takes the port can allow calls. The command hook (the default) checks the answer is signed by this Gatehouse.\n';

function context(scope: InstallScope, io: CliIo): InstallContext {
  return { scope, env: io.env, userHome: io.env.HOME || homedir(), command: '', state: {} };
}

/** Runs install or uninstall. */
export async function runInstall(mode: 'install' | 'uninstall', argv: string[], io: CliIo): Promise<number> {
  return runCommand(io, mode, USAGE, () => {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { user: { type: 'boolean' }, project: { type: 'string' }, 'dry-run': { type: 'boolean' }, http: { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    });
    const agent = positionals.length === 1 ? findAgent(positionals[0]!) : undefined;
    if (!agent) throw new UsageError(`name one agent: ${NAMES}`);
    if (values.user && values.project !== undefined) throw new UsageError('choose --user or --project, not both');
    const scope: InstallScope = values.project !== undefined ? { kind: 'project', dir: resolve(values.project) } : { kind: 'user' };
    const home = resolveHome(io.env);
    const ctx = context(scope, io);
    ctx.command = hookCommand(agent.cli);
    if (values.http) {
      if (!agent.installer.supportsHttp) throw new UsageError(`${agent.title} has no http hook; use the command hook`);
      const endpoint = readEndpoint(home);
      if (!endpoint) throw new Error('--http needs a running Gatehouse (its port and token go into the hook); start it with a fixed --port');
      ctx.http = { url: new URL(`/v1/hooks/${agent.cli}`, endpoint.url).toString(), token: endpoint.token };
      io.stderr(HTTP_RISK);
    }
    const changes = mode === 'install' ? planInstall(agent, ctx) : planUninstall(agent, ctx, home);
    if (values['dry-run']) {
      io.stdout(diffText(changes));
      return 0;
    }
    applyChanges(changes, home, mode);
    const verb = mode === 'install' ? 'installed for' : 'removed from';
    if (changes.length === 0) io.stdout(`${agent.title}: nothing to change (${mode === 'install' ? 'already installed' : 'not installed'})\n`);
    else io.stdout(`${agent.title}: Gatehouse's hook ${verb} ${scope.kind === 'project' ? scope.dir : 'this user'}; changed ${changes.map((c) => c.path).join(', ')}\n`);
    if (mode === 'install') for (const w of agent.installer.warnings(ctx, texts(agent, ctx))) io.stdout(`warning: ${w.why}\n`);
    return 0;
  });
}

/** Each edit file's current text (null when missing or unreadable). */
function texts(agent: (typeof AGENTS)[number], ctx: InstallContext): Map<string, string | null> {
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

/** `gatehouse status`: per agent, detected, installed where, and why an installed hook would not run. */
export async function runStatus(argv: string[], io: CliIo): Promise<number> {
  return runCommand(io, 'status', USAGE, () => {
    const { values } = parseArgs({ args: argv, options: { project: { type: 'string' } }, strict: true });
    const scopes: InstallScope[] = [{ kind: 'user' }, ...(values.project !== undefined ? [{ kind: 'project' as const, dir: resolve(values.project) }] : [])];
    const endpoint = readEndpoint(resolveHome(io.env));
    io.stdout(endpoint ? `Gatehouse: running at ${endpoint.url}\n` : 'Gatehouse: not running (hooks fall back: see `gatehouse doctor`)\n');
    let problems = 0;
    for (const agent of AGENTS) {
      const ours = isGatehouseHook(agent.cli);
      for (const scope of scopes) {
        const ctx = context(scope, io);
        const files = texts(agent, ctx);
        const installed = [...files].filter(([, t]) => t !== null && (ours({ command: t }) || t.includes(`/v1/hooks/${agent.cli}"`)));
        const where = scope.kind === 'user' ? 'user' : `project ${scope.dir}`;
        if (installed.length === 0) {
          io.stdout(`${agent.title} (${where}): ${agent.installer.detected(ctx) ? 'detected, hook not installed' : 'not detected'} — \`gatehouse install ${agent.cli}${scope.kind === 'project' ? ` --project ${scope.dir}` : ''}\`\n`);
          continue;
        }
        const warnings = agent.installer.warnings(ctx, files);
        problems += warnings.length;
        io.stdout(`${agent.title} (${where}): hook installed in ${installed.map(([p]) => p).join(', ')}${warnings.length ? '' : '; it runs'}\n`);
        for (const w of warnings) io.stdout(`  would not run: ${w.why}\n`);
      }
    }
    return problems === 0 ? 0 : 1;
  });
}
