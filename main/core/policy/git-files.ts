// The files git does not ignore below a folder, in one `git ls-files` call: what rg and git grep search there.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { GitProbeError, gitEnv } from './git-ignore.js';

/**
 * The tracked and untracked-but-not-ignored files below `under` (absolute, inside `dir`'s work tree), absolute; null when
 * `dir` is not in a git work tree (then nothing is ignored).
 */
export function unignoredFiles(dir: string, under: string, timeoutMs = 5_000): Promise<string[] | null> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['-c', 'core.fsmonitor=false', '-C', dir, 'ls-files', '-z', '-co', '--exclude-standard', '--', under], {
      env: gitEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: timeoutMs,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e) => reject(new GitProbeError(`cannot run git ls-files: ${e.message}`)));
    child.on('close', (code, signal) => {
      const stderr = Buffer.concat(err).toString('utf8').trim();
      if (code === 0) {
        const names = Buffer.concat(out).toString('utf8').split('\0').filter((s) => s !== '');
        resolve(names.map((n) => path.join(dir, n)));
      } else if (code === 128 && /not a git repository/i.test(stderr)) resolve(null);
      else reject(new GitProbeError(`git ls-files failed in ${dir}: ${signal ? `killed by ${signal}` : stderr.split('\n')[0] || `exit code ${code}`}`));
    });
  });
}
