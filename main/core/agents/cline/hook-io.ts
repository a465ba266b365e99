// Cline's hook dialect (CLI 3.0.65, seen in its SDK's hook runner and with the real program). A script named
// PreToolUse in a hooks folder gets `{hookName:"tool_call", taskId, workspaceRoots, tool_call:{id, name, input},
// preToolUse:{toolName, parameters}}` on stdin (PostToolUse: `hookName:"tool_result"`, `tool_result:{name, input,
// output, error}`). Cline reads only stdout — the last `HOOK_CONTROL\t{json}` line, else all of it as JSON — and
// ignores the exit code: `{"cancel":true,"errorMessage":…}` stops the task (the model is not told; the reason is
// Gatehouse's to show), while no output, text it cannot parse, any exit and a hook killed after 120 s run the call.
import { isPlainObject, oneLine, type HookAgent } from '../hook-agent.js';

/** The line that cancels a Cline task: its control prefix, so text printed before it cannot spoil it. */
export function clineCancel(reason: string): string {
  return `HOOK_CONTROL\t${JSON.stringify({ cancel: true, errorMessage: oneLine(reason) })}\n`;
}

const EVENTS: Record<string, { name: string; call: string }> = {
  tool_call: { name: 'PreToolUse', call: 'tool_call' },
  tool_result: { name: 'PostToolUse', call: 'tool_result' },
};

/** A Cline event in the route's Claude-style shape; null for anything else (a tool call must name one tool, consistently). */
export function normaliseClineEvent(event: unknown): Record<string, unknown> | null {
  if (!isPlainObject(event) || typeof event['hookName'] !== 'string' || !Object.hasOwn(EVENTS, event['hookName'])) return null;
  const kind = EVENTS[event['hookName']]!;
  const call = event[kind.call];
  if (!isPlainObject(call) || typeof call['name'] !== 'string' || call['name'] === '') return null;
  const pre = event['preToolUse'];
  if (kind.name === 'PreToolUse' && (!isPlainObject(pre) || pre['toolName'] !== call['name'])) return null;
  const input = call['input'];
  const out: Record<string, unknown> = { hook_event_name: kind.name, tool_name: call['name'], tool_input: isPlainObject(input) ? input : { value: input ?? null } };
  if (typeof event['taskId'] === 'string') out['session_id'] = event['taskId'];
  const roots = event['workspaceRoots'];
  if (Array.isArray(roots) && typeof roots[0] === 'string') out['cwd'] = roots[0];
  if (kind.name === 'PostToolUse') out['tool_response'] = call['error'] ?? call['output'] ?? null;
  return out;
}

/** Cline: PreToolUse only (PostToolUse reports the run); every answer without a decision cancels the task. */
export const clineHook: HookAgent = {
  cli: 'cline',
  after: 'PostToolUse',
  events: ['PreToolUse'],
  toRoute(event) {
    const routed = normaliseClineEvent(event);
    return routed === null ? 'the hook event on stdin is not one cline sends' : { name: routed['hook_event_name'] as string, body: routed };
  },
  render(value, eventName) {
    if (eventName !== 'PreToolUse' || !isPlainObject(value)) return null;
    const keys = Object.keys(value);
    if (keys.some((k) => k !== 'decision' && k !== 'reason') || (value['reason'] !== undefined && typeof value['reason'] !== 'string')) return null;
    if (value['decision'] === 'allow') return '';
    if (value['decision'] !== 'deny') return null;
    return clineCancel(typeof value['reason'] === 'string' ? value['reason'] : 'denied by Gatehouse');
  },
  fallback: (_eventName, why) => clineCancel(`Gatehouse could not decide (${oneLine(why)}); the task is stopped until it can`),
  // Cline reads no exit code: the installed script prints the cancel line itself when this program fails (hook-script.ts).
  silentExit: 0,
  killedAfterS: 120,
};
