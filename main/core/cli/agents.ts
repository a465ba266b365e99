// `gatehouse install|uninstall <agent> [--user|--project DIR] [--dry-run] [--http]` and `gatehouse status`:
// connect an agent to Gatehouse in one command, and say per agent what is installed and whether it would run.
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { applyChanges, diffText, planAdd, planRemove } from '../agents/install.js';
import { gatehouseBin, type InstallContext, type InstallScope } from '../agents/installer.js';
import { hookCommand } from '../agents/hook-command.js';
import { proxiedHow, proxiedServers, proxyProblem, type ProxiedServer } from '../agents/mcp-proxied.js';
import { connectAgent, scopeStatus } from '../agents/overview.js';
import { AGENTS, findAgent } from '../agents/registry.js';
import { readEndpoint } from '../endpoint/endpoint.js';
import { probeInstance } from '../hook-client/client.js';
import { homeToRecord, resolveHome } from '../store/home.js';
import { AGENT_NAMES, scopeOf } from './agent-args.js';
import { runCommand, UsageError, type CliIo } from './store-cli.js';

const USAGE = `usage: gatehouse install|uninstall <${AGENT_NAMES}> [--user | --project DIR] [--dry-run] [--http]
       gatehouse install|uninstall mcp --client <${AGENT_NAMES}> --server NAME [--sandbox] [--user | --project DIR] [--dry-run]
       gatehouse status [--project DIR]`;
const HTTP_RISK =
  'warning: --http makes the agent POST to a fixed port and believe whatever answers there; if Gatehouse is not running, any program that takes the port can allow calls. The command hook (the default) checks the answer is signed by this Gatehouse.\n';

function context(scope: InstallScope, io: CliIo): InstallContext {
  return { scope, env: io.env, userHome: io.env.HOME || homedir(), command: '', state: {} };
}

