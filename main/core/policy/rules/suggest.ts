// The narrowest sensible rule for an "always" answer, with a warning when even that is broad.
import { homedir } from 'node:os';
import path from 'node:path';
import type { ToolRequest } from '../../../../common/domain.js';
import { generaliseWords, type VolatilePart } from '../../shell/index.js';
import type { ShellAnalysis } from '../../shell/types.js';
import { fetchHost } from './domain.js';
import { parseRulePattern } from './pattern.js';
import { expandHome, relativeInside } from '../paths.js';
import { fileTargets, shellTarget, toolFamily } from '../request/tools.js';

/** A suggested rule pattern. */
export interface PatternSuggestion {
  pattern: string;
  /** True when the pattern covers much more than this one call. */
  broad: boolean;
  warning?: string;
  /** Workspace files the command writes that the rule comes with Edit rules for (grantableWrites), absolute. */
  writes?: string[];
  /** The rules for the other commands of a chain or pipeline (`pytest | tee out.txt`), which "always" creates too. */
  also?: string[];
  /** The same rules over the command's volatile words (`Bash(kill <pid>)`), offered beside the exact ones. */
  general?: GeneralSuggestion;
}

/** A suggestion whose volatile words are placeholders, with the words this call had. */
export interface GeneralSuggestion {
  pattern: string;
  also: string[];
  parts: VolatilePart[];
}

// Tools whose first word after the program is a subcommand: `git diff:*` is a sensible "always".
const SUBCOMMAND_TOOLS = new Set(['git', 'npm', 'pnpm', 'yarn', 'bun', 'cargo', 'go', 'docker', 'kubectl', 'gh', 'pip', 'pip3', 'uv', 'poetry', 'deno', 'dotnet', 'mvn', 'gradle', 'terraform', 'helm', 'brew', 'rustup', 'make']);
// Subcommands whose own word is not enough: the script or target names what runs.
const NAMED_RUNNERS = new Set(['run', 'exec', 'x', 'dlx']);
// Subcommands that can destroy or publish: a prefix rule for them is broad.
const RISKY_SUBCOMMANDS = new Set(['push', 'reset', 'clean', 'rm', 'publish', 'exec', 'x', 'dlx', 'install', 'add', 'apply', 'delete', 'destroy', 'checkout', 'restore', 'rebase', 'filter-branch', 'prune']);

function valid(pattern: string): boolean {
  try {
    parseRulePattern(pattern);
    return true;
  } catch {
    return false;
  }
}

/** The rule for one simple command: the command itself, or its subcommand prefix for tools that have them. */
function commandRule(argv: readonly string[]): { pattern: string; broad: boolean; warnings: string[] } {
  const [prog, sub, third] = argv;
  const warnings: string[] = [];
  let pattern = `Bash(${argv.join(' ')})`;
  let broad = false;
  if (prog !== undefined && SUBCOMMAND_TOOLS.has(prog) && sub !== undefined && /^[a-z][\w:.-]*$/i.test(sub) && argv.length > 2) {
    const named = NAMED_RUNNERS.has(sub) && third !== undefined && !third.startsWith('-');
    pattern = named ? `Bash(${prog} ${sub} ${third}:*)` : `Bash(${prog} ${sub}:*)`;
    if (RISKY_SUBCOMMANDS.has(sub)) {
      broad = true;
      warnings.push(`"${prog} ${sub}" with any arguments can change or destroy more than this call`);
    }
  }
  if (!valid(pattern)) {
    pattern = `Bash(${prog}:*)`;
    broad = true;
    warnings.push(`the exact command cannot be written as a rule; this covers every ${prog} command`);
  }
  return { pattern, broad, warnings };
}

/**
 * The same rules with each exact command's volatile words (temp names, pids, ports, timestamps, hashes) as placeholders,
 * and those words; null when no command has one. Prefix rules already cover any later word and stay as they are.
 */
