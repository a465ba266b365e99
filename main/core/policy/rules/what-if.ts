// Whether one rule, on its own, would decide a request: for the what-if view over past audit entries.
import type { Rule, ToolRequest } from '../../../../common/domain.js';
import type { ShellAnalysis } from '../../shell/types.js';
import type { WorkspaceState } from '../types.js';
import { parseRulePatternCached } from './pattern.js';
import { allowCoversCall, allowCoversFile, commandCovered, denyLikeMatch, ruleInScope } from './rule-match.js';
import { buildView } from '../request/view.js';

/**
 * Whether `rule` would fire for `request`: a deny/ask rule when it matches any part; an allow rule
 * when it alone covers every part (every simple command, every path — both spellings) and nothing
 * blocks an allow. Liveness (enabled, expiry, uses) is ignored: the rule may not be saved yet.
 * Paths missing from `workspace.paths` are read lexically (past entries cannot be re-probed).
 */
export function ruleMatchesRequest(rule: Rule, request: ToolRequest, workspace: WorkspaceState, analysis?: ShellAnalysis | null): boolean {
  const parsed = parseRulePatternCached(rule.pattern);
  if (parsed instanceof Error || !ruleInScope(rule, workspace, request.agent)) return false;
  const lr = { rule, parsed };
  const view = buildView(request, workspace, analysis ?? null);
  // A sandbox rule fires where an allow rule would (it allows, contained).
  if (rule.action === 'deny' || rule.action === 'ask') return denyLikeMatch(lr, view, workspace, rule.action) !== null;
  if (view.problem !== null) return false;
  if (view.family === 'shell') {
    const a = view.analysis;
    return a !== null && a.parsed && a.blockers.length === 0 && a.commands.length > 0 && a.commands.every((c) => commandCovered(parsed, c, 'allow', view.tool));
  }
  if (view.family === 'read' || view.family === 'write') {
    return view.files.length > 0 && view.files.every((f) => allowCoversFile(lr, f, view, workspace));
  }
  return allowCoversCall(lr, view, workspace);
}
