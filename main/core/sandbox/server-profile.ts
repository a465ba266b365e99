// The profile an MCP server runs in behind `mcp-proxy --sandbox`: the contained profile of each folder it works in —
// the proxy's working directory and the folders its arguments name (server-filesystem takes its roots that way) —
// merged. It may write only there and in temp, reads no secret of those folders nor the home's credentials, and
// reaches only the hosts the rules allow (others are asked, as for a contained command).
import { statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ContainedProfile, Rule } from '../../../common/domain.js';
import { containmentFacts } from '../policy/decide.js';
import { probeWorkspace, workspaceProblem } from '../policy/workspace/probe.js';
import { ruleBook } from '../policy/rules/rule-match.js';
import { compileProfile } from './profile.js';

/** The agent name the server's rules are looked up for (the proxy submits its calls as `mcp`). */
const AGENT = 'mcp';

/** The folders a sandboxed server works in, or why it may not start. */
export type ServerWorkspaces = { workspaces: string[] } | { problem: string };

function isDirectory(p: string): boolean {
  return statSync(p, { throwIfNoEntry: false })?.isDirectory() === true;
}

/**
 * The project folders the server `argv` started in `cwd` works in: every argument naming a folder (resolved from
 * `cwd`), and `cwd` when it is a project folder. A folder argument that is no project folder (the home, `/`, a system
 * folder) refuses the start rather than making it writable.
 * Threat: `server-filesystem ~` sandboxed would otherwise be free to rewrite the home.
 */
export function serverWorkspaces(argv: readonly string[], cwd: string, problemOf: (dir: string) => string | null, isDir = isDirectory): ServerWorkspaces {
  const named: string[] = [];
  for (const arg of argv.slice(1)) {
    const dir = arg === '' ? null : path.resolve(cwd, arg);
    if (dir === null || !isDir(dir)) continue;
    const problem = problemOf(dir);
    if (problem !== null) return { problem: `its argument ${JSON.stringify(arg)} names ${dir}, which ${problem}: a sandboxed server may write only in project folders` };
    named.push(dir);
  }
  const cwdProblem = problemOf(cwd);
  const workspaces = [...new Set([...(cwdProblem === null ? [cwd] : []), ...named])];
  if (workspaces.length === 0) return { problem: `its working directory ${cwd} ${cwdProblem ?? ''} and no argument names a project folder, so it would have nowhere to work` };
  return { workspaces };
}

/**
 * Several folders' profiles as one: writable, unwritable and unreadable are the union (each folder's protected paths
 * and secrets stay protected), hosts the ones every folder's rules allow (a host allowed in one folder only is asked).
 */
export function mergeProfiles(profiles: readonly ContainedProfile[]): ContainedProfile {
  const union = (pick: (p: ContainedProfile) => string[]) => [...new Set(profiles.flatMap(pick))];
  const hosts = (profiles[0]?.hosts ?? []).filter((h) => profiles.every((p) => p.hosts.includes(h)));
  return { writable: union((p) => p.writable), unwritable: union((p) => p.unwritable), unreadable: union((p) => p.unreadable), hosts };
}

/** What serverProfile needs besides the server's command line. */
export interface ServerProfileContext {
  rules: Rule[];
  home: string;
  gatehouseHome: string;
  now: Date;
  env?: NodeJS.ProcessEnv;
}

/** The profile for the server `argv` started in `cwd` (an absolute path); throws Error with why it may not start. */
export async function serverProfile(argv: readonly string[], cwd: string, ctx: ServerProfileContext): Promise<ContainedProfile> {
  const found = serverWorkspaces(argv, cwd, (dir) => workspaceProblem(dir, ctx.home));
  if ('problem' in found) throw new Error(found.problem);
  const env = ctx.env ?? process.env;
  const profiles = await Promise.all(
    found.workspaces.map(async (dir) => {
      const ws = await probeWorkspace(dir, ctx.home, ctx.gatehouseHome, [], { env });
      containmentFacts(ws, env, tmpdir());
      return compileProfile(ruleBook(ctx.rules, ws, ctx.now, AGENT), ws);
    }),
  );
  return mergeProfiles(profiles);
}
