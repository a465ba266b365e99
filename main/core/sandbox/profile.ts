// The contained profile: a pure function of the rules and the workspace facts the policy already gathered, compiled once
// per rule set and workspace (DESIGN.md "Containment").
import type { ContainedProfile } from '../../../common/domain.js';
import type { RuleBook } from '../policy/rules/rule-match.js';
import type { WorkspaceState } from '../policy/types.js';
import { pathSpecGlob } from '../policy/rules/path-rule.js';
import { unwritablePaths } from './protected-paths.js';
import { homeSecretPaths, workspaceSecretGlobs } from './secret-paths.js';

/** Where temporary files go when the workspace facts do not say. */
const DEFAULT_TMP = '/tmp';

function domainsOf(rules: RuleBook['allow']): string[] {
  return rules.flatMap((lr) => (lr.parsed.kind === 'domain' ? [lr.parsed.domain] : []));
}

/**
 * Hosts the allow and sandbox rules name (`WebFetch(domain:…)`, `Network(domain:…)`), less any with a deny or ask rule
 * at or below it: those hosts go to the ask callback, where the rules that deny or ask decide.
 * Threat: `Network(domain:example.com)` allowed in bulk would let `evil.example.com` past its deny rule.
 */
function allowedHosts(book: RuleBook): string[] {
  const held = domainsOf([...book.deny, ...book.ask]);
  const allowed = domainsOf([...book.allow, ...book.sandbox]);
  return [...new Set(allowed)].filter((d) => !held.some((h) => h === d || h.endsWith(`.${d}`)));
}

/** Paths the live Read deny and ask rules name, as absolute globs. */
function ruleUnreadable(book: RuleBook, ws: WorkspaceState): string[] {
  return [...book.deny, ...book.ask].flatMap((lr) =>
    lr.parsed.kind === 'path' && lr.parsed.tool === 'Read' ? [pathSpecGlob(lr.parsed.specifier, { base: lr.rule.scope ?? ws.cwd, home: ws.home })] : [],
  );
}

/** Compiles the profile (pure). */
export function compileProfile(book: RuleBook, ws: WorkspaceState): ContainedProfile {
  const tmp = ws.tmpDir ?? DEFAULT_TMP;
  const writable = [...new Set([ws.cwd, ws.realCwd ?? ws.cwd, tmp])];
  const workspaces = [...new Set([ws.cwd, ws.realCwd ?? ws.cwd])];
  const unreadable = [
    ...workspaces.flatMap(workspaceSecretGlobs),
    ...[...new Set([ws.home, ws.realHome ?? ws.home])].flatMap(homeSecretPaths),
    ws.gatehouseHome,
    ...ruleUnreadable(book, ws),
  ];
  return { writable, unwritable: unwritablePaths(ws, writable), unreadable: [...new Set(unreadable)], hosts: allowedHosts(book) };
}

// The last profile, with what it was made from: the next contained call of the same rule set and workspace reuses it.
let last: { book: RuleBook; key: string; profile: ContainedProfile } | undefined;

/** compileProfile, reused while the rule book (by identity) and the workspace facts stay the same. */
export function profileFor(book: RuleBook, ws: WorkspaceState): ContainedProfile {
  const key = JSON.stringify([ws.cwd, ws.realCwd, ws.home, ws.realHome, ws.gatehouseHome, ws.tmpDir, ws.agentConfigDirs, ws.gitCodePaths, ws.programDirs]);
  if (last !== undefined && last.book === book && last.key === key) return last.profile;
  const profile = compileProfile(book, ws);
  last = { book, key, profile };
  return profile;
}
