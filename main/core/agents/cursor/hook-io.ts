// Cursor's hook dialect, from its documentation only (cursor.com/docs/agent/hooks; Cursor cannot run here). Every event
// carries `conversation_id`, `generation_id`, `hook_event_name`, `workspace_roots`; Gatehouse answers
// beforeShellExecution {command, cwd}, beforeMCPExecution {tool_name, tool_input, url | command}, beforeReadFile
// {file_path, content} and preToolUse {tool_name, tool_input}, with `{permission, user_message, agent_message}`
// (`updated_input` on preToolUse only). Threat: Cursor runs the call when a hook fails or prints nothing it can read
// (documented "fail open" unless failClosed), so every event Gatehouse cannot decide gets a printed deny, and the
// installed command's tail prints one too when the program cannot start. `content` (the file the agent is about to
// read) never leaves this process: the server reads the file itself.
import path from 'node:path';
import { isPlainObject, oneLine, type HookAgent, type RoutedEvent } from '../hook-agent.js';

/** The events Gatehouse decides. */
export const CURSOR_EVENTS = ['beforeShellExecution', 'beforeMCPExecution', 'beforeReadFile', 'preToolUse'] as const;

/** A decided Cursor answer; `ask` is never one (Gatehouse holds the call and answers once the person decided). */
export interface CursorAnswer {
  permission: 'allow' | 'deny';
  user_message: string;
  agent_message: string;
  updated_input?: Record<string, unknown>;
}

const ANSWER_KEYS = ['permission', 'user_message', 'agent_message', 'updated_input'];

/** Strict reader of a Cursor answer for `eventName`; null for anything else (`ask`, updated_input off preToolUse). */
export function parseCursorAnswer(value: unknown, eventName: string): CursorAnswer | null {
  if (!isPlainObject(value) || !Object.keys(value).every((k) => ANSWER_KEYS.includes(k))) return null;
  const { permission, user_message: user, agent_message: agent, updated_input: updated } = value;
  if (permission !== 'allow' && permission !== 'deny') return null;
  if (typeof user !== 'string' || typeof agent !== 'string') return null;
  const out: CursorAnswer = { permission, user_message: user, agent_message: agent };
  if (updated !== undefined) {
    if (eventName !== 'preToolUse' || permission !== 'allow' || !isPlainObject(updated)) return null;
    out.updated_input = updated;
  }
  return out;
}

/** Whether absolute `dir` is `root` or below it, as spelled (no file system: the hook client only reads the event). */
function within(root: string, dir: string): boolean {
  const rel = path.relative(root, dir);
  return path.isAbsolute(root) && path.isAbsolute(dir) && (rel === '' || (rel.split(path.sep)[0] !== '..' && !path.isAbsolute(rel)));
}

/**
 * The workspace a call is judged in: the workspace root that holds the folder it runs in, else the one root, else (no
 * roots at all) that folder itself; none with several roots and a folder outside them. Threat: the folder a command
 * runs in (a shell's `cwd`, which follows `cd`) taken as the workspace makes any other project "inside" it.
 */
function workspaceOf(own: unknown, roots: unknown): string | undefined {
  const dir = typeof own === 'string' && own !== '' ? own : undefined;
  const list = Array.isArray(roots) ? roots.filter((r): r is string => typeof r === 'string' && r !== '') : [];
  const holding = dir === undefined ? undefined : list.find((r) => within(r, dir));
  if (holding !== undefined) return holding;
  if (list.length === 1) return list[0];
  return list.length === 0 ? dir : undefined;
}

/** A shell's own folder, when it is not its workspace: judged as where its command runs (Shell's working_directory). */
function runsIn(own: unknown, workspace: string): { working_directory?: string } {
  return typeof own === 'string' && own !== '' && own !== workspace ? { working_directory: own } : {};
}

/** A tool's input: an object, or (MCP's documented form) a JSON string holding one. */
function toolInput(value: unknown): Record<string, unknown> | string {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return 'tool_input is a string that is not JSON';
    }
  }
  return isPlainObject(parsed) ? parsed : 'tool_input is not a JSON object';
}

