// Whether git would find no repository for a folder, told without running git: a tool call naming a file of a
// workspace that is in no repository spawned `git check-ignore` every time (2–8 ms) only to hear "not a git
// repository". Conservative: anything git could take for a repository, or any doubt, answers false and git is asked.
import { lstatSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';

/** Variables that point git at a repository wherever it runs. */
const REPOSITORY_VARIABLES = ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_COMMON_DIR'];
/** What git's discovery stops at in a folder: `.git` (folder, file or link), or HEAD (the folder is a bare repository). */
const DISCOVERY_MARKERS = ['.git', 'HEAD'];

/** Whether `p` certainly does not exist (any other answer, an unreadable folder included, is doubt). */
function certainlyAbsent(p: string): boolean {
  try {
    return lstatSync(p, { throwIfNoEntry: false }) === undefined;
  } catch {
    return false;
  }
}

/** Whether no folder from `dir` up to the root holds a discovery marker. */
function noMarkerUpFrom(dir: string): boolean {
  for (let d = dir; ; d = path.dirname(d)) {
    if (!DISCOVERY_MARKERS.every((m) => certainlyAbsent(path.join(d, m)))) return false;
    if (path.dirname(d) === d) return true;
  }
}

/**
 * True only when git run in `dir` (absolute) with `env` would certainly say "not a git repository": `dir` is an existing
 * folder, `env` names no repository, and neither `dir` nor any ancestor (as spelled and as resolved) holds `.git` or HEAD.
 */
export function certainlyOutsideRepository(dir: string, env: NodeJS.ProcessEnv): boolean {
  if (!path.isAbsolute(dir) || REPOSITORY_VARIABLES.some((k) => env[k] !== undefined)) return false;
  let real: string;
  try {
    if (!statSync(dir).isDirectory()) return false;
    real = realpathSync.native(dir);
  } catch {
    return false;
  }
  const spelled = path.resolve(dir);
  return noMarkerUpFrom(real) && (spelled === real || noMarkerUpFrom(spelled));
}