/** `install|uninstall mcp`: an agent's MCP server put behind `gatehouse mcp-proxy`, or taken out again. */
function runMcpWrap(mode: 'install' | 'uninstall', argv: string[], io: CliIo): number {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { client: { type: 'string' }, server: { type: 'string' }, sandbox: { type: 'boolean' }, user: { type: 'boolean' }, project: { type: 'string' }, 'dry-run': { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length > 0) throw new UsageError(`unexpected ${positionals.join(' ')}`);
  const agent = values.client === undefined ? undefined : findAgent(values.client);
  if (!agent) throw new UsageError(`--client must name one agent: ${AGENT_NAMES}`);
  const name = values.server;
  if (!name || !/^[A-Za-z0-9_-]{1,64}$/.test(name)) throw new UsageError('--server NAME: the server\'s key in the agent\'s config (letters, digits, _ or -)');
  if (values.sandbox && mode === 'uninstall') throw new UsageError('--sandbox is for install (uninstall puts the server back as it was)');
  const scope = scopeOf(values);
  const home = resolveHome(io.env);
  const ctx = context(scope, io);
  const edit = agent.mcpWrap(ctx, name, { node: process.execPath, bin: gatehouseBin(), home: homeToRecord(home, io.env), sandbox: values.sandbox === true });
  const key = (path: string) => `mcp ${agent.cli} ${name}\u0000${path}`;
  const changes = mode === 'install' ? planAdd([edit], ctx) : planRemove([edit], ctx, home, key);
  if (values['dry-run']) {
    io.stdout(diffText(changes));
    return 0;
  }
  applyChanges(changes, home, mode, key);
  if (changes.length === 0) io.stdout(`${agent.title} MCP server ${name}: nothing to change (${mode === 'install' ? 'already behind Gatehouse' : 'not behind Gatehouse'})\n`);
  else io.stdout(`${agent.title} MCP server ${name}: ${mode === 'install' ? `now runs through gatehouse mcp-proxy${values.sandbox ? ', inside the OS sandbox,' : ''} (its tools are mcp__${name}__TOOL in rules)` : 'runs directly again'}; changed ${edit.path}\n`);
  return 0;
}

/** Runs install or uninstall. */
export async function runInstall(mode: 'install' | 'uninstall', argv: string[], io: CliIo): Promise<number> {
  if (argv[0] === 'mcp') return runCommand(io, mode, USAGE, () => runMcpWrap(mode, argv.slice(1), io));
  return runCommand(io, mode, USAGE, () => {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { user: { type: 'boolean' }, project: { type: 'string' }, 'dry-run': { type: 'boolean' }, http: { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    });
    const agent = positionals.length === 1 ? findAgent(positionals[0]!) : undefined;
    if (!agent) throw new UsageError(`name one agent: ${AGENT_NAMES}`);
    const scope = scopeOf(values);
    const home = resolveHome(io.env);
    const ctx = context(scope, io);
    const recorded = homeToRecord(home, io.env);
    ctx.command = hookCommand(agent.cli, recorded ? { home: recorded } : {});
    if (values.http) {
      if (!agent.installer.supportsHttp) throw new UsageError(`${agent.title} has no http hook; use the command hook`);
      const endpoint = readEndpoint(home);
      if (!endpoint) throw new Error('--http needs a running Gatehouse (its port and token go into the hook); start it with a fixed --port');
      ctx.http = { url: new URL(`/v1/hooks/${agent.cli}`, endpoint.url).toString(), token: endpoint.token };
      io.stderr(HTTP_RISK);
    }
    const outcome = connectAgent(agent, ctx, home, mode, values['dry-run'] === true);
    if (values['dry-run']) {
      io.stdout(outcome.diff);
      return 0;
    }
    const verb = mode === 'install' ? 'installed for' : 'removed from';
    if (outcome.changed.length === 0) io.stdout(`${agent.title}: nothing to change (${mode === 'install' ? 'already installed' : 'not installed'})\n`);
    else io.stdout(`${agent.title}: Gatehouse's hook ${verb} ${scope.kind === 'project' ? scope.dir : 'this user'}; changed ${outcome.changed.join(', ')}\n`);
    for (const w of outcome.warnings) io.stdout(`warning: ${w}\n`);
    return 0;
  });
}

/** `gatehouse status`: per agent, detected, installed where, and why an installed hook or proxied MCP server would not run. */
export async function runStatus(argv: string[], io: CliIo): Promise<number> {
  return runCommand(io, 'status', USAGE, async () => {
    const { values } = parseArgs({ args: argv, options: { project: { type: 'string' } }, strict: true });
    const scopes: InstallScope[] = [{ kind: 'user' }, ...(values.project !== undefined ? [{ kind: 'project' as const, dir: resolve(values.project) }] : [])];
    const endpoint = readEndpoint(resolveHome(io.env));
    io.stdout(endpoint ? `Gatehouse: running at ${endpoint.url}\n` : 'Gatehouse: not running (hooks fall back: see `gatehouse doctor`)\n');
    let problems = 0;
    const proxied = new Map<string, ProxiedServer>();
    for (const agent of AGENTS) {
      for (const scope of scopes) {
        for (const p of proxiedServers(agent, context(scope, io))) proxied.set(`${p.path}\u0000${p.name}`, p);
        const { detected, installedIn, warnings } = scopeStatus(agent, context(scope, io));
        const where = scope.kind === 'user' ? 'user' : `project ${scope.dir}`;
        if (installedIn.length === 0) {
          io.stdout(`${agent.title} (${where}): ${detected ? 'detected, hook not installed' : 'not detected'} — \`gatehouse install ${agent.cli}${scope.kind === 'project' ? ` --project ${scope.dir}` : ''}\`\n`);
          continue;
        }
        problems += warnings.length;
        io.stdout(`${agent.title} (${where}): hook installed in ${installedIn.join(', ')}${warnings.length ? '' : '; it runs'}\n`);
        for (const w of warnings) io.stdout(`  would not run: ${w.why}\n`);
      }
    }
    for (const p of proxied.values()) {
      const problem = await probeInstance(p.home, 3000);
      if (problem === null) {
        io.stdout(`MCP server ${p.name} (${p.path}): ${proxiedHow(p)}; it runs\n`);
        continue;
      }
      problems++;
      const { what, fix } = proxyProblem(p, problem);
      io.stdout(`would not run: ${what}\n  → ${fix}\n`);
    }
    return problems === 0 ? 0 : 1;
  });
}
