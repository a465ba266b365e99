// What a contained command may not write although it lies in a writable folder: what the tamper guard protects.
import path from 'node:path';
import type { WorkspaceState } from '../policy/types.js';
import { isInside } from '../policy/paths.js';
import { configPlaces } from '../policy/guard/protected.js';

/** A name below an absent configuration folder: a protected path beneath it makes the sandbox block it with a folder. */
const PLACEHOLDER = 'settings.json';
/** Inside a git directory, where git runs code from: hooks, config (aliases, filters, fsmonitor), info/attributes. */
const GIT_CODE = ['hooks', 'config', 'info'];

/** Whether a git code path (hooks-path.ts) is a whole git directory, of which only the code parts are protected. */
function isGitDir(p: string): boolean {
  const parent = path.basename(path.dirname(p));
  return path.basename(p) === '.git' || parent === 'worktrees' || parent === 'modules';
}

/**
 * The protected places a write could reach inside `writable`: git's code paths (of every git directory, the hooks
 * folder its config names), every agent's configuration in the workspace and the home (the tamper guard's places:
 * its folders, hook folders, the folders the environment names, `.mcp.json`, `opencode.json`), GATEHOUSE_HOME, and Gatehouse's own program unless the workspace is its source. A whole git
 * directory is not listed (a contained `git commit` writes objects and refs), only where git runs code from.
 */
export function unwritablePaths(ws: WorkspaceState, writable: readonly string[]): string[] {
  const workspaces = [...new Set([ws.cwd, ws.realCwd ?? ws.cwd])];
  const git = (ws.gitCodePaths ?? []).flatMap((p) => (isGitDir(p) ? GIT_CODE.map((c) => path.join(p, c)) : [p]));
  // Every agent's configuration the tamper guard knows (folders, hook folders, `.mcp.json`…), not a list of its own.
  const places = configPlaces(ws);
  const absent = ws.configAbsent;
  const agents = [
    // An absent folder gets a protected path below it too, so the sandbox blocks it with an empty folder (an empty
    // file in its place would keep the agent from making the folder while Gatehouse runs).
    ...places.folders.flatMap((f) => (absent?.has(f) ? [f, path.join(f, PLACEHOLDER)] : [f])),
    // An absent file is left out: its mount point would be an empty file that the agent then fails to parse.
    ...places.files.filter((f) => absent?.has(f) !== true),
  ];
  const programs = (ws.programDirs ?? []).filter((p) => !workspaces.some((w) => isInside(w, p) || isInside(p, w)));
  const all = [...git, ...agents, ws.gatehouseHome, ...programs];
  return [...new Set(all)].filter((p) => writable.some((w) => isInside(p, w)));
}