/** A non-empty string field, or why it is not one. */
function text(e: Record<string, unknown>, key: string): string | { why: string } {
  const v = e[key];
  return typeof v === 'string' && v !== '' ? v : { why: `${key} is missing or not a string` };
}

/**
 * A Cursor event in the route's Claude-style shape: its documented name and fields, tool_name/tool_input as Cursor
 * wrote them (tools/translate.ts maps them), or why it cannot be read. beforeReadFile's `content` is dropped here.
 */
export function cursorEvent(event: unknown): RoutedEvent | string {
  if (!isPlainObject(event)) return 'the hook event is not a JSON object';
  const name = event['hook_event_name'];
  if (typeof name !== 'string' || !(CURSOR_EVENTS as readonly string[]).includes(name)) {
    return `Gatehouse answers ${CURSOR_EVENTS.join(', ')} events, not ${JSON.stringify(name)}`;
  }
  const base: Record<string, unknown> = { hook_event_name: name };
  if (typeof event['conversation_id'] === 'string' && event['conversation_id'] !== '') base['session_id'] = event['conversation_id'];
  const roots = event['workspace_roots'];
  if (name === 'beforeShellExecution') {
    const command = text(event, 'command');
    if (typeof command !== 'string') return command.why;
    const cwd = workspaceOf(event['cwd'], roots);
    if (cwd === undefined) return 'the shell command runs in no workspace root (no cwd and not one root, or a cwd outside them)';
    return { name, body: { ...base, tool_name: 'Shell', tool_input: { command, ...runsIn(event['cwd'], cwd) }, cwd } };
  }
  if (name === 'beforeReadFile') {
    const file = text(event, 'file_path');
    if (typeof file !== 'string') return file.why;
    const cwd = workspaceOf(undefined, roots);
    return { name, body: { ...base, tool_name: 'Read', tool_input: { file_path: file }, ...(cwd ? { cwd } : {}) } };
  }
  const tool = text(event, 'tool_name');
  if (typeof tool !== 'string') return tool.why;
  const input = toolInput(event['tool_input']);
  if (typeof input === 'string') return input;
  const cwd = workspaceOf(event['cwd'], roots);
  if (name === 'preToolUse') {
    const shell = tool === 'Shell' && cwd !== undefined && !Object.hasOwn(input, 'working_directory') ? runsIn(event['cwd'], cwd) : {};
    return { name, body: { ...base, tool_name: tool, tool_input: { ...input, ...shell }, ...(cwd ? { cwd } : {}) } };
  }
  // beforeMCPExecution: the server it goes to, as Cursor names it (its URL or its command), kept for the person to see.
  const server: Record<string, unknown> = {};
  if (typeof event['url'] === 'string') server['url'] = event['url'];
  if (typeof event['command'] === 'string') server['command'] = event['command'];
  return { name, body: { ...base, tool_name: 'MCP', tool_input: { tool_name: tool, tool_input: input, ...server }, ...(cwd ? { cwd } : {}) } };
}

/** The deny Cursor shows the person and its model, with why (silence or a failure would let the call run). */
export function cursorDeny(why: string): string {
  const reason = `Gatehouse could not decide (${oneLine(why)}); denied until it can`;
  return `${JSON.stringify({ permission: 'deny', user_message: reason, agent_message: reason })}\n`;
}

/** Cursor: four before-call events decide; nothing is reported after (Cursor's after events are not installed). */
export const cursorHook: HookAgent = {
  cli: 'cursor',
  after: 'afterShellExecution',
  events: CURSOR_EVENTS,
  toRoute: cursorEvent,
  render(value, eventName) {
    const parsed = parseCursorAnswer(value, eventName);
    return parsed ? `${JSON.stringify(parsed)}\n` : null;
  },
  silentExit: 2,
  stdoutRefusal: true,
  fallback: (_eventName, why) => cursorDeny(why),
};
