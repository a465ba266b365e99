// Whether one parsed rule covers one request (or one part of it): tool names, Bash specifiers, paths, domains.
import type { Rule } from '../../../../common/domain.js';
import type { SimpleCommand } from '../../shell/types.js';
import { bashSpecifierMatches } from '../../shell/index.js';
import type { WorkspaceState } from '../types.js';
import type { LiveRule } from './live-rule.js';
import type { ParsedPattern } from './pattern.js';
import { parseRulePatternCached } from './pattern.js';
import { pathSpecMatches } from './path-rule.js';
import { urlMatchesDomain, urlMayReachDomain } from './domain.js';
import { isInside, relativeInside } from '../paths.js';
import { blanketRuleExcludes } from '../vouch/secrets.js';
import { credentialAnchor, patternNames } from '../vouch/credential-stores.js';
import { type ToolFamily, ruleToolCovers, toolFamily } from '../request/tools.js';
import type { FileRef, RequestView, ShellRef } from '../request/view.js';
import { globMatcher } from './glob-cache.js';

/** How a rule's pattern is matched: a `sandbox` rule matches as an allow rule does. */
export type MatchAction = 'allow' | 'deny' | 'ask';

/** Live rules by action, in their given order. */
export interface RuleBook {
  deny: readonly LiveRule[];
  ask: readonly LiveRule[];
  allow: readonly LiveRule[];
  /** `sandbox` rules: they allow a shell command contained (main/core/sandbox). */
  sandbox: readonly LiveRule[];
}

/** Whether a rule can match at all now: enabled, not expired, uses left. */
export function ruleIsLive(rule: Rule, now: Date): boolean {
  if (!rule.enabled || rule.uses_left === 0) return false;
  if (rule.expires_at !== null) {
    const t = Date.parse(rule.expires_at);
    if (Number.isNaN(t) || t <= now.getTime()) return false; // an unreadable expiry is treated as expired
  }
  return true;
}

/** Whether a rule for one agent applies to a request of `agent` (a rule without one applies to every agent). */
export function ruleForAgent(rule: Pick<Rule, 'agent'>, agent: string): boolean {
  return rule.agent === undefined || rule.agent === null || rule.agent === agent;
}

/** Whether a rule applies to `agent`'s request made in this workspace (segment comparison for a scoped rule). */
export function ruleInScope(rule: Rule, ws: WorkspaceState, agent: string): boolean {
  if (!ruleForAgent(rule, agent)) return false;
  if (rule.scope === null) return true;
  return isInside(ws.cwd, rule.scope) || (ws.realCwd !== undefined && isInside(ws.realCwd, rule.scope));
}

// A caller that passes the same rules array again (until its rules change) gets the parsed forms and the rule book
// back without allocating: per-call garbage is what pushes p99 over 1 ms with 1,000 rules.
type RuleFields = Pick<Rule, 'pattern' | 'action' | 'enabled' | 'uses_left' | 'expires_at' | 'scope' | 'agent'>;

interface ParsedList {
  rules: Rule[];
  /** Every rule was frozen: none can have changed in place, so identity alone says the list is unchanged. */
  frozen: boolean;
  fields: RuleFields[];
  live: Array<LiveRule | null>;
  /** The last book, valid for this agent and workspace while `now` stays in [from, until) (no rule expires in between). */
  book?: { agent: string; cwd: string; realCwd: string | undefined; from: number; until: number; book: RuleBook };
}

const parsedLists = new WeakMap<readonly Rule[], ParsedList>();

function unchanged(list: ParsedList, rules: readonly Rule[]): boolean {
  if (list.rules.length !== rules.length) return false;
  if (list.frozen) {
    for (let i = 0; i < rules.length; i++) if (rules[i] !== list.rules[i]) return false;
    return true;
  }
  for (let i = 0; i < rules.length; i++) {
    const r = rules[i]!;
    const f = list.fields[i]!;
    if (r !== list.rules[i] || r.pattern !== f.pattern || r.action !== f.action || r.enabled !== f.enabled) return false;
    if (r.uses_left !== f.uses_left || r.expires_at !== f.expires_at || r.scope !== f.scope || r.agent !== f.agent) return false;
  }
  return true;
}

