// `gatehouse doctor`: why a hook would not reach Gatehouse, each problem with its fix — every instance running for a
// home a hook may look in (this environment's, the default one, each `--home` an installed hook names), reachable as
// its endpoint.json names; which agents have the hook, and whether its program is still there; config files that do
// not parse; the last call Gatehouse saw from each agent; and whether the OS sandbox can start here, and what it lacks.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { parseArgs } from 'node:util';
import { inertText } from '../../../common/inert.js';
import { failsOpen, hookCommand, hookProgram, programProblem } from '../agents/hook-command.js';
import { AGENTS as AGENTS_BY_KIND } from '../agents/registry.js';
import { proxiedHow, proxiedServers, proxyProblem, type ProxiedServer } from '../agents/mcp-proxied.js';
import { FAILS_OPEN } from '../agents/overview.js';
import { readEndpoint } from '../endpoint/endpoint.js';
import { probeInstance } from '../hook-client/client.js';
import { dbPathIn, openStore, resolveHome } from '../store/index.js';
import { homeNamed, homeToRecord } from '../store/home.js';
import { agentConfigFiles, inspectConfig, type ConfigFinding } from './agent-configs.js';
import { runCommand, type CliIo } from './store-cli.js';
import { sandboxProblems, sandboxShortfalls } from '../sandbox/readiness.js';

const USAGE = 'usage: gatehouse doctor [--cwd DIR]   (checks this machine\'s Gatehouse and agent hooks; exit 1 when something is wrong)';
/** Every agent's kind, from the registry. */
const AGENTS = AGENTS_BY_KIND.map((a) => a.kind);
/** Where each agent's hook goes, for people who write it by hand. */
const HOOK_PLACE: Readonly<Record<string, string>> = {
  'claude-code': 'a PreToolUse hook in ~/.claude/settings.json',
  'gemini-cli': 'a BeforeTool hook in ~/.gemini/settings.json',
  codex: 'a PreToolUse hook in ~/.codex/hooks.json (and trust it in config.toml)',
  'copilot-cli': 'a preToolUse hook in ~/.copilot/settings.json',
  'qwen-code': 'a PreToolUse hook in ~/.qwen/settings.json',
  cline: 'a PreToolUse script in ~/.cline/hooks/',
  opencode: 'Gatehouse\'s plugin in ~/.config/opencode/plugins/gatehouse.js (install writes it whole)',
  cursor: 'beforeShellExecution, beforeMCPExecution, beforeReadFile and preToolUse hooks in ~/.cursor/hooks.json',
};

/**
 * The fix for an agent without the hook: `install`, or by hand the very command install would write (hookCommand, so
 * a hand-written hook gets the same fail-closed tail and `--home`, and the two can never differ).
 */
function hookFix(kind: string, env: NodeJS.ProcessEnv): string {
  const agent = AGENTS_BY_KIND.find((a) => a.kind === kind)!;
  const recorded = homeToRecord(resolveHome(env), env);
  return `run \`gatehouse install ${agent.cli}\`, or add ${HOOK_PLACE[kind] ?? 'its hook'} whose command is: ${hookCommand(agent.cli, recorded ? { home: recorded } : {})}`;
}

const PROGRAM_FIX = 'build Gatehouse again (`npm run build`), or from where it is now run `gatehouse uninstall AGENT` then `gatehouse install AGENT`';

/** One line of the report (a note: nothing is wrong, but something is less than it could be). */
interface Check {
  ok: boolean;
  note?: true;
  what: string;
  fix?: string;
}

const show = (text: string): string => inertText(text, { singleLine: true, codePoints: true });

/** The last request seen from each agent, from the audit; empty when there is no database yet. */
function lastSeen(home: string): Map<string, string> {
  const seen = new Map<string, string>();
  const path = dbPathIn(home);
  if (!existsSync(path)) return seen;
  const store = openStore(path);
  try {
    for (const agent of AGENTS) {
      const entry = store.queryAudit({ agent, limit: 1 }).entries[0];
      if (entry) seen.set(agent, `${entry.received_at.replace('T', ' ').slice(0, 19)} ${entry.tool_name}: ${entry.summary.slice(0, 80)}`);
    }
  } finally {
    store.close();
  }
  return seen;
}

function configChecks(findings: ConfigFinding[], seen: Map<string, string>, env: NodeJS.ProcessEnv): Check[] {
  const checks: Check[] = [];
  for (const f of findings.filter((x) => x.exists && x.parseError !== null)) {
    checks.push({ ok: false, what: `${f.file.path} does not parse (${f.parseError}); ${f.file.agent} ignores what it holds`, fix: `correct the file at that line` });
  }
  for (const agent of AGENTS) {
    const mine = findings.filter((f) => f.file.agent === agent);
    const hooked = mine.filter((f) => f.hasHook && f.parseError === null);
    const last = seen.get(agent);
    if (hooked.length > 0) {
      checks.push({ ok: true, what: `${agent}: hook in ${hooked.map((f) => f.file.path).join(', ')}; last call seen: ${last ? show(last) : 'none yet'}` });
      for (const f of hooked) {
        for (const problem of f.commands.map(programProblem).filter((p) => p !== null)) {
          checks.push({ ok: false, what: `${agent}: the hook in ${f.file.path} cannot run Gatehouse: ${show(problem)}; every call is refused`, fix: PROGRAM_FIX });
        }
        if (f.commands.some((c) => failsOpen(c))) checks.push({ ok: false, what: `${agent}: ${FAILS_OPEN(f.file.path)}` });
      }
    } else if (mine.some((f) => f.exists)) {
      checks.push({ ok: false, what: `${agent}: configured here, but no Gatehouse hook found${last ? ` (last call seen: ${show(last)})` : ''}`, fix: hookFix(agent, env) });
    } else {
      checks.push({ ok: true, what: `${agent}: not set up on this machine (nothing to check)` });
    }
  }
  return checks;
}

