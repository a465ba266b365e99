// What an agent submits (HTTP body of POST /v1/requests, or a translated hook event), and its ToolRequest.
import type { Presentation, Subagent, ToolRequest } from '../../../common/domain.js';
import { subagentOf } from '../agents/subagent.js';
import { InputError } from './errors.js';

/** A tool call as an agent submits it; the fields of an llm-do ApprovalRequest are accepted as they are. */
export interface SubmitInput {
  tool_name: string;
  args: Record<string, unknown>;
  agent?: string;
  session_id?: string | null;
  cwd?: string | null;
  description?: string;
  payload?: string;
  presentation?: Presentation;
  group_id?: string;
  /** The subagent of the session that asked, when the agent's event says so. */
  subagent?: Subagent;
  /** llm-do's "approval required" hint; Gatehouse decides anyway, so it changes nothing. */
  required?: boolean;
}

/** Builds the request record; `payload` is only what the agent said (shown, never trusted, not a copy of the args). */
export function buildRequest(input: SubmitInput, id: string, now: Date): ToolRequest {
  checkText('tool_name', input.tool_name);
  if (input.tool_name.trim() === '') throw new InputError('tool_name must not be empty');
  if (input.cwd) checkPath('cwd', input.cwd);
  checkArgPaths(input.args);
  const request: ToolRequest = {
    id,
    received_at: now.toISOString(),
    agent: input.agent ?? 'http',
    session_id: input.session_id ?? null,
    cwd: input.cwd ?? null,
    tool_name: input.tool_name,
    args: input.args,
    payload: input.payload ?? '',
  };
  if (input.description !== undefined) request.description = input.description;
  if (input.presentation !== undefined) request.presentation = input.presentation;
  if (input.group_id !== undefined) request.group_id = input.group_id;
  if (input.subagent !== undefined) request.subagent = input.subagent;
  return request;
}

/**
 * A hook event's call as a submission: the tool and args in Gatehouse's vocabulary, the event's session and folder,
 * the call's own `description` when its args give one, and the subagent that asked when the event names one (one
 * builder for every agent's hook route).
 */
export function hookSubmission(agent: string, toolName: string, args: Record<string, unknown>, event: { session_id?: string; cwd?: string }): SubmitInput {
  const input: SubmitInput = { agent, tool_name: toolName, args, session_id: event.session_id ?? null, cwd: event.cwd ?? null };
  if (typeof args['description'] === 'string') input.description = args['description'];
  const subagent = subagentOf(event);
  if (subagent) input.subagent = subagent;
  return input;
}

const PATH_KEYS = new Set(['file_path', 'notebook_path', 'path', 'dir_path', 'cwd', 'directory', 'absolute_path']);

/**
 * Threat: a path with a NUL byte or a lone surrogate means different files to different layers (C APIs stop at
 * NUL; invalid UTF-16 is re-encoded). Such paths are refused outright rather than reasoned about.
 */
function checkArgPaths(args: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(args)) {
    if (PATH_KEYS.has(key) && typeof value === 'string') checkPath(`args.${key}`, value);
  }
}

function checkPath(field: string, value: string): void {
  checkText(field, value);
  if (value.includes('\0')) throw new InputError(`${field} contains a NUL byte`);
}

// With the `u` flag a surrogate pair is one code point, so \p{Cs} only matches a lone surrogate.
const LONE_SURROGATE = /\p{Cs}/u;

function checkText(field: string, value: string): void {
  if (LONE_SURROGATE.test(value)) throw new InputError(`${field} is not valid Unicode (lone surrogate)`);
}
