// The policy engine's public surface (DESIGN.md "Policy order"); everything else in this folder is internal.
// Layout: decide.ts (analysis → probe → evaluation) and evaluate.ts (the pure order) here; request/ reads a call
// (its tool, paths, command); workspace/ gathers fresh facts about those paths; rules/ is the person's rules and grants;
// guard/ is self-protection (Gatehouse and the agents' hooks); vouch/ is what the engine allows or contains on its own.
export type { PathFacts, PolicyInput, WorkspaceState } from './types.js';
export { type ParsedPattern, RulePatternError, parseRulePattern } from './rules/pattern.js';
export { evaluatePolicy } from './evaluate.js';
export { type DecideContext, type DecideResult, decide, decideDetailed } from './decide.js';
export { type ProbeOptions, ProbeError, probeWorkspace, workspaceProblem } from './workspace/probe.js';
export { requestPaths } from './request/view.js';
export { type PatternSuggestion, suggestRulePattern } from './rules/suggest.js';
export { repeatedApprovals, type ProposedRow, type RepeatedApproval } from './rules/repeated-approvals.js';
export { ruleMatchesRequest } from './rules/what-if.js';
export { blanketReason } from './rules/blanket.js';
export { payloadFingerprint } from './rules/fingerprint.js';
export { type WorkspaceProblem, grantChoices, grantFromChoice } from './rules/grant-choices.js';
export { type FolderContext, projectFolderProblem } from './workspace/project-folder.js';
export { grantPattern, joinPatterns, writePattern } from './rules/grants.js';
export { grantableWrites } from './rules/write-grants.js';
export { ruleForAgent, ruleIsLive } from './rules/rule-match.js';
export { hiddenTools } from './rules/hidden-tools.js';
export { type ToolFamily, toolFamily } from './request/tools.js';
export { sandboxOverride } from './request/sandbox-override.js';
export { mayWrite } from './request/may-write.js';
