// Which rule patterns are blanket: they cover every call of a tool (`Bash`, `Bash(*)`, `Write`, `Read(**)`, a whole
// MCP server) or programs they do not name (`Bash(:*)`, `Bash(* *)`, `Bash(* install *)`). The rule editor shows this as a what-if warning the person
// must confirm; `gatehouse rules add` and `rules import` refuse such an allow unless told `--allow-blanket`. One
// function, so both draw the line alike.
import picomatch from 'picomatch';
import { parseRulePattern } from './pattern.js';

/** Paths nothing in particular names, a hidden one deep down among them: a path rule matching them all matches every path. */
const ANY_PATHS = ['x', 'a/b/.c'];

/** Whether a path specifier, read from the workspace or the root, matches every path. */
function everyPath(specifier: string): boolean {
  const spec = specifier.trim();
  if (/^(\/{0,2})\*\*?$/.test(spec)) return true;
  const rel = spec.replace(/^(?:\/{1,2}|\.\/)/, '');
  const isMatch = picomatch(rel, { dot: true });
  return ANY_PATHS.every((p) => isMatch(p));
}

/** Why `pattern` covers every call of a tool or any program, or null when it does not; throws on a malformed pattern. */
export function blanketReason(pattern: string): string | null {
  const parsed = parseRulePattern(pattern);
  if (parsed.kind === 'tool') return `${pattern} matches every ${parsed.tool} call`;
  // A shell rule whose first word is not a plain program name (empty, a wildcard) does not say which program it allows.
  if (parsed.kind === 'bash' && parsed.program === null) return `${pattern} names no program, so it matches programs it does not name`;
  if (parsed.kind === 'path' && everyPath(parsed.specifier)) return `${pattern} matches every ${parsed.tool} path`;
  if (parsed.kind === 'other' && parsed.specifier.trim() === '*') return `${pattern} matches every ${parsed.tool} call`;
  if (parsed.kind === 'mcp' && parsed.tool === null) return `${pattern} matches every tool of the ${parsed.server} MCP server`;
  return null;
}
