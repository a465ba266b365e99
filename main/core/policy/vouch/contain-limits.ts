// What "contain instead of asking" still asks about: the sandbox bounds where a command writes, what secrets it can
// open and which hosts it reaches, not what it destroys inside the workspace; and what the engine itself sees a
// command reach — a file outside the workspace, a secret, the network — it shows the person rather than leaving it to
// the sandbox.
import type { ShellAnalysis } from '../../shell/types.js';
import type { WorkspaceState } from '../types.js';
import type { ShellRef } from '../request/view.js';
import { isInside, relativeInside } from '../paths.js';
import { secretReason } from './secrets.js';

/** Where a contained command may write besides the workspace when the facts name no temp folder (sandbox/profile.ts). */
const DEFAULT_TMP = '/tmp';

/** Where output is thrown away: naming it reaches nothing. */
const DISCARD = '/dev/null';

/** A path the command names that a contained run would still reach or be refused: outside the workspace, or secret. */
function seenReach(ref: ShellRef, ws: WorkspaceState): string | null {
  const f = ref.facts;
  const tmp = ws.tmpDir ?? DEFAULT_TMP;
  if (!f.insideWorkspace) {
    if (f.resolved === DISCARD) return null;
    const inTmp = (p: string): boolean => isInside(p, tmp) && !isInside(p, ws.realHome ?? ws.home) && !isInside(p, ws.home);
    if (inTmp(f.resolved) && inTmp(f.requested)) return null;
    return `the command ${ref.access === 'write' ? 'writes' : 'reads'} ${f.requested}, outside the workspace`;
  }
  const secret = secretReason(relativeInside(f.resolved, ws.realCwd ?? ws.cwd) ?? f.resolved);
  return secret === null ? null : `the command reads ${f.requested}: ${secret}`;
}

/**
 * Why a shell command no rule vouches for is asked rather than run contained (empty: it may run contained).
 * - A destructive finding (`rm -r`, `git checkout -- f`, `git reset <commit>`): the sandbox lets the command write the
 *   workspace, so what it deletes or overwrites there is lost all the same.
 * - A network finding (`curl`, `ssh`, `git fetch`): the sandbox holds every host the rules do not list for the person
 *   anyway, so the command is asked whole rather than halfway through.
 * - A path the command names outside the workspace (other than the temp folder outside the home), or a secret in it: the engine sees it,
 *   so the person does. A read there would go through the sandbox (it hides only the secret tier); a write would fail.
 * Paths read only in case a `cd` was misread are judged where the `cd` leads, as bash runs them.
 * `undoableDeletes`: every destructive finding is a plain delete of project files that the snapshot before the call
 * will hold (reversible-delete.ts); the broker asks after all when it does not.
 */
export function uncontainedReasons(analysis: ShellAnalysis | null, refs: readonly ShellRef[], ws: WorkspaceState, undoableDeletes = false): string[] {
  const out: string[] = [];
  for (const r of analysis?.risks ?? []) {
    if (r.flag === 'destructive' && !undoableDeletes) out.push(`built-in: not contained — ${r.reason}, and the sandbox lets a command change the workspace`);
    if (r.flag === 'network') out.push(`built-in: not contained — ${r.reason}: a contained run would stop to ask about the host, so it is asked whole`);
  }
  for (const ref of refs) {
    if (ref.misreadCd) continue;
    const why = seenReach(ref, ws);
    if (why !== null) out.push(`built-in: not contained — ${why}`);
  }
  return [...new Set(out)];
}
