// The command string of a shell tool call: Claude Code and Gemini send a string, Codex an argv.
import { commandFromArgv } from '../shell/index.js';

/** The command a shell tool's args run, or null when `command` is neither a string nor a list of strings. */
export function shellCommandOf(args: Record<string, unknown>): string | null {
  const value = args['command'];
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return commandFromArgv(value);
  return null;
}
