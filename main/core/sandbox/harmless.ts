// Which shell commands the engine can prove harmless, so a blanket rule may run them as they are rather than contained.
import { isReadOnlyCommand } from '../policy/request/bash-refs.js';
import type { RequestView } from '../policy/request/view.js';
import type { WorkspaceState } from '../policy/types.js';

/**
 * Harmless: parsed, nothing the analysis holds against it, every simple command (also those a runner or `sh -c` runs) a
 * program that only reads, and no path written. Anything else — a launcher (`perf stat -- rm -rf ~`), a script on stdin
 * (`make -f- <<EOF`), a build, git run in a bare git directory it does not guard (policy/bare-git-runs.ts) — the engine
 * cannot prove, so a blanket rule runs it contained.
 */
export function provablyHarmless(view: RequestView, ws: WorkspaceState): boolean {
  const a = view.analysis;
  if (a === null || !a.parsed || a.blockers.length > 0 || a.hardDenies.length > 0 || (ws.bareGitRuns?.length ?? 0) > 0) return false;
  return a.commands.every((c) => isReadOnlyCommand(c)) && !view.shellRefs.some((r) => r.access === 'write');
}
