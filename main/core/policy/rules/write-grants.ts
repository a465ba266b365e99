// Commands that write named workspace files (`npm test > log.txt`, `pytest | tee out.txt`): a prefix rule or grant
// for the command does not vouch for the write, a Write/Edit rule or grant for exactly that file does — never for a
// file outside the workspace, inside .git or git's hooks, an agent's configuration, GATEHOUSE_HOME or the secret tier.
import type { Blocker, ShellAnalysis } from '../../shell/types.js';
import type { PathFacts, WorkspaceState } from '../types.js';
import type { LiveRule } from './live-rule.js';
import { pathRuleCovers, ruleNamesTool } from './rule-match.js';
import { isInside, relativeInside } from '../paths.js';
import { agentConfigOf, inGatehouseHome, protectedSet } from '../guard/protected.js';
import { secretReason } from '../vouch/secrets.js';
import type { ShellRef } from '../request/view.js';

/**
 * Whether a write lands inside a `.git` folder, on another place git runs code from (the hooks folder a config names,
 * the global git config), or on a `.gitattributes` file, as requested or where it resolves: git runs what its config, hooks and attributes (filter, diff and merge
 * drivers) name on the next git command. Names compare without case, as the probe's do: `.GIT/hooks` is git's own on
 * macOS's and Windows's file systems.
 */
export function writesGitInternals(facts: { requested: string; resolved: string }, ws: WorkspaceState): boolean {
  return [facts.requested, facts.resolved].some((p) => {
    const lower = p.toLowerCase();
    return lower.split('/').includes('.git') || lower.endsWith('/.gitattributes') || (ws.gitCodePaths?.some((d) => isInside(p, d)) ?? false);
  });
}

/** Why no Write/Edit rule or grant may vouch for a command writing this file, or null when one may. Judged on both spellings. */
export function writeGrantProblem(facts: Pick<PathFacts, 'requested' | 'resolved' | 'insideWorkspace'>, ws: WorkspaceState): string | null {
  const where = facts.resolved === facts.requested ? facts.requested : `${facts.requested} (resolves to ${facts.resolved})`;
  if (!facts.insideWorkspace || !isInside(facts.requested, ws.cwd)) return `${where} is outside the workspace`;
  if (writesGitInternals(facts, ws)) return `${where} is inside .git/, a hooks folder or a .gitattributes, which git runs code from`;
  const ps = protectedSet(ws);
  for (const p of [facts.requested, facts.resolved]) {
    if (inGatehouseHome(p, ps)) return `${where} is inside GATEHOUSE_HOME`;
    const config = agentConfigOf(p, ps);
    if (config !== null) return `${where} is ${config}`;
  }
  const secret = secretReason(relativeInside(facts.resolved, ws.realCwd ?? ws.cwd) ?? facts.resolved) ?? secretReason(relativeInside(facts.requested, ws.cwd) ?? facts.requested);
  return secret === null ? null : `${where}: ${secret}`;
}

/**
 * Whether a workspace-write blocker is vouched for by a Write/Edit path rule (or grant) in `allow`: every reference to
 * its target is a write the rule covers in both spellings, of a file writeGrantProblem lets through. A bare `Edit`
 * rule (every file anywhere) does not vouch: only a rule naming paths does.
 */
export function writeVouched(b: Blocker, refs: readonly ShellRef[], allow: readonly LiveRule[], ws: WorkspaceState): boolean {
  if (b.workspaceWrite !== true || b.target === undefined) return false;
  const mine = refs.filter((r) => r.path === b.target);
  if (mine.length === 0) return false;
  return mine.every((r) => {
    if (r.unsure || writeGrantProblem(r.facts, ws) !== null) return false;
    return allow.some((lr) => lr.parsed.kind === 'path' && ruleNamesTool(lr.parsed, 'Write', 'write') && pathRuleCovers(lr.parsed.specifier, { key: r.path, facts: r.facts }, lr.rule, ws, 'allow'));
  });
}

/**
 * The files a command writes that a Write/Edit rule may cover, judged by name only (the probe runs when the rule is
 * checked): the targets of its workspace-write blockers that writeGrantProblem lets through. Null when some blocker
 * of the command is of another kind, or names a file that cannot be covered: then no write rule makes it allowable.
 */
export function grantableWrites(analysis: ShellAnalysis, ws: WorkspaceState): string[] | null {
  const out: string[] = [];
  for (const b of analysis.blockers) {
    if (b.workspaceWrite !== true || b.target === undefined) return null;
    if (writeGrantProblem({ requested: b.target, resolved: b.target, insideWorkspace: isInside(b.target, ws.cwd) }, ws) !== null) return null;
    if (!out.includes(b.target)) out.push(b.target);
  }
  return out;
}
