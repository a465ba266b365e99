// An ACP tool call (its kind, rawInput, locations and title) in Gatehouse's one vocabulary, so `Bash(npm test)` covers a
// command an ACP agent asks about as it covers Claude Code's. Only the structured input is judged: a title is the
// agent's words for the person (Gemini CLI's ACP mode sends no rawInput, only a title), so a call whose input does not
// say exactly what runs, where, or on which file is not guessed at: it goes to the person as an unknown tool.

/** The tool name of an ACP call Gatehouse cannot read: no rule names it, so it asks (policy: an unknown tool). */
export const UNKNOWN_TOOL = 'AcpToolCall';

/** What Gatehouse knows of one ACP tool call: the fields of its `tool_call` updates and permission request, merged. */
export interface AcpToolCall {
  title?: unknown;
  kind?: unknown;
  rawInput?: unknown;
  locations?: unknown;
  content?: unknown;
}

/** The call as Gatehouse judges it; `unknown` says why it could not be read (it is then asked as UNKNOWN_TOOL). */
export interface Translated {
  tool_name: string;
  args: Record<string, unknown>;
  unknown?: string;
}

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Fields that move where a command runs (Gemini's dir_path, Codex's workdir…): Gatehouse's Bash has none. */
const DIR_FIELDS = ['cwd', 'dir_path', 'directory', 'workdir', 'working_directory'];
/** Fields that name the file a file tool touches. */
const PATH_FIELDS = ['file_path', 'path', 'absolute_path', 'notebook_path'];

/**
 * What the call's content says in words (its text blocks, and which file each diff changes): Gemini CLI puts the
 * folder a command runs in there (`[in DIR]`), so the person sees it and a session grant for the call covers only it.
 */
function contentWords(content: unknown): string[] {
  const out: string[] = [];
  for (const c of Array.isArray(content) ? content : []) {
    if (!isObject(c)) continue;
    const inner = c['content'];
    if (c['type'] === 'content' && isObject(inner) && inner['type'] === 'text' && typeof inner['text'] === 'string') out.push(inner['text']);
    else if (c['type'] === 'diff' && typeof c['path'] === 'string') out.push(`changes ${c['path']}`);
  }
  return out;
}

/** The call as an unknown tool: the person sees its kind, title, content and input. */
function unknownCall(call: AcpToolCall, why: string): Translated {
  const args: Obj = { kind: typeof call.kind === 'string' ? call.kind : null, title: typeof call.title === 'string' ? call.title : null };
  const words = contentWords(call.content);
  if (words.length > 0) args['content'] = words;
  if (call.rawInput !== undefined) args['raw_input'] = call.rawInput;
  return { tool_name: UNKNOWN_TOOL, args, unknown: why };
}

/** The one file the call names (rawInput's path fields and its locations), or why there is not exactly one. */
function onePath(raw: Obj, locations: unknown): string | Error {
  const found = new Set<string>();
  for (const k of PATH_FIELDS) {
    const v = raw[k];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string' || v === '') return new Error(`rawInput.${k} is not a file path`);
    found.add(v);
  }
  if (locations !== undefined && locations !== null) {
    if (!Array.isArray(locations)) return new Error('locations is not a list');
    for (const l of locations) {
      if (!isObject(l) || typeof l['path'] !== 'string' || l['path'] === '') return new Error('a location has no path');
      found.add(l['path']);
    }
  }
  if (found.size === 0) return new Error('no file is named');
  if (found.size > 1) return new Error(`it names ${found.size} different files`);
  return [...found][0]!;
}

/** A shell call: the command, only when it is one string and runs in the session's folder. */
function execute(call: AcpToolCall, raw: Obj, cwd: string | null): Translated {
  const { command, cmd } = raw;
  if (cmd !== undefined) return unknownCall(call, 'rawInput has a cmd field beside or instead of command');
  if (typeof command !== 'string' || command.trim() === '') return unknownCall(call, 'rawInput.command is not a command string');
  const args: Obj = {};
  for (const [k, v] of Object.entries(raw)) {
    if (!DIR_FIELDS.includes(k)) args[k] = v;
    else if (v !== cwd) return unknownCall(call, `the command runs in ${JSON.stringify(v)} (rawInput.${k}), not in the session's folder`);
  }
  return { tool_name: 'Bash', args };
}

/** A file change: Write with content, Edit with a replacement, MultiEdit with edits, else Edit naming the file. */
function edit(call: AcpToolCall, raw: Obj): Translated {
  const path = onePath(raw, call.locations);
  if (path instanceof Error) return unknownCall(call, `the edit's file is unclear: ${path.message}`);
  const { content, old_string: oldString, new_string: newString, edits } = raw;
  if (typeof content === 'string' && oldString === undefined && edits === undefined) return { tool_name: 'Write', args: { file_path: path, content } };
  if (typeof oldString === 'string' && typeof newString === 'string' && content === undefined && edits === undefined) {
    return { tool_name: 'Edit', args: { file_path: path, old_string: oldString, new_string: newString, ...(raw['replace_all'] === true ? { replace_all: true } : {}) } };
  }
  if (Array.isArray(edits) && content === undefined && oldString === undefined) return { tool_name: 'MultiEdit', args: { file_path: path, edits } };
  return { tool_name: 'Edit', args: { file_path: path } };
}

/**
 * The call in Gatehouse's vocabulary. `cwd` is the session's folder (null when the proxy did not see the session
 * start). Kinds: execute → Bash, edit/delete → Write/Edit/MultiEdit, read → Read, fetch → WebFetch; anything else, or
 * input that does not say exactly what happens, is UNKNOWN_TOOL.
 */
export function translateToolCall(call: AcpToolCall, cwd: string | null): Translated {
  const raw = call.rawInput === undefined || call.rawInput === null ? {} : call.rawInput;
  if (!isObject(raw)) return unknownCall(call, 'rawInput is not an object');
  switch (call.kind) {
    case 'execute':
      return execute(call, raw, cwd);
    case 'edit':
    case 'delete':
      return edit(call, raw);
    case 'read': {
      const path = onePath(raw, call.locations);
      return path instanceof Error ? unknownCall(call, `the read's file is unclear: ${path.message}`) : { tool_name: 'Read', args: { file_path: path } };
    }
    case 'fetch': {
      const { url, prompt } = raw;
      if (typeof url !== 'string' || url === '') return unknownCall(call, 'rawInput.url is not a URL string');
      return { tool_name: 'WebFetch', args: { url, ...(typeof prompt === 'string' ? { prompt } : {}) } };
    }
    default:
      return unknownCall(call, typeof call.kind === 'string' ? `Gatehouse does not judge ACP kind ${JSON.stringify(call.kind)}` : 'the call has no kind');
  }
}
