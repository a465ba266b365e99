// GitHub Copilot CLI's hook dialect (Copilot CLI 1.0.102, seen with the real program): camelCase events with no event
// name in them — preToolUse `{sessionId, timestamp, cwd, toolName, toolArgs}`, postToolUse the same plus `toolResult`,
// sessionEnd `{sessionId, timestamp, cwd, reason}` — answered `{permissionDecision, permissionDecisionReason}`.
// Threat: Copilot reads an exit 0 with no (or no valid) decision as "no objection" and then its own permissions decide,
// which under --allow-all-tools run the call; so every event Gatehouse cannot decide gets a printed deny. Any other
// exit denies ("hook errored"), exit 2 with the reason only when it is on stdout. `ask` is never sent: a headless
// run denies it ("unable to ask user"), so Gatehouse holds the call and answers allow or deny once the person decided.
import { isPlainObject, oneLine, type HookAgent, type RoutedEvent } from '../hook-agent.js';

/** The answer Copilot CLI honours on preToolUse (its Claude-style `hookSpecificOutput` it ignores there: verified). */
export interface CopilotAnswer {
  permissionDecision: 'allow' | 'deny';
  permissionDecisionReason?: string;
  modifiedArgs?: Record<string, unknown>;
}

const ANSWER_KEYS = ['permissionDecision', 'permissionDecisionReason', 'modifiedArgs'];

/** Strict reader of a Copilot answer; null for anything else (`ask` included). */
export function parseCopilotAnswer(value: unknown): CopilotAnswer | null {
  if (!isPlainObject(value) || !('permissionDecision' in value) || !Object.keys(value).every((k) => ANSWER_KEYS.includes(k))) return null;
  const { permissionDecision: decision, permissionDecisionReason: reason, modifiedArgs } = value;
  if (decision !== 'allow' && decision !== 'deny') return null;
  if (reason !== undefined && typeof reason !== 'string') return null;
  const out: CopilotAnswer = { permissionDecision: decision };
  if (reason !== undefined) out.permissionDecisionReason = reason;
  if (modifiedArgs !== undefined) {
    if (decision !== 'allow' || !isPlainObject(modifiedArgs)) return null;
    out.modifiedArgs = modifiedArgs;
  }
  return out;
}

/** The tool's arguments: Copilot sends an object (1.0.102); a JSON string (its documented form) is read as one. */
function toolArgs(value: unknown): Record<string, unknown> | string {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return 'toolArgs is a string that is not JSON';
    }
  }
  return isPlainObject(parsed) ? parsed : 'toolArgs is not a JSON object';
}

/** The session and folder fields every event carries, under the route's names (dropped when mistyped). */
function sessionFields(e: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (typeof e['sessionId'] === 'string') out['session_id'] = e['sessionId'];
  if (typeof e['cwd'] === 'string') out['cwd'] = e['cwd'];
  return out;
}

/**
 * A Copilot event by its shape (it names none): `hookName` is a permissionRequest (not answered here), `toolResult`
 * a postToolUse, `toolName` with `toolArgs` a preToolUse, `reason` without a tool a sessionEnd. Anything else, or a
 * tool event whose name or arguments are unusable, is why it cannot be read.
 */
export function copilotEvent(event: unknown): RoutedEvent | string {
  if (!isPlainObject(event)) return 'the hook event is not a JSON object';
  if ('hookName' in event) return `Gatehouse answers Copilot's preToolUse events, not ${JSON.stringify(event['hookName'])}`;
  const session = sessionFields(event);
  if (!('toolName' in event)) {
    if ('reason' in event && typeof event['sessionId'] === 'string' && event['sessionId'] !== '') return { name: 'sessionEnd', body: { hook_event_name: 'sessionEnd', ...session } };
    return 'the hook event is not one Copilot CLI sends before or after a tool call';
  }
  const name = event['toolName'];
  if (typeof name !== 'string' || name === '') return 'toolName is missing or not a string';
  const args = toolArgs(event['toolArgs']);
  if (typeof args === 'string') return args;
  const body = { tool_name: name, tool_input: args, ...session };
  if ('toolResult' in event) return { name: 'postToolUse', body: { hook_event_name: 'postToolUse', ...body, tool_response: event['toolResult'] } };
  return { name: 'preToolUse', body: { hook_event_name: 'preToolUse', ...body } };
}

/** The deny Copilot shows its model, with why (a printed deny: silence would let Copilot's own permissions decide). */
export function copilotDeny(why: string): string {
  return `${JSON.stringify({ permissionDecision: 'deny', permissionDecisionReason: `Gatehouse could not decide (${oneLine(why)}); denied until it can` })}\n`;
}

/** Copilot CLI: preToolUse decides; postToolUse and sessionEnd are reported. */
export const copilotHook: HookAgent = {
  cli: 'copilot',
  after: 'postToolUse',
  sessionEnd: 'sessionEnd',
  events: ['preToolUse'],
  toRoute: copilotEvent,
  render(value, eventName) {
    if (eventName !== 'preToolUse') return null;
    const parsed = parseCopilotAnswer(value);
    return parsed ? `${JSON.stringify(parsed)}\n` : null;
  },
  silentExit: 2,
  stdoutRefusal: true,
  fallback: (_eventName, why) => copilotDeny(why),
};
