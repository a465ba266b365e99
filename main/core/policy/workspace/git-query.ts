// One read-only git command in a work tree whose output is a NUL-separated list of paths: how the policy asks git
// (check-ignore, ls-files). simple-git's checkIgnore waits ~50 ms when git prints nothing (STACK.md), so git is run
// directly, without the GIT_ variables of whoever started Gatehouse.
import { spawn } from 'node:child_process';

/** Thrown when git cannot answer (not installed, timed out, refused the repository). */
export class GitProbeError extends Error {}

/** The environment git runs in: without the GIT_ variables of whoever started Gatehouse. */
export function gitEnv(): NodeJS.ProcessEnv {
  // GIT_DIR / GIT_WORK_TREE / GIT_INDEX_FILE inherited from whoever started Gatehouse would change the answer.
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) env[k] = v;
  return env;
}

/**
 * How long one git run may take before it is stopped: a safety bound so a hung git never hangs a verdict, far above any
 * real run (milliseconds). A git that does not finish in time makes the probe fail, and the call is asked. No shorter
 * timeout may decide a verdict: a loaded machine must get the same verdict for the same call as an idle one.
 */
export const GIT_SAFETY_BOUND_MS = 120_000;

/** How to run one query. */
export interface GitQuery {
  /** The git subcommand and its arguments (after `-C dir`). */
  args: string[];
  /** Written to git's stdin (null: none). */
  stdin: string | null;
  /** Exit codes that mean "answered" (check-ignore exits 1 when nothing is ignored). */
  answered: readonly number[];
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
}

/** Runs `git -C dir …`; resolves with the NUL-separated names it printed, or null when `dir` is in no git work tree. */
export function gitNames(dir: string, q: GitQuery): Promise<string[] | null> {
  const what = `git ${q.args[0] ?? ''}`;
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['-c', 'core.fsmonitor=false', '-C', dir, ...q.args], {
      env: q.env,
      stdio: [q.stdin === null ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      timeout: q.timeoutMs,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout!.on('data', (b: Buffer) => out.push(b));
    child.stderr!.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e) => reject(new GitProbeError(`cannot run ${what}: ${e.message}`)));
    child.on('close', (code, signal) => {
      const stderr = Buffer.concat(err).toString('utf8').trim();
      if (code !== null && q.answered.includes(code)) resolve(Buffer.concat(out).toString('utf8').split('\0').filter((s) => s !== ''));
      else if (code === 128 && /not a git repository/i.test(stderr)) resolve(null);
      else reject(new GitProbeError(`${what} failed in ${dir}: ${signal ? `killed by ${signal}` : stderr.split('\n')[0] || `exit code ${code}`}`));
    });
    if (q.stdin !== null) {
      child.stdin!.on('error', () => undefined); // git may exit before reading everything; 'close' reports it
      child.stdin!.end(q.stdin);
    }
  });
}