function parsedRules(rules: readonly Rule[]): ParsedList {
  const hit = parsedLists.get(rules);
  if (hit !== undefined && unchanged(hit, rules)) return hit;
  const live = rules.map((rule) => {
    const parsed = parseRulePatternCached(rule.pattern);
    return parsed instanceof Error ? null : { rule, parsed };
  });
  const fields = rules.map(({ pattern, action, enabled, uses_left, expires_at, scope, agent }) => ({ pattern, action, enabled, uses_left, expires_at, scope, agent }));
  const list: ParsedList = { rules: [...rules], frozen: rules.every((r) => Object.isFrozen(r)), fields, live };
  parsedLists.set(rules, list);
  return list;
}

/** The live rules by action for this agent, workspace and moment (malformed patterns never match). Read-only: it is shared. */
export function ruleBook(rules: readonly Rule[], ws: WorkspaceState, now: Date, agent: string): RuleBook {
  const list = parsedRules(rules);
  const t = now.getTime();
  const last = list.book;
  if (last !== undefined && last.agent === agent && last.cwd === ws.cwd && last.realCwd === ws.realCwd && last.from <= t && t < last.until) return last.book;
  const book = { deny: [] as LiveRule[], ask: [] as LiveRule[], allow: [] as LiveRule[], sandbox: [] as LiveRule[] };
  let from = -Infinity;
  let until = Infinity;
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i]!;
    const expires = rule.expires_at === null ? NaN : Date.parse(rule.expires_at);
    if (!Number.isNaN(expires)) {
      if (expires <= t) from = Math.max(from, expires);
      else until = Math.min(until, expires);
    }
    const lr = list.live[i];
    if (lr === null || lr === undefined || !ruleIsLive(rule, now) || !ruleInScope(rule, ws, agent)) continue;
    book[rule.action]?.push(lr);
  }
  list.book = { agent, cwd: ws.cwd, realCwd: ws.realCwd, from, until, book };
  return book;
}

/** Whether the rule names this request's tool at all (before looking at its specifier). */
export function ruleNamesTool(p: ParsedPattern, tool: string, family: ToolFamily = toolFamily(tool)): boolean {
  switch (p.kind) {
    case 'tool':
      return ruleToolCovers(p.tool, tool, family);
    case 'mcp':
      return p.tool === null ? tool.startsWith(`mcp__${p.server}__`) : tool === `mcp__${p.server}__${p.tool}`;
    case 'bash':
      return family === 'shell';
    case 'path':
      return ruleToolCovers(p.tool, tool, family);
    case 'domain':
      // A host a rule lets fetches reach, contained commands may reach too, and the other way round.
      return tool === 'WebFetch' || tool === 'Network';
    case 'other':
      return p.tool === tool;
  }
}

/** Where a rule's relative paths are anchored once symlinks are resolved (the real cwd, or the scope below it). */
function realBase(base: string, ws: WorkspaceState): string {
  if (ws.realCwd === undefined) return base;
  if (base === ws.cwd) return ws.realCwd;
  const rel = relativeInside(base, ws.cwd);
  return rel === null ? base : rel === '' ? ws.realCwd : `${ws.realCwd}/${rel}`;
}

/** Which spellings of a path a rule must cover: deny/ask catch either, allow needs both. */
export function pathRuleCovers(spec: string, ref: FileRef, rule: Rule, ws: WorkspaceState, action: MatchAction): boolean {
  const base = rule.scope ?? ws.cwd;
  const lexical = pathSpecMatches(spec, ref.facts.requested, { base, home: ws.home });
  const real = realBase(base, ws);
  if (ref.facts.resolved === ref.facts.requested && real === base) return lexical;
  if (action !== 'allow' && lexical) return true;
  if (action === 'allow' && !lexical) return false;
  return pathSpecMatches(spec, ref.facts.resolved, { base: real, home: ws.realHome ?? ws.home });
}

/** Whether a `Bash(...)` rule, or a bare rule naming the shell tool `tool`, covers one simple command. */
export function commandCovered(p: ParsedPattern, cmd: SimpleCommand, action: MatchAction, tool = 'Bash'): boolean {
  if (p.kind === 'tool') return ruleToolCovers(p.tool, tool, 'shell');
  return p.kind === 'bash' && bashSpecifierMatches(p.specifier, cmd, action);
}

