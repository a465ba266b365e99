// The exact Claude Code hook answers Gatehouse may give (PROTOCOLS.md, Claude Code hooks as of v2.x), and a strict
// validator. Built by the server, re-checked by the hook client so a garbled answer can never become an allow.
// No imports: the hook client loads this file and must stay light.

/** A permission rule Claude Code should remember ("always allow"). */
export interface PermissionUpdate {
  type: 'addRules';
  rules: Array<{ toolName: string; ruleContent?: string }>;
  behavior: 'allow';
  destination: 'localSettings' | 'projectSettings' | 'userSettings' | 'session';
}

/** PreToolUse answer. */
export interface PreToolUseOutput {
  hookSpecificOutput: {
    hookEventName: 'PreToolUse';
    permissionDecision: 'allow' | 'deny';
    permissionDecisionReason?: string;
    updatedInput?: Record<string, unknown>;
  };
}

/** PermissionRequest answer. */
export interface PermissionRequestOutput {
  hookSpecificOutput: {
    hookEventName: 'PermissionRequest';
    decision:
      | { behavior: 'allow'; updatedInput?: Record<string, unknown>; updatedPermissions?: PermissionUpdate[] }
      | { behavior: 'deny'; message: string; interrupt: boolean };
  };
}

/** PostToolUse answer: a note for the model about the call that just ran (the person edited it before approving). */
export interface PostToolUseOutput {
  hookSpecificOutput: { hookEventName: 'PostToolUse'; additionalContext: string };
}

/** Every answer the hook may print; `{}` means "no decision": Claude Code falls back to its own prompt. */
export type HookOutput = Record<string, never> | PreToolUseOutput | PermissionRequestOutput;

/** The hook events Gatehouse answers. */
export const HOOK_EVENTS = ['PreToolUse', 'PermissionRequest'] as const;

/**
 * Threat: whatever reaches stdout decides a tool call. Accept only the exact shapes above, for the event that was
 * asked, with no unknown keys; anything else is null (print nothing = no decision).
 */
export function parseHookOutput(value: unknown, eventName: string): HookOutput | null {
  if (!isPlainObject(value)) return null;
  const keys = Object.keys(value);
  if (keys.length === 0) return {};
  if (!sameKeys(keys, ['hookSpecificOutput'], [])) return null;
  const out = value['hookSpecificOutput'];
  if (!isPlainObject(out) || out['hookEventName'] !== eventName) return null;
  if (eventName === 'PreToolUse') return parsePreToolUse(out);
  if (eventName === 'PermissionRequest') return parsePermissionRequest(out);
  return null;
}

/** The PostToolUse answer in the exact shape Gatehouse sends, or null (the hook then prints nothing). */
export function parsePostToolUse(value: unknown): PostToolUseOutput | null {
  if (!isPlainObject(value) || !sameKeys(Object.keys(value), ['hookSpecificOutput'], [])) return null;
  const out = value['hookSpecificOutput'];
  if (!isPlainObject(out) || !sameKeys(Object.keys(out), ['hookEventName', 'additionalContext'], [])) return null;
  if (out['hookEventName'] !== 'PostToolUse' || typeof out['additionalContext'] !== 'string') return null;
  return { hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: out['additionalContext'] } };
}

function parsePreToolUse(out: Record<string, unknown>): PreToolUseOutput | null {
  if (!sameKeys(Object.keys(out), ['hookEventName', 'permissionDecision'], ['permissionDecisionReason', 'updatedInput'])) return null;
  const decision = out['permissionDecision'];
  if (decision !== 'allow' && decision !== 'deny') return null;
  const reason = out['permissionDecisionReason'];
  if (reason !== undefined && typeof reason !== 'string') return null;
  const input = out['updatedInput'];
  if (input !== undefined && !isPlainObject(input)) return null;
  const result: PreToolUseOutput['hookSpecificOutput'] = { hookEventName: 'PreToolUse', permissionDecision: decision };
  if (reason !== undefined) result.permissionDecisionReason = reason;
  if (input !== undefined) result.updatedInput = input;
  return { hookSpecificOutput: result };
}

function parsePermissionRequest(out: Record<string, unknown>): PermissionRequestOutput | null {
  if (!sameKeys(Object.keys(out), ['hookEventName', 'decision'], [])) return null;
  const d = out['decision'];
  if (!isPlainObject(d)) return null;
  if (d['behavior'] === 'deny') {
    if (!sameKeys(Object.keys(d), ['behavior', 'message', 'interrupt'], [])) return null;
    if (typeof d['message'] !== 'string' || typeof d['interrupt'] !== 'boolean') return null;
    return { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: d['message'], interrupt: d['interrupt'] } } };
  }
  if (d['behavior'] !== 'allow') return null;
  if (!sameKeys(Object.keys(d), ['behavior'], ['updatedInput', 'updatedPermissions'])) return null;
  const decision: { behavior: 'allow'; updatedInput?: Record<string, unknown>; updatedPermissions?: PermissionUpdate[] } = { behavior: 'allow' };
  const input = d['updatedInput'];
  if (input !== undefined) {
    if (!isPlainObject(input)) return null;
    decision.updatedInput = input;
  }
  const perms = d['updatedPermissions'];
  if (perms !== undefined) {
    if (!Array.isArray(perms)) return null;
    const parsed = perms.map(parsePermissionUpdate);
    if (parsed.some((p) => p === null)) return null;
    decision.updatedPermissions = parsed as PermissionUpdate[];
  }
  return { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision } };
}

/** One updatedPermissions entry in the exact shape Gatehouse may send, or null. */
export function parsePermissionUpdate(value: unknown): PermissionUpdate | null {
  if (!isPlainObject(value)) return null;
  if (!sameKeys(Object.keys(value), ['type', 'rules', 'behavior', 'destination'], [])) return null;
  const { type, rules, behavior, destination } = value;
  if (type !== 'addRules' || behavior !== 'allow') return null;
  if (destination !== 'localSettings' && destination !== 'projectSettings' && destination !== 'userSettings' && destination !== 'session') return null;
  if (!Array.isArray(rules) || rules.length === 0) return null;
  const parsedRules: PermissionUpdate['rules'] = [];
  for (const r of rules) {
    if (!isPlainObject(r) || !sameKeys(Object.keys(r), ['toolName'], ['ruleContent'])) return null;
    if (typeof r['toolName'] !== 'string' || r['toolName'] === '') return null;
    if (r['ruleContent'] !== undefined && typeof r['ruleContent'] !== 'string') return null;
    parsedRules.push(r['ruleContent'] === undefined ? { toolName: r['toolName'] } : { toolName: r['toolName'], ruleContent: r['ruleContent'] });
  }
  return { type, rules: parsedRules, behavior, destination };
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** True when `keys` holds every required key and nothing outside required ∪ optional. */
function sameKeys(keys: string[], required: string[], optional: string[]): boolean {
  return required.every((k) => keys.includes(k)) && keys.every((k) => required.includes(k) || optional.includes(k));
}
