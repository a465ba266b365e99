// Parses rule patterns in Claude Code's `Tool(specifier)` syntax into a typed form (PROTOCOLS.md "Permission rule syntax").
import { domainToASCII } from 'node:url';
import { tokenizeSpecifier } from '../../shell/rules/specifier.js';
import { toolFamily } from '../request/tools.js';

/** A rule pattern after parsing: what it names and how its specifier is read. */
export type ParsedPattern =
  /** A bare tool name (`Bash`, `Read`, `WebFetch`): the whole tool (or the whole family for Read/Edit/Bash). */
  | { kind: 'tool'; tool: string }
  /** `mcp__server`, `mcp__server__*` (every tool of a server) or `mcp__server__tool`. */
  | { kind: 'mcp'; server: string; tool: string | null }
  /**
   * `Bash(specifier)`, delegated to the shell analysis' matcher per simple command. `program` is the program
   * the specifier names (null when its first word is a wildcard), so a command of another program can be skipped.
   */
  | { kind: 'bash'; specifier: string; program: string | null }
  /** `Read(path)`, `Edit(path)` or a single file tool (`Write(path)`): a gitignore-style path specifier. */
  | { kind: 'path'; tool: string; specifier: string }
  /**
   * `WebFetch(domain:example.com)` or `Network(domain:example.com)`: the host and its subdomains (ASCII, lowercase, no
   * trailing dot). Either names a host a fetch or a contained command's connection may reach.
   */
  | { kind: 'domain'; tool: 'WebFetch' | 'Network'; domain: string }
  /** Any other `Tool(specifier)` (e.g. `Task(reviewer)`): a `*`-glob over the call's top-level string arguments. */
  | { kind: 'other'; tool: string; specifier: string };

/** Thrown for a pattern that cannot be a rule; the message says what to fix. */
export class RulePatternError extends Error {}

const TOOL_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

function balanced(s: string): boolean {
  let depth = 0;
  for (const ch of s) {
    if (ch === '(') depth++;
    else if (ch === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

function parseMcp(name: string, pattern: string): ParsedPattern {
  const parts = name.slice('mcp__'.length).split('__');
  const server = parts[0] ?? '';
  if (server === '' || parts.length > 2 || parts.some((p) => p === '')) {
    throw new RulePatternError(`malformed MCP rule "${pattern}": write mcp__server, mcp__server__* or mcp__server__tool`);
  }
  const tool = parts[1];
  if (tool === undefined || tool === '*') return { kind: 'mcp', server, tool: null };
  if (tool.includes('*')) throw new RulePatternError(`malformed MCP rule "${pattern}": only a whole "*" tool name is supported`);
  return { kind: 'mcp', server, tool };
}

function parseDomain(tool: 'WebFetch' | 'Network', spec: string, pattern: string): ParsedPattern {
  if (!spec.startsWith('domain:')) {
    throw new RulePatternError(`malformed rule "${pattern}": ${tool} takes "domain:example.com"`);
  }
  const raw = spec.slice('domain:'.length).trim().replace(/\.$/, '');
  if (raw === '' || /[/:@\s*?]/.test(raw)) {
    throw new RulePatternError(`malformed rule "${pattern}": the domain must be a bare host name like example.com`);
  }
  const domain = domainToASCII(raw.toLowerCase());
  if (domain === '') throw new RulePatternError(`malformed rule "${pattern}": "${raw}" is not a valid domain`);
  return { kind: 'domain', tool, domain };
}

function parsePath(tool: string, spec: string, pattern: string): ParsedPattern {
  if (spec.includes('\0')) throw new RulePatternError(`malformed rule "${pattern}": the path contains a NUL byte`);
  const segs = spec.split('/');
  const firstGlob = segs.findIndex((s) => /[*?[{]/.test(s));
  if (firstGlob >= 0 && segs.slice(firstGlob).includes('..')) {
    throw new RulePatternError(`malformed rule "${pattern}": ".." after a wildcard cannot be matched`);
  }
  return { kind: 'path', tool, specifier: spec };
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/**
 * The program a `Bash(...)` specifier names (its first word after `NAME=value` prefixes, as a bare name), or
 * null when it may match any program (a wildcard in that word, an empty body). Every way the shell matcher
 * can match a command needs this program name, so commands of other programs skip the rule.
 */
export function specifierProgram(specifier: string): string | null {
  const spec = specifier.trim();
  const body = spec.endsWith(':*') ? spec.slice(0, -2) : spec;
  const first = tokenizeSpecifier(body).find((w) => !ASSIGNMENT.test(w));
  if (first === undefined || /[*?[]/.test(first)) return null;
  return first.slice(first.lastIndexOf('/') + 1);
}

/** Parses one rule pattern; throws RulePatternError with a one-line fix for malformed ones. */
export function parseRulePattern(pattern: string): ParsedPattern {
  const p = pattern.trim();
  if (p === '') throw new RulePatternError('empty rule pattern: write a tool name such as Bash or Read(./src/**)');
  const open = p.indexOf('(');
  const name = open < 0 ? p : p.slice(0, open);
  if (name === '') throw new RulePatternError(`malformed rule "${pattern}": the tool name before "(" is empty`);
  if (name.includes(')')) throw new RulePatternError(`malformed rule "${pattern}": unbalanced parentheses`);
  if (name.startsWith('mcp__')) {
    if (open >= 0) throw new RulePatternError(`malformed rule "${pattern}": MCP rules take no specifier`);
    return parseMcp(name, pattern);
  }
  if (!TOOL_NAME.test(name)) throw new RulePatternError(`malformed rule "${pattern}": "${name}" is not a tool name`);
  if (open < 0) return { kind: 'tool', tool: name };
  if (!p.endsWith(')') || !balanced(p.slice(open))) {
    throw new RulePatternError(`malformed rule "${pattern}": unbalanced parentheses`);
  }
  const spec = p.slice(open + 1, -1);
  if (spec.trim() === '') throw new RulePatternError(`malformed rule "${pattern}": empty specifier; write "${name}" for the whole tool`);
  if (name === 'Bash') return spec.trim() === '*' ? { kind: 'tool', tool: name } : { kind: 'bash', specifier: spec, program: specifierProgram(spec) };
  if (name === 'WebFetch' || name === 'Network') return parseDomain(name, spec, pattern);
  const family = toolFamily(name);
  if (family === 'read' || family === 'write') return parsePath(name, spec, pattern);
  return { kind: 'other', tool: name, specifier: spec };
}

const cache = new Map<string, ParsedPattern | RulePatternError>();

/** parseRulePattern with a bounded memo: the policy re-reads the same thousand rules on every call. */
export function parseRulePatternCached(pattern: string): ParsedPattern | RulePatternError {
  let hit = cache.get(pattern);
  if (hit === undefined) {
    try {
      hit = parseRulePattern(pattern);
    } catch (e) {
      hit = e instanceof RulePatternError ? e : new RulePatternError(String(e));
    }
    if (cache.size >= 20_000) cache.clear();
    cache.set(pattern, hit);
  }
  return hit;
}
