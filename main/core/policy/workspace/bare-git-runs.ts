// Which repository git opens where a command of the line runs it. Git takes the nearest `.git` above the folder — or the
// folder itself when it is a git directory (HEAD, objects/ and refs/ in it) — and runs what that repository's config says
// (core.fsmonitor, core.pager, diff.external, hooks). The tamper guard keeps every `.git` from writes by its name, but a git
// directory of another name (`git clone --bare . x`, or HEAD, objects/, refs/ and config written one by one) is plain
// files the agent may write: git run in it runs the agent's code, outside any sandbox when the command looks read-only.
import type { ShellAnalysis } from '../../shell/types.js';
import { findRepository } from './git-config-files.js';
import { resolvePhysical } from './probe.js';
import type { WorkspaceState } from '../types.js';

/** The folders the git commands of a line run in: where an earlier `cd` led, and where bash stays if that `cd` failed. */
function gitRunFolders(analysis: ShellAnalysis, shellCwd: string): Set<string> {
  const out = new Set<string>();
  for (const cmd of analysis.commands) {
    if (cmd.argv[0] !== 'git') continue;
    for (const folder of [cmd.cwd ?? shellCwd, ...(cmd.cwdAlts ?? [])]) out.add(folder);
  }
  return out;
}

/**
 * Probe (reads the filesystem): each folder a git command of the line runs in where git would open a git directory found
 * as a bare folder rather than through a `.git`, with that directory. What `bareGitRunReasons` judges.
 */
export function probeBareGitRuns(analysis: ShellAnalysis, shellCwd: string): Array<{ folder: string; gitDir: string }> {
  const out: Array<{ folder: string; gitDir: string }> = [];
  for (const folder of gitRunFolders(analysis, shellCwd)) {
    const repo = findRepository(resolvePhysical(folder));
    // Inside a `.git` (`cd .git && git log`) git opens it bare, but that folder's files the tamper guard keeps by name.
    if (repo?.bare === true && !repo.gitDir.split(/[\\/]/).includes('.git')) out.push({ folder, gitDir: repo.gitDir });
  }
  return out;
}

/** Why no rule vouches for the line's git commands, nor may they run uncontained: the bare git directories they open. */
export function bareGitRunReasons(ws: WorkspaceState): string[] {
  return (ws.bareGitRuns ?? []).map((r) => `built-in: git run in ${r.folder} opens ${r.gitDir} as its repository — a git directory not named .git, whose config and hooks the tamper guard does not keep from writes, and git runs what they say`);
}
