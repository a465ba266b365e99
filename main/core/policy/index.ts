// The policy engine's public surface (DESIGN.md "Policy order"); everything else in this folder is internal.
export type { PathFacts, PolicyInput, WorkspaceState } from './types.js';
export { type ParsedPattern, RulePatternError, parseRulePattern } from './pattern.js';
export { evaluatePolicy } from './evaluate.js';
export { type DecideContext, type DecideResult, decide, decideDetailed } from './decide.js';
export { type ProbeOptions, ProbeError, probeWorkspace, workspaceProblem } from './probe.js';
export { requestPaths } from './view.js';
export { type PatternSuggestion, suggestRulePattern } from './suggest.js';
export { ruleMatchesRequest } from './what-if.js';
export { blanketReason } from './blanket.js';
export { payloadFingerprint } from './fingerprint.js';
export { type WorkspaceProblem, grantChoices, grantFromChoice } from './grant-choices.js';
export { type FolderContext, projectFolderProblem } from './project-folder.js';
export { grantPattern } from './grants.js';
export { ruleForAgent, ruleIsLive } from './rule-match.js';
export { hiddenTools } from './hidden-tools.js';
export { type ToolFamily, toolFamily } from './tools.js';
export { sandboxOverride } from './sandbox-override.js';
export { mayWrite } from './may-write.js';
