// Claude Code hook events in, hook answers out (PROTOCOLS.md; Claude Code 2.x hook formats).
import type { RequestRecord, Rule } from '../../../common/domain.js';
import type { AgentOutcome } from '../broker/outcome.js';
import type { SubmitInput } from '../broker/submit-input.js';
import { InputError } from '../broker/errors.js';
import { subagentOf } from '../agents/subagent.js';
import { HOOK_EVENTS, parsePermissionUpdate, type HookOutput, type PermissionUpdate } from '../hook-client/output.js';

/** The fields of a hook event Gatehouse reads. */
export interface HookEvent {
  hook_event_name: string;
  tool_name: string;
  tool_input: Record<string, unknown>;
  session_id?: string;
  cwd?: string;
  permission_suggestions?: unknown[];
}

/** Turns a PreToolUse / PermissionRequest event into a submission; other events are a 400. */
export function hookEventToSubmit(event: HookEvent): SubmitInput {
  if (!(HOOK_EVENTS as readonly string[]).includes(event.hook_event_name)) {
    throw new InputError(`hook_event_name ${JSON.stringify(event.hook_event_name)} is not handled; configure Gatehouse on PreToolUse or PermissionRequest`);
  }
  const input: SubmitInput = {
    agent: 'claude-code',
    tool_name: event.tool_name,
    args: event.tool_input,
    session_id: event.session_id ?? null,
    cwd: event.cwd ?? null,
  };
  const description = event.tool_input['description'];
  if (typeof description === 'string') input.description = description;
  const subagent = subagentOf(event);
  if (subagent) input.subagent = subagent;
  return input;
}

/** The hook's answer for a record: `{}` unless the outcome is a decided allow or deny. */
export function hookAnswer(event: HookEvent, record: RequestRecord, outcome: AgentOutcome): HookOutput {
  if (outcome === 'none') return {};
  const updatedInput = outcome === 'allow' ? record.decision?.updated_args : undefined;
  if (event.hook_event_name === 'PreToolUse') {
    const out: HookOutput = {
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: outcome, permissionDecisionReason: reasonText(record, outcome) },
    };
    if (updatedInput) out.hookSpecificOutput.updatedInput = updatedInput;
    return out;
  }
  if (outcome === 'deny') {
    return { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: reasonText(record, outcome), interrupt: false } } };
  }
  const decision: { behavior: 'allow'; updatedInput?: Record<string, unknown>; updatedPermissions?: PermissionUpdate[] } = { behavior: 'allow' };
  if (updatedInput) decision.updatedInput = updatedInput;
  const rule = record.decision?.created_rule;
  if (rule && rule.action === 'allow') decision.updatedPermissions = [permissionUpdateFor(rule, event.permission_suggestions ?? [])];
  return { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision } };
}

/** "Always allow": the rule the person chose, in Claude Code's own matching suggestion when it offered one, else in its syntax. */
function permissionUpdateFor(rule: Rule, suggestions: unknown[]): PermissionUpdate {
  const m = /^([^(]+)(?:\((.*)\))?$/s.exec(rule.pattern.trim());
  const toolName = m?.[1] ?? rule.pattern;
  const ruleContent = m?.[2];
  for (const s of suggestions) {
    // The hook client's strict reader: an echoed suggestion can never make the whole answer invalid.
    const update = parsePermissionUpdate(s);
    const chosen = update?.rules.find((r) => r.toolName === toolName && r.ruleContent === ruleContent);
    // Only the rule the person chose: a suggestion may bundle others the person never saw as a rule.
    if (update && chosen) return { ...update, rules: [chosen] };
  }
  const entry: PermissionUpdate['rules'][number] = ruleContent === undefined ? { toolName } : { toolName, ruleContent };
  return { type: 'addRules', rules: [entry], behavior: 'allow', destination: 'localSettings' };
}

/** One line for the user (allow) or the model (deny): the person's reason, else the verdict's; every agent's answer uses it. */
export function reasonText(record: RequestRecord, outcome: 'allow' | 'deny'): string {
  const d = record.decision;
  if (d?.status === 'expired') return `Gatehouse: ${d.reason ?? 'no decision in time'}; denied as configured`;
  const who = d?.decided_by === 'user' ? (outcome === 'allow' ? 'approved in Gatehouse' : 'denied in Gatehouse') : `Gatehouse ${outcome === 'allow' ? 'allowed' : 'denied'}`;
  const why = d?.decided_by === 'user' ? d.reason : record.verdict.reasons.join('; ');
  return why ? `${who}: ${why}` : who;
}
