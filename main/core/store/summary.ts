// The one-line summary of a request (command, path or URL) that the history list shows and full-text search indexes.

/** Longest summary kept; the full (redacted) args are stored beside it. */
export const SUMMARY_MAX = 1000;

// Argument names in the order they best describe a call, across Claude Code, Gemini CLI, Codex and MCP tools.
const DESCRIBING_KEYS = ['command', 'cmd', 'file_path', 'notebook_path', 'absolute_path', 'path', 'dir_path', 'url', 'query', 'pattern'];

function asText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  // Codex sends commands as argv arrays.
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join(' ');
  return null;
}

/** Collapses a request's (already redacted) args into one readable line. */
export function summarize(toolName: string, args: Record<string, unknown>): string {
  let text: string | null = null;
  // Search tools: the pattern is the point, and where it searches comes second.
  if ((toolName === 'Grep' || toolName === 'Glob') && typeof args.pattern === 'string') {
    text = typeof args.path === 'string' ? `${args.pattern} in ${args.path}` : args.pattern;
  }
  for (const key of DESCRIBING_KEYS) {
    if (text !== null) break;
    text = asText(args[key]);
  }
  text ??= JSON.stringify(args);
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > SUMMARY_MAX ? `${line.slice(0, SUMMARY_MAX - 1)}…` : line;
}
