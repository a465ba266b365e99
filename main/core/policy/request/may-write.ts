// Whether a call can change files, for snapshots (undo): only what the engine proves read-only goes without one.
import type { ToolRequest } from '../../../../common/domain.js';
import { initShellParser } from '../../shell/index.js';
import { analyzeCached } from './analysis-cache.js';
import { isReadOnlyCommand } from './bash-refs.js';
import { shellTarget, toolFamily } from './tools.js';
import { shellCommandText, shellCwdOf } from './view.js';

/**
 * Read tools and web fetches cannot write; a shell command can, unless it parsed cleanly and every simple command in
 * it (substitutions included) is a read-only program with no redirect that writes. File writers, MCP tools and tools
 * the engine does not know may write (closed world: what is not proven read-only gets a snapshot).
 */
export async function mayWrite(request: ToolRequest, home: string): Promise<boolean> {
  const family = toolFamily(request.tool_name);
  if (family === 'read' || family === 'web') return false;
  if (family !== 'shell' || request.cwd === null) return true;
  const target = shellTarget(request);
  if (target.problem) return true;
  try {
    await initShellParser();
    const analysis = analyzeCached(shellCommandText(target), shellCwdOf(request, request.cwd, home), home);
    if (!analysis.parsed || analysis.blockers.length > 0) return true;
    return !analysis.commands.every((c) => isReadOnlyCommand(c) && c.redirects.every((r) => r.kind !== 'write'));
  } catch {
    return true;
  }
}
