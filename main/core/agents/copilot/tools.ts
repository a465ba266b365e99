// Copilot CLI tool names and arguments ↔ Gatehouse's (Claude Code's) vocabulary, so one rule set governs every agent.
// Copilot CLI 1.0.102 tools (as offered to the model): bash{command, description, shellId, mode, detach, initial_wait},
// view{path, view_range}, create{path, file_text}, edit{path, old_str, new_str}, grep{pattern, paths, glob, …},
// glob{pattern, paths}. Only the fields Copilot itself reads are carried, so what is judged is what runs.
import { foreignToolName } from '../foreign-tool.js';

/** A Copilot tool whose arguments are renamed one to one: Copilot key → Gatehouse key. */
const RENAMED: Record<string, { tool: string; keys: Record<string, string> }> = {
  bash: { tool: 'Bash', keys: { command: 'command', description: 'description' } },
  view: { tool: 'Read', keys: { path: 'file_path' } },
  create: { tool: 'Write', keys: { path: 'file_path', file_text: 'content' } },
  edit: { tool: 'Edit', keys: { path: 'file_path', old_str: 'old_string', new_str: 'new_string' } },
};

/** Copilot's searches: their other options keep their names (Claude's Grep takes the same), `paths` is the folder. */
const SEARCHES: Record<string, string> = { grep: 'Grep', glob: 'Glob' };

/**
 * An MCP tool as Copilot names it: `<server>-<tool>` (1.0.102, seen with the real program: `fs-list_directory`). The
 * event does not say which server it is, and both a server's and a tool's name may hold a `-` (`a-b-c` is server `a`
 * or server `a-b`), so only a name with exactly one `-`, between a plain server name and a plain tool name, is read as
 * one; any other stays Copilot's name, a tool Gatehouse does not know (the person decides), never another server's.
 */
const MCP_NAME = /^([A-Za-z0-9]+(?:_[A-Za-z0-9]+)*)-([A-Za-z0-9_.]+)$/;

/** Every field a Gatehouse search reads its folder from: only Copilot's `paths` may set it. */
const ROOT_FIELDS = ['paths', 'path', 'dir_path', 'directory', 'cwd'];

/**
 * The search folder: one folder as `path`. Several folders (or a mistyped value) stay as they are in `path`, which the
 * policy cannot read as one folder, so it asks the person rather than judging a search by a folder it does not use.
 */
function searchRoot(paths: unknown): unknown {
  if (Array.isArray(paths) && paths.length === 1 && typeof paths[0] === 'string') return paths[0];
  return paths;
}

/**
 * A Copilot call in Gatehouse's terms; its MCP tools as `mcp__server__tool`. A tool Gatehouse does not map keeps its
 * name, unless that name means another agent's tool in Gatehouse's vocabulary (an extension's `read_file`, `Bash`,
 * `mcp__…`): then it is `copilot_<name>`, a tool Gatehouse does not know, so it is judged as unknown rather than as
 * something it is not.
 */
export function copilotToGatehouse(toolName: string, input: Record<string, unknown>): { toolName: string; args: Record<string, unknown> } {
  const renamed = RENAMED[toolName];
  if (renamed) {
    const args: Record<string, unknown> = {};
    for (const [from, to] of Object.entries(renamed.keys)) if (input[from] !== undefined) args[to] = input[from];
    return { toolName: renamed.tool, args };
  }
  const search = SEARCHES[toolName];
  if (search) {
    const args: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(input)) if (!ROOT_FIELDS.includes(k)) args[k] = v;
    if (input['paths'] !== undefined && input['paths'] !== null) args['path'] = searchRoot(input['paths']);
    return { toolName: search, args };
  }
  const mcp = MCP_NAME.exec(toolName);
  if (mcp) return { toolName: `mcp__${mcp[1]}__${mcp[2]}`, args: input };
  return { toolName: foreignToolName('copilot', toolName), args: input };
}

/** The person's edited arguments put back into Copilot's toolArgs (only the fields Gatehouse showed them). */
export function editedCopilotArgs(toolName: string, original: Record<string, unknown>, edited: Record<string, unknown>): Record<string, unknown> {
  const out = { ...original };
  const renamed = RENAMED[toolName];
  if (renamed) {
    for (const [from, to] of Object.entries(renamed.keys)) if (edited[to] !== undefined) out[from] = edited[to];
    return out;
  }
  if (SEARCHES[toolName]) {
    for (const [k, v] of Object.entries(edited)) if (!ROOT_FIELDS.includes(k)) out[k] = v;
    if (typeof edited['path'] === 'string') out['paths'] = edited['path'];
    return out;
  }
  return edited;
}