function generalised(commands: ReadonlyArray<{ argv: readonly string[]; pattern: string }>): GeneralSuggestion | null {
  const parts: VolatilePart[] = [];
  const patterns = commands.map((c) => {
    const g = c.pattern === `Bash(${c.argv.join(' ')})` ? generaliseWords(c.argv) : null;
    const pattern = g === null ? c.pattern : `Bash(${g.words.join(' ')})`;
    if (g === null || !valid(pattern)) return c.pattern;
    parts.push(...g.parts);
    return pattern;
  });
  const [pattern, ...also] = unique(patterns);
  return parts.length === 0 || pattern === undefined ? null : { pattern, also, parts };
}

function unique(patterns: readonly string[]): string[] {
  return [...new Set(patterns)];
}

function suggestShell(request: ToolRequest, analysis: ShellAnalysis | undefined, writes: readonly string[] | null): PatternSuggestion {
  const commands = analysis?.commands.filter((c) => c.argv.length > 0) ?? [];
  if (commands.length === 0) {
    const cmd = shellTarget(request).command.trim();
    return { pattern: `Bash(${cmd})`, broad: false, warning: 'the command was not analysed; the rule matches it exactly' };
  }
  // Every command of a chain or pipeline needs a rule (`pytest | tee out.txt`): the first is the pattern, the rest come along.
  const rules = commands.map((c) => ({ argv: c.argv, ...commandRule(c.argv) }));
  const [pattern, ...also] = unique(rules.map((r) => r.pattern));
  const warnings = rules.flatMap((r) => r.warnings);
  // Files the command writes come with an Edit rule each (writes): only the other blockers keep any rule from allowing it.
  const carried = new Set(writes ?? []);
  const blockers = (analysis?.blockers ?? []).filter((b) => !(b.workspaceWrite === true && b.target !== undefined && carried.has(b.target)));
  if (blockers.length > 0) warnings.push(`no rule can allow this command as written (${blockers[0]!.reason})`);
  const out: PatternSuggestion = { pattern: pattern!, broad: rules.some((r) => r.broad) };
  if (warnings.length > 0) out.warning = unique(warnings).join('; ');
  if (also.length > 0) out.also = also;
  if (writes && writes.length > 0 && blockers.length === 0) out.writes = [...writes];
  const general = blockers.length === 0 ? generalised(rules) : null;
  if (general !== null) out.general = general;
  return out;
}

function suggestFile(request: ToolRequest, home: string): PatternSuggestion {
  const family = toolFamily(request.tool_name);
  const tool = family === 'read' ? 'Read' : 'Edit';
  const target = fileTargets(request).paths[0];
  if (target === undefined || request.cwd === null) return { pattern: tool, broad: true, warning: `covers every ${family === 'read' ? 'read' : 'file change'} anywhere` };
  const abs = path.resolve(request.cwd, expandHome(target, home));
  const rel = relativeInside(abs, request.cwd);
  const inHome = relativeInside(abs, home);
  const spec = rel !== null && rel !== '' ? `./${rel}` : inHome !== null && inHome !== '' ? `~/${inHome}` : `/${abs}`;
  const pattern = `${tool}(${spec})`;
  return valid(pattern) ? { pattern, broad: false } : { pattern: tool, broad: true, warning: 'this path cannot be written as a rule' };
}

/**
 * The narrowest sensible rule that would allow this request again; for a shell command, `writes` are the workspace
 * files it writes that may come with an Edit rule each (grantableWrites; null when none may).
 */
export function suggestRulePattern(request: ToolRequest, analysis?: ShellAnalysis, home: string = homedir(), writes: readonly string[] | null = null): PatternSuggestion {
  const family = toolFamily(request.tool_name);
  if (family === 'shell') return suggestShell(request, analysis, writes);
  if (family === 'read' || family === 'write') return suggestFile(request, home);
  if (family === 'web') {
    const url = request.args['url'];
    const host = typeof url === 'string' ? fetchHost(url) : null;
    if (host !== null && !host.startsWith('[') && valid(`WebFetch(domain:${host})`)) return { pattern: `WebFetch(domain:${host})`, broad: false };
    return { pattern: 'WebFetch', broad: true, warning: 'covers every web fetch' };
  }
  if (family === 'mcp' && valid(request.tool_name)) return { pattern: request.tool_name, broad: false };
  return { pattern: request.tool_name, broad: true, warning: `covers every ${request.tool_name} call, whatever its arguments` };
}
