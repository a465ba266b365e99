// Running git against the shadow repository: plumbing only, with the workspace as the work tree and the shadow's own
// index, so nothing of the person's `.git` (index, refs, stash, config, hooks) is read for writing or changed.
import { execFile } from 'node:child_process';

/** Where one git run works: the shadow repository, the workspace, and the shadow's index for that workspace. */
export interface ShadowPaths {
  gitDir: string;
  workTree: string;
  indexFile: string;
}

// Settings that would make a snapshot differ from the bytes on disk or run the person's programs: line-ending and
// encoding conversion, filesystem monitors, automatic gc while a snapshot is taken.
const SAFE_CONFIG = [
  '-c', 'core.autocrlf=false',
  '-c', 'core.safecrlf=false',
  '-c', 'core.fsmonitor=false',
  '-c', 'core.hooksPath=/dev/null',
  '-c', 'core.symlinks=true',
  '-c', 'core.fileMode=true',
  '-c', 'core.quotePath=false',
  '-c', 'gc.auto=0',
  '-c', 'maintenance.auto=false',
  '-c', 'advice.addIgnoredFile=false',
];

/** The environment a shadow git run sees: this process's, minus every GIT_* variable that could redirect it. */
function shadowEnv(paths: ShadowPaths | null): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) env[k] = v;
  env.GIT_CONFIG_NOSYSTEM = '1';
  env.GIT_TERMINAL_PROMPT = '0';
  env.GIT_OPTIONAL_LOCKS = '0';
  env.GIT_AUTHOR_NAME = env.GIT_COMMITTER_NAME = 'Gatehouse';
  env.GIT_AUTHOR_EMAIL = env.GIT_COMMITTER_EMAIL = 'snapshots@gatehouse.invalid';
  if (paths) {
    env.GIT_DIR = paths.gitDir;
    env.GIT_WORK_TREE = paths.workTree;
    env.GIT_INDEX_FILE = paths.indexFile;
  }
  return env;
}

/** A git run that failed, with git's own message. */
export class GitError extends Error {}

/** Runs `git ARGS` for a shadow (null: no repository, e.g. `init`); resolves with stdout as bytes. */
export function git(paths: ShadowPaths | null, args: readonly string[], input?: string | Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'git',
      [...SAFE_CONFIG, ...args],
      { env: shadowEnv(paths), encoding: 'buffer', maxBuffer: 1024 * 1024 * 1024, cwd: paths?.workTree ?? '/' },
      (err, stdout, stderr) => {
        if (err) reject(new GitError(`git ${args[0]}: ${(stderr.toString('utf8').trim() || err.message).split('\n')[0]}`));
        else resolve(stdout);
      },
    );
    if (input !== undefined) child.stdin?.end(input);
  });
}

/** Runs git and returns its output as one trimmed line (an object id, a ref). */
export async function gitLine(paths: ShadowPaths | null, args: readonly string[], input?: string | Buffer): Promise<string> {
  return (await git(paths, args, input)).toString('utf8').trim();
}
