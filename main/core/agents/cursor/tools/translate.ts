// Cursor's calls (put in the route's shape by its hook client) in Gatehouse's one vocabulary, decisions back as
// {permission, user_message, agent_message}. From Cursor's documentation only (Cursor cannot run here).
// beforeShellExecution is Bash, beforeReadFile a Read of its file; an MCP call is an unknown tool (asked):
// Cursor's event names the tool and the server's URL or command, never the server's name, so it cannot be judged as
// `mcp__<server>__<tool>` without guessing. preToolUse maps Cursor's tool names only where the input is exactly the
// documented one; any other name or field makes it `cursor_<name>`, a tool Gatehouse does not know, which it asks about.
import { InputError } from '../../../broker/errors.js';
import type { SubmitInput } from '../../../broker/submit-input.js';
import { reasonText } from '../../../server/claude-code.js';
import { isPlainObject } from '../../hook-agent.js';
import type { HookTranslator } from '../../translator.js';

/** A preToolUse tool mapped one to one: its Gatehouse name, Cursor key → Gatehouse key, and the required keys. */
interface Mapped {
  tool: string;
  keys: Record<string, string>;
  required: string[];
}

/**
 * Cursor's documented preToolUse tools whose meaning is exact. A Shell's `working_directory` (which the model sets) is
 * where its command runs, judged as such inside the workspace root (policy/request/tools.ts), never the workspace itself.
 */
const PRE_TOOL_USE: Record<string, Mapped> = {
  Shell: { tool: 'Bash', keys: { command: 'command', working_directory: 'working_directory' }, required: ['command'] },
  Read: { tool: 'Read', keys: { file_path: 'file_path' }, required: ['file_path'] },
  Write: { tool: 'Write', keys: { file_path: 'file_path', content: 'content' }, required: ['file_path', 'content'] },
};

/** A call in Gatehouse's terms. */
export interface GatehouseCall {
  toolName: string;
  args: Record<string, unknown>;
}

/** A preToolUse call: mapped when its name and every field are the documented ones, else `cursor_<name>` (unknown). */
export function cursorToolToGatehouse(toolName: string, input: Record<string, unknown>): GatehouseCall {
  const mapped = Object.hasOwn(PRE_TOOL_USE, toolName) ? PRE_TOOL_USE[toolName] : undefined;
  const exact = mapped && mapped.required.every((k) => typeof input[k] === 'string') && Object.entries(input).every(([k, v]) => Object.hasOwn(mapped.keys, k) && typeof v === 'string');
  if (!mapped || !exact) return { toolName: `cursor_${toolName}`, args: input };
  const args: Record<string, unknown> = {};
  for (const [from, to] of Object.entries(mapped.keys)) if (input[from] !== undefined) args[to] = input[from];
  return { toolName: mapped.tool, args };
}

/** Any Cursor event (in the route's shape) as a Gatehouse call. */
export function cursorToGatehouse(eventName: string, toolName: string, input: Record<string, unknown>): GatehouseCall {
  switch (eventName) {
    case 'beforeShellExecution':
      return { toolName: 'Bash', args: { command: input['command'], ...(input['working_directory'] !== undefined ? { working_directory: input['working_directory'] } : {}) } };
    case 'beforeReadFile':
      return { toolName: 'Read', args: { file_path: input['file_path'] } };
    case 'beforeMCPExecution':
      return { toolName: 'cursor_mcp', args: input };
    case 'preToolUse':
      return cursorToolToGatehouse(toolName, input);
    default:
      throw new InputError(`hook_event_name ${JSON.stringify(eventName)} is not handled; configure Gatehouse on beforeShellExecution, beforeMCPExecution, beforeReadFile and preToolUse`);
  }
}

/** The person's edited arguments back in Cursor's preToolUse input (a mapped tool's fields renamed back). */
export function editedCursorInput(toolName: string, original: Record<string, unknown>, edited: Record<string, unknown>): Record<string, unknown> {
  const call = cursorToolToGatehouse(toolName, original);
  const mapped = PRE_TOOL_USE[toolName];
  if (!mapped || call.toolName !== mapped.tool) return edited;
  const out = { ...original };
  for (const [from, to] of Object.entries(mapped.keys)) if (edited[to] !== undefined) out[from] = edited[to];
  return out;
}

/** A Cursor answer carrying the same reason to the person and to the model. */
function said(permission: 'allow' | 'deny', reason: string): Record<string, unknown> {
  return { permission, user_message: reason, agent_message: reason };
}

/** Cursor, POST /v1/hooks/cursor. */
export const cursorTranslator: HookTranslator = {
  cli: 'cursor',
  kind: 'cursor',
  after: { event: 'afterShellExecution', as: 'beforeShellExecution' },
  toSubmit(event) {
    const call = cursorToGatehouse(event.hook_event_name, event.tool_name, event.tool_input);
    return { agent: 'cursor', tool_name: call.toolName, args: call.args, session_id: event.session_id ?? null, cwd: event.cwd ?? null } satisfies SubmitInput;
  },
  answer(event, record, outcome) {
    if (outcome === 'none') return {};
    const reason = reasonText(record, outcome);
    if (outcome === 'deny') return said('deny', reason);
    const edited = record.decision?.updated_args;
    if (!edited) return said('allow', reason);
    // Only preToolUse takes an edited input: elsewhere an allow would run the original call, not the approved one.
    if (event.hook_event_name !== 'preToolUse' || !isPlainObject(edited)) {
      return said('deny', `${reason}; but Cursor's ${event.hook_event_name} cannot run an edited call, so it is denied (approve it unedited, or let Cursor retry)`);
    }
    return { ...said('allow', reason), updated_input: editedCursorInput(event.tool_name, event.tool_input, edited) };
  },
};