/** Whether a `Read(...)`/`Edit(...)` rule reaches a path a shell command names (deny/ask only). */
export function shellRefCovered(p: ParsedPattern, ref: ShellRef, rule: Rule, ws: WorkspaceState, action: MatchAction): boolean {
  if (p.kind !== 'path') return false;
  if (p.tool === 'Edit' && ref.access !== 'write') return false;
  if (p.tool !== 'Read' && p.tool !== 'Edit') return false;
  return pathRuleCovers(p.specifier, { key: ref.path, facts: ref.facts }, rule, ws, action);
}

function otherCovered(spec: string, view: RequestView): boolean {
  const isMatch = globMatcher(spec, { dot: true, bash: true });
  return Object.values(view.request.args).some((v) => typeof v === 'string' && isMatch(v));
}

/**
 * For a deny or ask rule: the part of the request it matches (a command text, a path, the tool), or null.
 * Threat: a deny must catch every spelling (`/bin/rm`, `\rm`, `cd x && rm`, `/ws/./.env`, a symlink to .env).
 */
export function denyLikeMatch(lr: LiveRule, view: RequestView, ws: WorkspaceState, action: MatchAction): string | null {
  const p = lr.parsed;
  if (view.family === 'shell' && p.kind === 'path') {
    const ref = view.shellRefs.find((r) => shellRefCovered(p, r, lr.rule, ws, action));
    return ref ? ref.facts.requested : null;
  }
  if (!ruleNamesTool(p, view.tool, view.family)) return null;
  switch (p.kind) {
    case 'tool':
    case 'mcp':
      return view.tool;
    case 'bash': {
      const cmd = view.analysis?.commands.find((c) => bashSpecifierMatches(p.specifier, c, action));
      return cmd ? cmd.text : null;
    }
    case 'path': {
      const ref = view.files.find((f) => pathRuleCovers(p.specifier, f, lr.rule, ws, action));
      return ref ? ref.facts.requested : null;
    }
    case 'domain':
      if (view.url === null) return null;
      return (action === 'allow' ? urlMatchesDomain : urlMayReachDomain)(view.url, p.domain) ? view.url : null;
    case 'other':
      return otherCovered(p.specifier, view) ? view.tool : null;
  }
}

/** For an allow rule: whether it covers this one file path (both spellings). */
export function allowCoversFile(lr: LiveRule, ref: FileRef, view: RequestView, ws: WorkspaceState): boolean {
  const p = lr.parsed;
  if (!ruleNamesTool(p, view.tool, view.family)) return false;
  // A rule for the whole tool is not a rule for credentials: those need a rule that names them.
  if (p.kind === 'tool') return blanketRuleExcludes(ref.facts) === null && outsideCredential(ref, ws) === null;
  if (p.kind !== 'path' || !pathRuleCovers(p.specifier, ref, lr.rule, ws, 'allow')) return false;
  // `Read(//**)` or `Read(~/**)` covers ~/.netrc only by its wildcards: a credential store needs a rule that spells it.
  const store = outsideCredential(ref, ws);
  return store === null || patternNames(p.specifier, store.anchor);
}

/**
 * Outside the workspace, the credential store a path is or lies in (a hidden name of a home, `/etc/shadow`, `/etc/sudoers`,
 * a keychain), as requested or where it resolves; null inside the workspace or elsewhere.
 * Threat: `Read ~/.config/some-cli/token`, `Read /etc/gshadow` past a blanket `Read` rule.
 */
export function outsideCredential(ref: FileRef, ws: WorkspaceState): { anchor: string; why: string } | null {
  if (ref.facts.insideWorkspace) return null;
  const homes = [...new Set([ws.home, ws.realHome ?? ws.home])];
  return credentialAnchor(ref.facts.requested, homes) ?? credentialAnchor(ref.facts.resolved, homes);
}

/** For an allow rule on a non-file, non-shell tool (web, MCP, other): whether it covers the call. */
export function allowCoversCall(lr: LiveRule, view: RequestView, ws: WorkspaceState): boolean {
  return denyLikeMatch(lr, view, ws, 'allow') !== null;
}
