// `opencode serve`'s own permission questions (OpenCode 1.18.33, seen with the real server): a `permission.asked` event
// `{id, sessionID, permission, patterns, metadata, always, tool?:{messageID, callID}}` on its event stream, answered by
// `POST /permission/{id}/reply {reply: "once"|"always"|"reject", message?}`. The question names a permission
// (`bash`, `edit`, `external_directory`…) and OpenCode's own patterns; Gatehouse judges the tool call it is about, read
// from the session's message, so `Bash(npm test)` decides it as it decides the plugin's calls.
// Threat: the answer lets the call run. Only an approval Gatehouse gave for exactly this call, unedited and not to be
// contained, becomes "once"; "always" is never sent (OpenCode would then allow its own wider pattern, `touch *`, without
// asking again); everything else is a "reject" with why.
import { verdictOf } from '../../acp/decide.js';
import type { GateAnswer } from '../../mcp/gate.js';
import { isPlainObject } from '../hook-agent.js';
import { opencodeToGatehouse } from './tools.js';

/** One `permission.asked`, the fields the bridge uses. */
export interface PermissionAsked {
  id: string;
  sessionID: string;
  permission: string;
  patterns: string[];
  metadata: Record<string, unknown>;
  tool?: { messageID: string; callID: string };
}

/** The answer OpenCode's reply endpoint takes. */
export interface PermissionReply {
  reply: 'once' | 'reject';
  message?: string;
}

const isString = (v: unknown): v is string => typeof v === 'string' && v !== '';

/** A `permission.asked` event's properties, or null when they are not one (an unreadable question is not answered). */
export function readPermissionAsked(props: unknown): PermissionAsked | null {
  if (!isPlainObject(props) || !isString(props['id']) || !isString(props['sessionID']) || !isString(props['permission'])) return null;
  const patterns = Array.isArray(props['patterns']) ? props['patterns'].filter((p): p is string => typeof p === 'string') : [];
  const out: PermissionAsked = { id: props['id'], sessionID: props['sessionID'], permission: props['permission'], patterns, metadata: isPlainObject(props['metadata']) ? props['metadata'] : {} };
  const tool = props['tool'];
  if (isPlainObject(tool) && isString(tool['messageID']) && isString(tool['callID'])) out.tool = { messageID: tool['messageID'], callID: tool['callID'] };
  return out;
}

/** The tool call a question is about, from its message (`GET /session/{sid}/message/{mid}`), or why it is not there. */
export function askedCall(ask: PermissionAsked, message: unknown): { tool: string; input: Record<string, unknown>; cwd: string | null } | string {
  if (!ask.tool) return 'the question names no tool call';
  const parts = isPlainObject(message) && Array.isArray(message['parts']) ? message['parts'] : [];
  const part = parts.find((p) => isPlainObject(p) && p['type'] === 'tool' && p['callID'] === ask.tool!.callID && p['sessionID'] === ask.sessionID);
  const state = isPlainObject(part) ? part['state'] : undefined;
  if (!isPlainObject(part) || !isString(part['tool']) || !isPlainObject(state) || !isPlainObject(state['input'])) return `the tool call ${ask.tool.callID} is not in its message`;
  const info = isPlainObject(message) ? message['info'] : undefined;
  const path = isPlainObject(info) ? info['path'] : undefined;
  const cwd = isPlainObject(path) && isString(path['cwd']) ? path['cwd'] : null;
  return { tool: part['tool'], input: state['input'], cwd };
}

/**
 * What Gatehouse is asked: the call in its vocabulary (OpenCode's tool names read as the plugin reads them). A
 * question about no tool call (or one Gatehouse could not read) is `opencode_<permission>` with OpenCode's patterns:
 * a tool no rule names, so the person decides.
 */
export function submissionOf(ask: PermissionAsked, call: { tool: string; input: Record<string, unknown>; cwd: string | null } | null, directory: string | null): Record<string, unknown> {
  const base = { agent: 'opencode', session_id: ask.sessionID, cwd: call?.cwd ?? directory };
  if (!call) return { ...base, tool_name: `opencode_${ask.permission}`, args: { permission: ask.permission, patterns: ask.patterns, metadata: ask.metadata } };
  const { toolName, args } = opencodeToGatehouse(call.tool, call.input);
  return { ...base, tool_name: toolName, args, ...(typeof args['description'] === 'string' ? { description: args['description'] } : {}) };
}

/** Gatehouse's answer as OpenCode's reply: "once" only for an approval of exactly the asked call. */
export function replyOf(answer: GateAnswer, args: Record<string, unknown>): PermissionReply {
  const { verdict, why } = verdictOf(answer, args, 'OpenCode');
  if (verdict === 'allow' || verdict === 'allow-always') return { reply: 'once' };
  return { reply: 'reject', message: `Gatehouse: ${why}` };
}

/** The reply when Gatehouse gave no answer at all (not running, unreachable, not the instance): a refusal, with why. */
export function failedReply(why: string): PermissionReply {
  return { reply: 'reject', message: `Gatehouse could not decide (${why}); refused until it can` };
}
