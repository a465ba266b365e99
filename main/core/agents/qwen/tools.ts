// Qwen Code's tools in Gatehouse's vocabulary: Gemini CLI's table (Qwen is its fork: run_shell_command, write_file,
// read_file, glob) plus what Qwen 0.24 renamed or added — `edit{file_path, old_string, new_string, replace_all}` for
// Gemini's `replace`, and `grep_search{pattern, glob, path}`. Its MCP tools are already `mcp__server__tool`. As with
// Gemini, every argument is kept under its own name.
import { GEMINI_TOOLS, type ToolTable } from '../gemini/tools.js';

/** Qwen Code's tool table. */
export const QWEN_TOOLS: ToolTable = {
  ...GEMINI_TOOLS,
  edit: 'Edit',
  grep_search: 'Grep',
};
