// The files git does not ignore below a folder, as `git ls-files` lists them: what rg and git grep search there.
// Answered from the files git reads when that is certain (ignore-index/unignored.ts), else by one git call.
import path from 'node:path';
import { GIT_SAFETY_BOUND_MS, gitEnv, gitNames } from './git-query.js';
import { knownUnignored } from './ignore-index/unignored.js';

/**
 * The tracked and untracked-but-not-ignored files below `under` (absolute, inside `dir`'s work tree), absolute; null when
 * `dir` is not in a git work tree (then nothing is ignored).
 */
export async function unignoredFiles(dir: string, under: string, timeoutMs = GIT_SAFETY_BOUND_MS): Promise<string[] | null> {
  // No git process on the decision path when the files git reads say it for certain.
  const known = knownUnignored(dir, under);
  if (known !== null) return known;
  const args = ['ls-files', '-z', '-co', '--exclude-standard', '--', under];
  const names = await gitNames(dir, { args, stdin: null, answered: [0], env: gitEnv(), timeoutMs });
  return names === null ? null : names.map((n) => path.join(dir, n));
}
