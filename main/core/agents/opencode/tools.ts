// OpenCode tool names and arguments ↔ Gatehouse's (Claude Code's) vocabulary, so `Bash(npm test)` covers OpenCode too.
// OpenCode 1.18.33 tools, as offered to the model: bash{command, timeout?, workdir?, description?},
// read{filePath, offset?, limit?}, write{filePath, content}, edit{filePath, oldString, newString, replaceAll?},
// glob{pattern, path?}, grep{pattern, path?, include?}, list{path?, ignore?}, webfetch{url, format?, timeout?}; others
// (task, todowrite, skill, apply_patch, MCP tools named `<server>_<tool>`) are tools Gatehouse does not know.
// Threat: a field Gatehouse does not read may be one OpenCode acts on (a second path, a new option): a call with any
// key outside its tool's table keeps OpenCode's own name, so it is judged as an unknown tool (the person decides),
// never as the known tool with the field dropped (nor as another agent's tool of that name: foreign-tool.ts).
import { foreignToolName } from '../foreign-tool.js';

/** One OpenCode tool: Gatehouse's name, and each OpenCode argument key with the key Gatehouse reads it as. */
interface ToolMap {
  tool: string;
  keys: Record<string, string>;
}

const TOOLS: Record<string, ToolMap> = {
  // `workdir` keeps its name: the policy reads it as where an OpenCode Bash command runs (policy/request/tools.ts).
  bash: { tool: 'Bash', keys: { command: 'command', description: 'description', timeout: 'timeout', workdir: 'workdir' } },
  read: { tool: 'Read', keys: { filePath: 'file_path', offset: 'offset', limit: 'limit' } },
  write: { tool: 'Write', keys: { filePath: 'file_path', content: 'content' } },
  edit: { tool: 'Edit', keys: { filePath: 'file_path', oldString: 'old_string', newString: 'new_string', replaceAll: 'replace_all' } },
  glob: { tool: 'Glob', keys: { pattern: 'pattern', path: 'path' } },
  grep: { tool: 'Grep', keys: { pattern: 'pattern', path: 'path', include: 'include' } },
  list: { tool: 'LS', keys: { path: 'path', ignore: 'ignore' } },
  webfetch: { tool: 'WebFetch', keys: { url: 'url', format: 'format', timeout: 'timeout' } },
};

/** An OpenCode call in Gatehouse's terms; a tool it does not know, or a known one with an unknown field, keeps its name and arguments. */
export function opencodeToGatehouse(toolName: string, input: Record<string, unknown>): { toolName: string; args: Record<string, unknown> } {
  const mapped = Object.hasOwn(TOOLS, toolName) ? TOOLS[toolName]! : undefined;
  if (!mapped || !Object.keys(input).every((k) => Object.hasOwn(mapped.keys, k))) return { toolName: foreignToolName('opencode', toolName), args: input };
  const args: Record<string, unknown> = {};
  for (const [from, to] of Object.entries(mapped.keys)) if (input[from] !== undefined) args[to] = input[from];
  return { toolName: mapped.tool, args };
}

/**
 * The person's edited arguments (in Gatehouse's terms) as OpenCode's: the known keys renamed back, whole. Null when an
 * edited key has no OpenCode spelling (the edit cannot be delivered as the person made it).
 */
export function editedOpenCodeArgs(toolName: string, original: Record<string, unknown>, edited: Record<string, unknown>): Record<string, unknown> | null {
  // A call that was not translated was shown (and edited) in OpenCode's own terms.
  const mapped = Object.hasOwn(TOOLS, toolName) ? TOOLS[toolName]! : undefined;
  if (!mapped || opencodeToGatehouse(toolName, original).toolName !== mapped.tool) return edited;
  const back = new Map(Object.entries(mapped.keys).map(([from, to]) => [to, from]));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(edited)) {
    const key = back.get(k);
    if (key === undefined) return null;
    out[key] = v;
  }
  return out;
}

/** Gatehouse's tool name → OpenCode's permission key (opencode.json `permission`), for native policy; null when none. */
export function gatehouseToOpenCodePermission(toolName: string): string | null {
  const names: Record<string, string> = { Bash: 'bash', Read: 'read', Edit: 'edit', Write: 'edit', Glob: 'glob', Grep: 'grep', LS: 'list', WebFetch: 'webfetch' };
  return Object.hasOwn(names, toolName) ? names[toolName]! : null;
}
