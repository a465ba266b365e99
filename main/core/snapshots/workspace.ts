// Which folder a call's snapshot covers: the git work tree holding its working directory, or the folder itself when
// it is not in a repository. What is no project folder (the root, the home, the temp folder, a system folder:
// project-folder.ts) is refused: a snapshot of everything is none, and hashing all of /tmp would hold every call.
import { existsSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { workspaceProblem } from '../policy/workspace/probe.js';

/** The workspace root for a working directory, or why there is none. */
export type WorkspaceRoot = { root: string } | { refused: string };

/** Finds the workspace of `cwd` (resolved through symlinks); pure apart from reading the filesystem. */
export function workspaceRoot(cwd: string | null, gatehouseHome: string, userHome: string = homedir()): WorkspaceRoot {
  if (cwd === null || !cwd.startsWith('/')) return { refused: 'the call has no absolute working directory' };
  let real: string;
  try {
    real = realpathSync(cwd);
  } catch {
    return { refused: `the working directory ${cwd} does not exist` };
  }
  let root = real;
  for (let dir = real; ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) {
      root = dir;
      break;
    }
    if (dirname(dir) === dir) break;
  }
  const home = safeReal(userHome);
  if (root === '/' || root === home) return { refused: `the workspace would be ${root === '/' ? 'the whole filesystem' : 'your whole home folder'}` };
  const problem = workspaceProblem(root, userHome);
  if (problem !== null) return { refused: `the workspace ${root} ${problem}` };
  const gh = safeReal(gatehouseHome);
  if (root === gh || gh.startsWith(`${root}/`) || root.startsWith(`${gh}/`)) return { refused: "the workspace holds Gatehouse's own data folder" };
  return { root };
}

function safeReal(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}
