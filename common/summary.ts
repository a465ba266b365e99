// What a tool call runs or touches, in the words a person recognises (command, path, URL, search): one picker for
// the audit's summary column, the notification line and the queue row, so all three name a request alike.

// Argument names in the order they best describe a call, across Claude Code, Gemini CLI, Codex and MCP tools.
const DESCRIBING_KEYS = ['command', 'cmd', 'file_path', 'notebook_path', 'absolute_path', 'path', 'dir_path', 'url', 'query', 'pattern'];

function asText(value: unknown): string | null {
  if (typeof value === 'string' && value.length > 0) return value;
  // Codex sends commands as argv arrays.
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string')) return value.join(' ');
  return null;
}

/** The raw text that describes a call (callers collapse, truncate or render it inert), or null when no argument does. */
export function describeArgs(toolName: string, args: Record<string, unknown>): string | null {
  // Search tools: the pattern is the point, and where it searches comes second.
  if ((toolName === 'Grep' || toolName === 'Glob') && typeof args.pattern === 'string') {
    return typeof args.path === 'string' ? `${args.pattern} in ${args.path}` : args.pattern;
  }
  // Gatehouse's own record of an undo: the files it put back.
  if (toolName === 'Undo' && Array.isArray(args.files) && args.files.length > 0 && args.files.every((f) => typeof f === 'string')) {
    return `restored ${args.files.join(', ')}`;
  }
  for (const key of DESCRIBING_KEYS) {
    const text = asText(args[key]);
    if (text !== null) return text;
  }
  return null;
}
