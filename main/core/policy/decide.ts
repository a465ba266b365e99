// The one call the broker and `gatehouse check` make: shell analysis → workspace probe → pure evaluation.
import { tmpdir } from 'node:os';
import type { Mode, Rule, SessionApproval, ToolRequest, Verdict } from '../../../common/domain.js';
import { initShellParser } from '../shell/index.js';
import { analyzeCached } from './request/analysis-cache.js';
import type { ShellAnalysis } from '../shell/types.js';
import type { WorkspaceState } from './types.js';
import { bashPathRefs, linkFollowingShellReads, recursiveShellReads, searchedFolders, tieredShellReads } from './request/bash-refs.js';
import { readDenials } from './rules/denied-reads.js';
import { analysisTooLarge, commandTooLong } from './bounds.js';
import { evaluatePolicy } from './evaluate.js';
import { probeWorkspace, resolvePhysical, type ProbeOptions } from './workspace/probe.js';
import { gitCodePaths } from './workspace/hooks-path.js';
import { probeBareGitRuns } from './workspace/bare-git-runs.js';
import { gatehouseProgramDir } from '../sandbox/program-dir.js';
import { searchToolFolders, searchToolRecursion, shellTarget, toolFamily } from './request/tools.js';
import { requestPaths, shellCommandText, shellCwdOf } from './request/view.js';

/** What decide needs besides the request. */
export interface DecideContext {
  rules: Rule[];
  sessionApprovals: SessionApproval[];
  mode: Mode;
  home: string;
  gatehouseHome: string;
  now: Date;
  /** Environment for agent config folders (`$CLAUDE_CONFIG_DIR`…); default process.env. */
  env?: NodeJS.ProcessEnv;
  /** The setting "contain instead of asking". */
  containUnvouched?: boolean;
  /** The temp folder a contained command may write (default: the OS's). */
  tmpDir?: string;
}

/** A verdict with what was gathered for it (the review window reuses the analysis). */
export interface DecideResult {
  verdict: Verdict;
  analysis: ShellAnalysis | null;
  workspace: WorkspaceState;
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

async function analyse(request: ToolRequest, home: string): Promise<{ analysis: ShellAnalysis | null; problem?: string }> {
  if (toolFamily(request.tool_name) !== 'shell' || request.cwd === null) return { analysis: null };
  const target = shellTarget(request);
  if (target.problem) return { analysis: null };
  const command = shellCommandText(target);
  const long = commandTooLong(command);
  if (long !== null) return { analysis: null, problem: long };
  try {
    await initShellParser();
    const analysis = analyzeCached(command, shellCwdOf(request, request.cwd, home), home);
    const large = analysisTooLarge(analysis);
    return large === null ? { analysis } : { analysis: null, problem: large };
  } catch (e) {
    return { analysis: null, problem: `shell analysis failed: ${message(e)}` };
  }
}

/** Runs the analysis and the probe, then the pure policy; never throws for a bad request (it is asked). */
export async function decideDetailed(request: ToolRequest, ctx: DecideContext): Promise<DecideResult> {
  const { home, gatehouseHome } = ctx;
  const { analysis, problem } = await analyse(request, home);
  const cwd = request.cwd;
  let workspace: WorkspaceState;
  if (cwd === null || !cwd.startsWith('/') && !/^[A-Za-z]:[\\/]/.test(cwd)) {
    workspace = { cwd: cwd ?? '/nonexistent-cwd', home, gatehouseHome, paths: new Map(), problem: 'the request has no absolute working directory' };
  } else {
    // Shell paths skip git unless a read needs the tiers (`< file`, a reading program's files): `npm test` stays fast.
    const shellCwd = shellCwdOf(request, cwd, home);
    const refs = analysis ? bashPathRefs(analysis, shellCwd, home) : null;
    const paths = refs ? [...new Set(refs.map((r) => r.path))] : requestPaths(request, null, home);
    const env = ctx.env ?? process.env;
    const opts: ProbeOptions = refs && analysis ? { env, ignoreFor: tieredShellReads(analysis, refs, shellCwd, home), recursiveFor: recursiveShellReads(analysis, shellCwd, home), followsLinksBelow: linkFollowingShellReads(analysis, shellCwd, home) } : { env, recursiveFor: searchToolRecursion(request, cwd, home) };
    // Only a request under Read deny or ask rules has its searched folders looked through for the files they cover.
    const denials = readDenials(ctx.rules, cwd, home, ctx.now);
    if (denials !== null) {
      const searched = analysis ? searchedFolders(analysis, shellCwd, home) : searchToolFolders(request);
      opts.deniedReads = { denials, searched };
      paths.push(...[...searched.keys()].filter((p) => !paths.includes(p)));
    }
    try {
      workspace = await probeWorkspace(cwd, home, gatehouseHome, paths, opts);
    } catch (e) {
      workspace = { cwd, home, gatehouseHome, paths: new Map(), problem: message(e) };
    }
  }
  if (problem && workspace.problem === undefined) workspace.problem = problem;
  if (analysis !== null && workspace.problem === undefined) {
    containmentFacts(workspace, ctx.env ?? process.env, ctx.tmpDir ?? tmpdir());
    workspace.bareGitRuns = probeBareGitRuns(analysis, shellCwdOf(request, workspace.cwd, home));
  }
  const verdict = evaluatePolicy(
    { request, rules: ctx.rules, sessionApprovals: ctx.sessionApprovals, mode: ctx.mode, workspace, now: ctx.now, containUnvouched: ctx.containUnvouched === true },
    analysis ?? undefined,
  );
  return { verdict, analysis, workspace };
}

/** What a contained profile needs beyond the paths a shell command names: temp, git's code paths, Gatehouse's program. */
export function containmentFacts(ws: WorkspaceState, env: NodeJS.ProcessEnv, tmp: string): void {
  ws.tmpDir ??= resolvePhysical(tmp);
  ws.gitCodePaths ??= gitCodePaths(ws.realCwd ?? ws.cwd, ws.realHome ?? ws.home, env);
  ws.programDirs ??= [gatehouseProgramDir()];
}

/** The verdict for one request (the broker's entry point). */
export async function decide(request: ToolRequest, ctx: DecideContext): Promise<Verdict> {
  return (await decideDetailed(request, ctx)).verdict;
}
