// Gemini CLI tool names ↔ Gatehouse's (Claude Code's) vocabulary, so one rule set governs both.
// Gemini CLI 0.61 tools: run_shell_command{command, description, dir_path (Qwen Code: directory), is_background},
// write_file{file_path, content}, replace{file_path, old_string, new_string, allow_multiple}, read_file{file_path},
// glob{pattern, dir_path, case_sensitive, respect_git_ignore, respect_gemini_ignore}, MCP tools `mcp_<server>_<tool>`.
// Gemini's argument names already are Gatehouse's, so only the tool is renamed: every field the agent acts on reaches
// the policy as it was sent. Threat: a field dropped in translation is one the agent still obeys (`glob
// {respect_git_ignore: false}` lists gitignored files, `edit {replace_all: true}` changes every match), so the call
// judged and shown to the person would not be the call that runs.

/** A Gemini-family tool name → the Gatehouse tool it is (the argument names are the same in both vocabularies). */
export type ToolTable = Readonly<Record<string, string>>;

/** Gemini CLI's tools (Qwen Code, a fork, extends this table). */
export const GEMINI_TOOLS: ToolTable = {
  run_shell_command: 'Bash',
  write_file: 'Write',
  replace: 'Edit',
  read_file: 'Read',
  glob: 'Glob',
};

/** A Gemini call in Gatehouse's terms (by `table`, Gemini's by default), with all of its arguments; unknown tools keep their name. */
export function geminiToGatehouse(toolName: string, input: Record<string, unknown>, table: ToolTable = GEMINI_TOOLS): { toolName: string; args: Record<string, unknown> } {
  const mapped = Object.hasOwn(table, toolName) ? table[toolName] : undefined;
  if (mapped !== undefined) return { toolName: mapped, args: { ...input } };
  const mcp = /^mcp_([^_]+)_(.+)$/.exec(toolName);
  if (mcp) return { toolName: `mcp__${mcp[1]}__${mcp[2]}`, args: input };
  return { toolName, args: input };
}

/** Gatehouse tool name → Gemini's, for native policy files; null when Gemini has no such tool. */
export function gatehouseToGeminiTool(toolName: string): string | null {
  for (const [gemini, tool] of Object.entries(GEMINI_TOOLS)) if (tool === toolName) return gemini;
  const mcp = /^mcp__([^_]+)__(.+)$/.exec(toolName);
  return mcp ? `mcp_${mcp[1]}_${mcp[2]}` : null;
}