/** The home an installed hook command looks in: its `--home`, else this environment's. */
const hookHome = (command: string, env: NodeJS.ProcessEnv): string => homeNamed(hookProgram(command)?.home, env);

/** Every MCP server of every agent, user-level and in `cwd`, that runs through mcp-proxy (each file once). */
function proxies(env: NodeJS.ProcessEnv, cwd: string): ProxiedServer[] {
  const seen = new Map<string, ProxiedServer>();
  for (const agent of AGENTS_BY_KIND) {
    for (const scope of [{ kind: 'user' as const }, { kind: 'project' as const, dir: cwd }]) {
      for (const p of proxiedServers(agent, { scope, env, userHome: env.HOME || homedir(), command: '', state: {} })) seen.set(`${p.path}\u0000${p.name}`, p);
    }
  }
  return [...seen.values()];
}

/**
 * Every instance running for a home a hook may look in, and for each home the installed hooks use where none runs, a
 * problem naming the instances that do run (`serve --home DIR` is invisible to hooks installed for another home); and
 * each proxied MCP server whose home has no Gatehouse running.
 */
async function instanceChecks(env: NodeJS.ProcessEnv, findings: ConfigFinding[], proxied: ProxiedServer[]): Promise<Check[]> {
  const used = [...new Set(findings.flatMap((f) => f.commands.map((c) => hookHome(c, env))))];
  if (used.length === 0) used.push(resolveHome(env));
  const others = [...new Set([resolveHome(env), resolveHome({ ...env, GATEHOUSE_HOME: '' })])].filter((h) => !used.includes(h) && readEndpoint(h));
  const homes = [...new Set([...used, ...others, ...proxied.map((p) => p.home)])];
  const problems = new Map(await Promise.all(homes.map(async (home) => [home, await probeInstance(home, 3000)] as const)));
  const elsewhere = others.filter((h) => problems.get(h) === null);
  const checks = [...used, ...others].map((home): Check => {
    const problem = problems.get(home) ?? null;
    if (others.includes(home)) {
      return { ok: true, what: problem === null ? `Gatehouse is also running for ${home}, where no installed hook looks` : `an endpoint.json in ${home}, where no installed hook looks: ${problem}` };
    }
    if (problem === null) return { ok: true, what: `Gatehouse is running for ${home}, and hooks can reach and verify it` };
    const also = elsewhere.length > 0 ? `; or, to use the Gatehouse running for ${elsewhere.join(', ')}, install the hooks again with GATEHOUSE_HOME set to it` : '';
    return { ok: false, what: `hooks cannot reach Gatehouse: ${problem}`, fix: `start it (\`npm start\`, or \`gatehouse serve --home ${home}\`)${also}` };
  });
  for (const p of proxied) {
    const problem = problems.get(p.home) ?? null;
    checks.push(problem === null ? { ok: true, what: `MCP server ${p.name} in ${p.path} runs ${proxiedHow(p)}, where Gatehouse is running` } : { ok: false, ...proxyProblem(p, problem) });
  }
  return checks;
}

/**
 * Whether contained commands can run on this machine; where not, contained answers ask, each cause has its fix, and
 * each MCP server installed with --sandbox is named: it will not start.
 */
async function sandboxChecks(proxied: ProxiedServer[]): Promise<Check[]> {
  const problems = await sandboxProblems();
  if (problems.length === 0) {
    const lacks = sandboxShortfalls().map((p): Check => ({ ok: true, note: true, what: `the OS sandbox can start, but ${p.why}`, fix: p.fix }));
    return [{ ok: true, what: 'the OS sandbox can start: contained commands run contained' }, ...lacks];
  }
  const why = problems.map((p) => p.why).join('; ');
  return [
    ...problems.map((p) => ({ ok: false, what: `the OS sandbox cannot start (${p.why}); contained answers ask instead`, fix: p.fix })),
    ...proxied.filter((p) => p.sandboxed).map((p) => ({
      ok: false,
      what: `MCP server ${p.name} in ${p.path} runs inside the OS sandbox, which cannot start here (${why}): the proxy refuses to start it`,
      fix: `fix the sandbox (above), or run it unsandboxed: \`gatehouse uninstall mcp --client ${p.cli} --server ${p.name}\` then \`install mcp\` without --sandbox`,
    })),
  ];
}

/** Runs the checks and prints one line each; exit 0 when nothing is wrong, 1 otherwise. */
export async function runDoctor(argv: string[], io: CliIo): Promise<number> {
  return runCommand(io, 'doctor', USAGE, async () => {
    const { values } = parseArgs({ args: argv, options: { cwd: { type: 'string' } }, strict: true });
    const home = resolveHome(io.env);
    const findings = agentConfigFiles(io.env, values.cwd ?? process.cwd()).map(inspectConfig);
    const proxied = proxies(io.env, values.cwd ?? process.cwd());
    const checks: Check[] = await instanceChecks(io.env, findings, proxied);
    checks.push(...(await sandboxChecks(proxied)));
    checks.push(...configChecks(findings, lastSeen(home), io.env));
    for (const c of checks) io.stdout(`${c.ok ? (c.note ? 'note' : 'ok  ') : 'FIX '} ${c.what}${c.fix ? `\n       → ${c.fix}` : ''}\n`);
    const bad = checks.filter((c) => !c.ok).length;
    io.stdout(bad === 0 ? 'Everything Gatehouse needs is in place.\n' : `${bad} problem${bad === 1 ? '' : 's'} to fix.\n`);
    return bad === 0 ? 0 : 1;
  });
}
