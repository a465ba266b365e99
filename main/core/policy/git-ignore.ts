// One `git check-ignore --stdin -z` per evaluation: fresh answers (a `.gitignore` edit applies at once) in ~5 ms.
// simple-git's checkIgnore waits ~50 ms when git prints nothing (STACK.md), so git is run directly. A folder that is
// certainly in no repository is answered without git (no-repository.ts).
import { spawn } from 'node:child_process';
import { certainlyOutsideRepository } from './no-repository.js';

/** What git says about a batch of paths in one work tree. */
export interface IgnoreAnswer {
  /** False when `dir` is not inside a git work tree (nothing is ignored then). */
  inRepo: boolean;
  /** The queried paths git ignores, exactly as they were passed. */
  ignored: Set<string>;
}

/** Thrown when git cannot answer (not installed, timed out, refused the repository). */
export class GitProbeError extends Error {}

/** The environment git runs in: without the GIT_ variables of whoever started Gatehouse. */
export function gitEnv(): NodeJS.ProcessEnv {
  // GIT_DIR / GIT_WORK_TREE / GIT_INDEX_FILE inherited from whoever started Gatehouse would change the answer.
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) env[k] = v;
  return env;
}

/** Asks git which of `paths` (absolute, inside `dir`'s work tree) are ignored. */
export function checkIgnored(dir: string, paths: string[], timeoutMs = 5_000): Promise<IgnoreAnswer> {
  const env = gitEnv();
  if (certainlyOutsideRepository(dir, env)) return Promise.resolve({ inRepo: false, ignored: new Set() });
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['-c', 'core.fsmonitor=false', '-C', dir, 'check-ignore', '--stdin', '-z'], {
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: timeoutMs,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e) => reject(new GitProbeError(`cannot run git check-ignore: ${e.message}`)));
    child.on('close', (code, signal) => {
      const stderr = Buffer.concat(err).toString('utf8').trim();
      if (code === 0 || code === 1) {
        const listed = Buffer.concat(out).toString('utf8').split('\0').filter((s) => s !== '');
        resolve({ inRepo: true, ignored: new Set(listed) });
      } else if (code === 128 && /not a git repository/i.test(stderr)) {
        resolve({ inRepo: false, ignored: new Set() });
      } else {
        const why = signal ? `killed by ${signal}` : stderr.split('\n')[0] || `exit code ${code}`;
        reject(new GitProbeError(`git check-ignore failed in ${dir}: ${why}`));
      }
    });
    child.stdin.on('error', () => undefined); // git may exit before reading everything; 'close' reports it
    child.stdin.end(paths.map((p) => `${p}\0`).join(''));
  });
}
