// Cline 3.0 (its SDK's default tools) in Gatehouse's vocabulary. Cline's tools take many input shapes (a command as a
// string, a list, `{commands}`, `{command, args}`…) and run each command of a list on its own. Only the shapes whose
// meaning is exact are translated: one shell command (an argv is quoted into one), one file read or several (judged
// as read_many_files paths), one edit, one web fetch. Anything else keeps Cline's tool name and input, which Gatehouse
// does not know, so it is never taken for a call a rule allows (several commands joined into one script would not mean
// what Cline runs: a heredoc left open in one would hide the next).
import { isPlainObject, sameKeys } from '../hook-agent.js';
import { shellWord } from '../hook-command.js';
import { foreignToolName } from '../foreign-tool.js';

/** A Cline call in Gatehouse's terms. */
export interface Translated {
  toolName: string;
  args: Record<string, unknown>;
}

const isString = (v: unknown): v is string => typeof v === 'string' && v !== '';

/** One shell command from one `run_commands` entry: a string, or `{command, args?}` run without a shell (quoted). */
function oneCommand(entry: unknown): string | null {
  if (isString(entry)) return entry;
  if (!isPlainObject(entry) || !isString(entry['command'])) return null;
  if (sameKeys(Object.keys(entry), ['command'], [])) return entry['command'];
  const args = entry['args'];
  if (!sameKeys(Object.keys(entry), ['command', 'args'], []) || !Array.isArray(args) || !args.every((a) => typeof a === 'string')) return null;
  return [entry['command'], ...args].map((w) => (w === '' ? "''" : shellWord(w))).join(' ');
}

/** The one command of a `run_commands` input, or null when it holds several or a shape Gatehouse does not read exactly. */
function shellCommand(input: Record<string, unknown>): string | null {
  const keys = Object.keys(input);
  if (sameKeys(keys, ['value'], [])) return Array.isArray(input['value']) && input['value'].length === 1 ? oneCommand(input['value'][0]) : oneCommand(input['value']);
  if (sameKeys(keys, ['cmd'], [])) return isString(input['cmd']) ? input['cmd'] : null;
  if (keys.includes('command')) return oneCommand(input);
  if (!sameKeys(keys, ['commands'], [])) return null;
  const list = input['commands'];
  return Array.isArray(list) ? (list.length === 1 ? oneCommand(list[0]) : null) : oneCommand(list);
}

/** The path of one `read_files` entry (a string, or `{path | file_path | filePath, start_line?, end_line?}`). */
function readPath(entry: unknown): string | null {
  if (isString(entry)) return entry;
  if (!isPlainObject(entry)) return null;
  const names = ['path', 'file_path', 'filePath'].filter((k) => entry[k] !== undefined);
  if (names.length !== 1 || !sameKeys(Object.keys(entry), names, ['start_line', 'end_line'])) return null;
  const p = entry[names[0]!];
  return isString(p) ? p : null;
}

/** Every path a `read_files` input reads, or null for a shape Gatehouse does not read exactly. */
function readPaths(input: Record<string, unknown>): string[] | null {
  const keys = Object.keys(input);
  const list = sameKeys(keys, ['files'], []) ? input['files'] : sameKeys(keys, ['file_paths'], []) ? input['file_paths'] : sameKeys(keys, ['paths'], []) ? input['paths'] : sameKeys(keys, ['value'], []) ? input['value'] : [input];
  const entries = Array.isArray(list) ? list : [list];
  const paths = entries.map(readPath);
  return paths.length > 0 && paths.every((p): p is string => p !== null) ? paths : null;
}

/** Cline tool call → Gatehouse's; unknown tools and shapes keep Cline's input, under a name Gatehouse does not know (foreign-tool.ts). */
export function clineToGatehouse(toolName: string, input: Record<string, unknown>): Translated {
  const keep = { toolName: foreignToolName('cline', toolName), args: input };
  switch (toolName) {
    case 'run_commands': {
      const command = shellCommand(input);
      return command === null ? keep : { toolName: 'Bash', args: { command } };
    }
    case 'read_files': {
      const paths = readPaths(input);
      if (paths === null) return keep;
      return paths.length === 1 ? { toolName: 'Read', args: { file_path: paths[0] } } : { toolName: 'read_many_files', args: { paths } };
    }
    case 'editor': {
      if (!isString(input['path']) || !sameKeys(Object.keys(input), ['path', 'new_text'], ['old_text', 'insert_line'])) return keep;
      return { toolName: 'Edit', args: { file_path: input['path'], old_string: input['old_text'] ?? '', new_string: input['new_text'] } };
    }
    case 'fetch_web_content': {
      const requests = input['requests'];
      const one = Array.isArray(requests) && requests.length === 1 && isPlainObject(requests[0]) ? requests[0] : null;
      return one && isString(one['url']) && sameKeys(Object.keys(input), ['requests'], []) ? { toolName: 'WebFetch', args: { url: one['url'] } } : keep;
    }
    default:
      return keep;
  }
}
