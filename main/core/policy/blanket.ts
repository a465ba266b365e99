// Which rule patterns are blanket: they cover every call of a tool (`Bash`, `Bash(*)`, `Write`, `Read(**)`, a whole
// MCP server). The rule editor shows this as a what-if warning the person must confirm; `gatehouse rules add` and
// `rules import` refuse such an allow unless told `--allow-blanket`. One function, so both draw the line alike.
import { parseRulePattern } from './pattern.js';

/** Why `pattern` covers every call of a tool, or null when it does not; throws on a malformed pattern. */
export function blanketReason(pattern: string): string | null {
  const parsed = parseRulePattern(pattern);
  if (parsed.kind === 'tool') return `${pattern} matches every ${parsed.tool} call`;
  if (parsed.kind === 'path' && /^(\/{0,2})\*\*?$/.test(parsed.specifier.trim())) return `${pattern} matches every ${parsed.tool} path`;
  if (parsed.kind === 'other' && parsed.specifier.trim() === '*') return `${pattern} matches every ${parsed.tool} call`;
  if (parsed.kind === 'mcp' && parsed.tool === null) return `${pattern} matches every tool of the ${parsed.server} MCP server`;
  return null;
}
