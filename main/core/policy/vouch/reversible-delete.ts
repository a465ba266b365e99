// A plain `rm` of project files is the one destructive command the sandbox cannot bound yet undo can take back: the
// snapshot before the call holds every file git would see (tracked, or untracked and not ignored). Under "contain
// instead of asking" such a delete runs contained, but only once that snapshot is on disk and holds each file it
// deletes (the broker checks it; when it cannot, the call is asked). Everything else destructive still asks.
import type { ShellAnalysis, SimpleCommand } from '../../shell/types.js';
import type { WorkspaceState } from '../types.js';
import type { ShellRef } from '../request/view.js';
import { relativeInside } from '../paths.js';
import { secretReason } from './secrets.js';

// The deleters it covers, and the only options they may carry: nothing that recurses, removes folders or asks.
const DELETERS = new Set(['rm', 'unlink']);
const PLAIN_OPTIONS = new Set(['-f', '--force', '-v', '--verbose', '--']);

/** The operands of a plain delete (`rm -f a b`), or null when the command is anything more. */
function plainDeleteOperands(cmd: SimpleCommand): string[] | null {
  const [name, ...args] = cmd.argv;
  if (name === undefined || !DELETERS.has(name) || cmd.dynamic || cmd.wrappers.length > 0 || cmd.runBy !== undefined) return null;
  if (cmd.env.length > 0 || cmd.redirects.length > 0) return null;
  const dashdash = args.indexOf('--');
  const options = dashdash < 0 ? args.filter((a) => a.startsWith('-')) : args.slice(0, dashdash);
  if (options.some((o) => !PLAIN_OPTIONS.has(o) && !/^-[fv]+$/.test(o))) return null;
  const operands = dashdash < 0 ? args.filter((a) => !a.startsWith('-')) : [...args.slice(0, dashdash).filter((a) => !a.startsWith('-')), ...args.slice(dashdash + 1)];
  return operands.length > 0 ? operands : null;
}

/** Whether a deleted path is a plain project file (or none at all) the snapshot before the call holds: git sees it, nothing guards it. */
function undoableFile(ref: ShellRef, ws: WorkspaceState): boolean {
  const f = ref.facts;
  const realCwd = ws.realCwd ?? ws.cwd;
  // A file that is not there loses nothing (`rm -f out.txt && …`); the broker checks it is still absent at the snapshot.
  if (!f.insideWorkspace || f.gitInternal || f.ignored || f.folder === true || ref.unsure || ref.misreadCd === true) return false;
  // A link is deleted itself, not what it leads to; the snapshot keeps links as links, but the tiers judge the target.
  if (f.resolved !== f.requested || relativeInside(f.resolved, realCwd) === null) return false;
  if ((ws.gitCodePaths ?? []).some((p) => relativeInside(f.resolved, p) !== null)) return false;
  return secretReason(f.resolved) === null;
}

/**
 * The files a shell command deletes when every destructive thing it does is a plain `rm`/`unlink` of project files
 * that undo can restore (resolved paths, for the broker to find in the snapshot before the call); null otherwise.
 * Threat: `rm -rf src`, `rm .env` (ignored or secret: not in the snapshot), `rm .git/index`, `rm link-to-outside`,
 * `rm $(cat list)`, `xargs rm`, `rm *.ts` (a glob the engine did not expand), `git clean -fd` beside a plain rm.
 */
export function undoableDeletes(analysis: ShellAnalysis | null, refs: readonly ShellRef[], ws: WorkspaceState): string[] | null {
  if (analysis === null || !analysis.parsed) return null;
  const destructive = analysis.risks.filter((r) => r.flag === 'destructive');
  if (destructive.length === 0) return null;
  const files: string[] = [];
  const covered = new Set<number>();
  analysis.commands.forEach((cmd, i) => {
    const operands = plainDeleteOperands(cmd);
    if (operands === null) return;
    const own = refs.filter((r) => r.cmd === i && !r.redirect);
    // Each operand must be a path the probe gave facts for, and each a plain project file.
    if (own.length !== operands.length || !own.every((r) => r.access === 'write' && undoableFile(r, ws))) return;
    covered.add(i);
    files.push(...own.map((r) => r.facts.resolved));
  });
  const inCovered = (start: number, end: number): boolean =>
    [...covered].some((i) => analysis.commands[i]!.span.start <= start && end <= analysis.commands[i]!.span.end);
  if (!destructive.every((r) => r.range !== undefined && inCovered(r.range.start, r.range.end))) return null;
  return files.length > 0 ? [...new Set(files)] : null;
}
