// What a contained command may not write although it lies in a writable folder: what the tamper guard protects.
import path from 'node:path';
import type { WorkspaceState } from '../policy/types.js';
import { isInside } from '../policy/paths.js';

/** Agent folders holding hooks and permissions: a contained command may not write any of them, nor move them. */
const AGENT_FOLDERS = ['.claude', '.gemini', '.codex'];
/** Inside a git directory, where git runs code from: hooks, config (aliases, filters, fsmonitor), info/attributes. */
const GIT_CODE = ['hooks', 'config', 'info'];

/** Whether a git code path (hooks-path.ts) is a whole git directory, of which only the code parts are protected. */
function isGitDir(p: string): boolean {
  const parent = path.basename(path.dirname(p));
  return path.basename(p) === '.git' || parent === 'worktrees' || parent === 'modules';
}

/**
 * The protected places a write could reach inside `writable`: git's code paths (of every git directory, the hooks
 * folder its config names), the agents' configuration folders in the workspace and the home, the folders agents'
 * environment names, GATEHOUSE_HOME, and Gatehouse's own program unless the workspace is its source. A whole git
 * directory is not listed (a contained `git commit` writes objects and refs), only where git runs code from.
 */
export function unwritablePaths(ws: WorkspaceState, writable: readonly string[]): string[] {
  const workspaces = [...new Set([ws.cwd, ws.realCwd ?? ws.cwd])];
  const homes = [...new Set([ws.home, ws.realHome ?? ws.home])];
  const git = (ws.gitCodePaths ?? []).flatMap((p) => (isGitDir(p) ? GIT_CODE.map((c) => path.join(p, c)) : [p]));
  const agents = [...workspaces, ...homes].flatMap((b) => AGENT_FOLDERS.map((f) => path.join(b, f)));
  const programs = (ws.programDirs ?? []).filter((p) => !workspaces.some((w) => isInside(w, p) || isInside(p, w)));
  const all = [...git, ...agents, ...(ws.agentConfigDirs ?? []), ws.gatehouseHome, ...programs];
  return [...new Set(all)].filter((p) => writable.some((w) => isInside(p, w)));
}
