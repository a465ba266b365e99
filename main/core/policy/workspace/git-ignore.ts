// One `git check-ignore --stdin -z` per evaluation: fresh answers (a `.gitignore` edit applies at once) in ~5 ms. A
// folder that is certainly in no repository is answered without git (no-repository.ts).
import { GIT_SAFETY_BOUND_MS, gitEnv, gitNames } from './git-query.js';
import { knownIgnored } from './ignore-index/oracle.js';
import { certainlyOutsideRepository } from './no-repository.js';

/** What git says about a batch of paths in one work tree. */
export interface IgnoreAnswer {
  /** False when `dir` is not inside a git work tree (nothing is ignored then). */
  inRepo: boolean;
  /** The queried paths git ignores, exactly as they were passed. */
  ignored: Set<string>;
}

/** Asks git which of `paths` (absolute, inside `dir`'s work tree) are ignored. */
export async function checkIgnored(dir: string, paths: string[], timeoutMs = GIT_SAFETY_BOUND_MS): Promise<IgnoreAnswer> {
  // git runs with gitEnv(), where no GIT_ variable names a repository: the folders alone decide. (gitEnv copies the
  // whole environment, ~0.1 ms, so it is built only when git runs.)
  if (certainlyOutsideRepository(dir, {})) return { inRepo: false, ignored: new Set() };
  // Answered from the files git reads when they say it for certain (no git process on the decision path).
  const known = knownIgnored(dir, paths);
  if (known !== null) return known;
  const stdin = paths.map((p) => `${p}\0`).join('');
  const listed = await gitNames(dir, { args: ['check-ignore', '--stdin', '-z'], stdin, answered: [0, 1], env: gitEnv(), timeoutMs });
  return listed === null ? { inRepo: false, ignored: new Set() } : { inRepo: true, ignored: new Set(listed) };
}
