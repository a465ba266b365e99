// Gemini CLI tool names and arguments ↔ Gatehouse's (Claude Code's) vocabulary, so one rule set governs both.
// Gemini CLI 0.61 tools: run_shell_command{command, description, dir_path (Qwen Code: directory)}, write_file{file_path, content},
// replace{file_path, old_string, new_string}, read_file{file_path}, glob{pattern, path|dir_path}, MCP tools `mcp_<server>_<tool>`.
// Every field that names a path or folder is kept: the policy judges each one the agent may use.

/** A Gemini-family tool → Gatehouse tool with the argument keys Gatehouse reads (the same names in both vocabularies). */
export type ToolTable = Readonly<Record<string, { tool: string; keys: readonly string[] }>>;

/** Gemini CLI's tools (Qwen Code, a fork, extends this table). The shell's `directory` is Qwen's name for `dir_path`. */
export const GEMINI_TOOLS: ToolTable = {
  run_shell_command: { tool: 'Bash', keys: ['command', 'description', 'dir_path', 'directory'] },
  write_file: { tool: 'Write', keys: ['file_path', 'content'] },
  replace: { tool: 'Edit', keys: ['file_path', 'old_string', 'new_string'] },
  read_file: { tool: 'Read', keys: ['file_path', 'absolute_path', 'path'] },
  glob: { tool: 'Glob', keys: ['pattern', 'path', 'dir_path'] },
};

/** A Gemini call in Gatehouse's terms (by `table`, Gemini's by default); unknown tools keep their name and arguments. */
export function geminiToGatehouse(toolName: string, input: Record<string, unknown>, table: ToolTable = GEMINI_TOOLS): { toolName: string; args: Record<string, unknown> } {
  const mapped = Object.hasOwn(table, toolName) ? table[toolName] : undefined;
  if (mapped) {
    const args: Record<string, unknown> = {};
    for (const k of mapped.keys) if (input[k] !== undefined) args[k] = input[k];
    return { toolName: mapped.tool, args };
  }
  const mcp = /^mcp_([^_]+)_(.+)$/.exec(toolName);
  if (mcp) return { toolName: `mcp__${mcp[1]}__${mcp[2]}`, args: input };
  return { toolName, args: input };
}

/** Gatehouse tool name → Gemini's, for native policy files; null when Gemini has no such tool. */
export function gatehouseToGeminiTool(toolName: string): string | null {
  for (const [gemini, { tool }] of Object.entries(GEMINI_TOOLS)) if (tool === toolName) return gemini;
  const mcp = /^mcp__([^_]+)__(.+)$/.exec(toolName);
  return mcp ? `mcp_${mcp[1]}_${mcp[2]}` : null;
}

/** The person's edited arguments put back into Gemini's tool_input (only the keys Gatehouse showed them). */
export function editedGeminiInput(toolName: string, original: Record<string, unknown>, edited: Record<string, unknown>, table: ToolTable = GEMINI_TOOLS): Record<string, unknown> {
  const mapped = Object.hasOwn(table, toolName) ? table[toolName] : undefined;
  if (!mapped) return edited;
  const out = { ...original };
  for (const k of mapped.keys) if (edited[k] !== undefined) out[k] = edited[k];
  return out;
}
