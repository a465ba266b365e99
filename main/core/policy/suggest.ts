// The narrowest sensible rule for an "always" answer, with a warning when even that is broad.
import { homedir } from 'node:os';
import path from 'node:path';
import type { ToolRequest } from '../../../common/domain.js';
import type { ShellAnalysis } from '../shell/types.js';
import { fetchHost } from './domain.js';
import { parseRulePattern } from './pattern.js';
import { expandHome, relativeInside } from './paths.js';
import { fileTargets, shellTarget, toolFamily } from './tools.js';

/** A suggested rule pattern. */
export interface PatternSuggestion {
  pattern: string;
  /** True when the pattern covers much more than this one call. */
  broad: boolean;
  warning?: string;
  /** Workspace files the command writes that the rule comes with Edit rules for (grantableWrites), absolute. */
  writes?: string[];
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

function suggestShell(request: ToolRequest, analysis: ShellAnalysis | undefined, writes: readonly string[] | null): PatternSuggestion {
  const first = analysis?.commands[0];
  if (!first || first.argv.length === 0) {
    const cmd = shellTarget(request).command.trim();
    return { pattern: `Bash(${cmd})`, broad: false, warning: 'the command was not analysed; the rule matches it exactly' };
  }
  const warnings: string[] = [];
  if ((analysis?.commands.length ?? 0) > 1) warnings.push('the rule covers only the first command; the other parts still need their own rules');
  // Files the command writes come with an Edit rule each (writes): only the other blockers keep any rule from allowing it.
  const carried = new Set(writes ?? []);
  const blockers = (analysis?.blockers ?? []).filter((b) => !(b.workspaceWrite === true && b.target !== undefined && carried.has(b.target)));
  if (blockers.length > 0) warnings.push(`no rule can allow this command as written (${blockers[0]!.reason})`);
  const [prog, sub, third] = first.argv;
  let pattern = `Bash(${first.argv.join(' ')})`;
  let broad = false;
  if (prog !== undefined && SUBCOMMAND_TOOLS.has(prog) && sub !== undefined && /^[a-z][\w:.-]*$/i.test(sub) && first.argv.length > 2) {
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
  const out: PatternSuggestion = warnings.length > 0 ? { pattern, broad, warning: warnings.join('; ') } : { pattern, broad };
  if (writes && writes.length > 0 && blockers.length === 0) out.writes = [...writes];
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
