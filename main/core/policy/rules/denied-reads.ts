// A recursive read reaches every file below the folder it is given: a file a `Read(...)` deny or ask rule covers must
// not be read through its folder (`grep -r KEY .` past `Read(./docs/**)`). Readers that skip what git ignores (rg, git
// grep) are judged by the files they actually open.
import { statSync } from 'node:fs';
import path from 'node:path';
import type { Rule } from '../../../../common/domain.js';
import { unignoredFiles } from '../workspace/git-files.js';
import { filesBelow, MAX_ENTRIES } from '../workspace/tree-probe.js';
import { pathSpecMatches, pathSpecRoot } from './path-rule.js';
import { parseRulePatternCached } from './pattern.js';
import { isInside } from '../paths.js';
import type { Reach } from '../request/reach.js';
import { ruleIsLive } from './rule-match.js';

/** The live `Read(...)` rules that deny or ask, ready to test paths against. */
export interface ReadDenials {
  rules: ReadonlyArray<{ pattern: string; spec: string; base: string }>;
  home: string;
}

/**
 * The request's live Read deny and ask rules in scope of `cwd`, or null when it has none (then no tree is searched).
 */
export function readDenials(rules: readonly Rule[], cwd: string, home: string, now: Date): ReadDenials | null {
  const out: Array<{ pattern: string; spec: string; base: string }> = [];
  for (const rule of rules) {
    if (rule.action === 'allow' || !ruleIsLive(rule, now) || (rule.scope !== null && !isInside(cwd, rule.scope))) continue;
    const p = parseRulePatternCached(rule.pattern);
    if (p instanceof Error || p.kind !== 'path' || p.tool !== 'Read') continue;
    out.push({ pattern: rule.pattern, spec: p.specifier, base: rule.scope ?? cwd });
  }
  return out.length === 0 ? null : { rules: out, home };
}

/** The files below `start` the reader opens (`realCwd`: the work tree git answers for), or 'full'. */
async function readerFiles(start: string, reach: Reach, realCwd: string): Promise<string[] | 'full'> {
  let isFolder: boolean;
  try {
    isFolder = statSync(start).isDirectory();
  } catch {
    return []; // nothing there to read
  }
  const unignored = reach.skipsIgnored ? await unignoredFiles(realCwd, start) : null;
  if (unignored !== null) return unignored;
  return isFolder ? filesBelow(start) : [start];
}

/** Where a rule's files can lie below `folder`: below the rule's root when that lies inside the folder; null: nowhere. */
function searchStart(folder: string, root: string): string | null {
  return isInside(root, folder) ? root : isInside(folder, root) ? folder : null;
}

/**
 * The first file below `folder` (resolved; `requested` is how the command spells it) that the reader reaches and a Read
 * deny or ask rule covers, with that rule; null when none does. `realCwd` is the repository git answers for.
 * Threat: `grep -r KEY .` past `Read(./docs/**)`; `git grep KEY` past `Read(./src/secret.ts)`.
 */
export async function deniedBelow(folder: string, requested: string, reach: Reach, denials: ReadDenials, realCwd: string): Promise<{ path: string; rule: string } | null> {
  const spelled = (p: string): string => requested + p.slice(folder.length);
  for (const r of denials.rules) {
    const ctx = { base: r.base, home: denials.home };
    const start = searchStart(folder, path.join(folder, path.relative(requested, pathSpecRoot(r.spec, ctx))));
    if (start === null) continue;
    const found = await readerFiles(start, reach, realCwd);
    if (found === 'full') return { path: `more than ${MAX_ENTRIES} files below ${requested}`, rule: r.pattern };
    // rg skips hidden files and folders below the folder it searches (not the folder itself).
    const hidden = (p: string): boolean => reach.skipsHidden && path.relative(folder, p).split(path.sep).some((s) => s.startsWith('.'));
    const hit = found.find((p) => !hidden(p) && pathSpecMatches(r.spec, spelled(p), ctx) && (reach.picks === null || reach.picks(spelled(p))));
    if (hit !== undefined) return { path: spelled(hit), rule: r.pattern };
  }
  return null;
}
