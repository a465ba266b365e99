// Test helpers: a hash of a folder's files (paths, modes, bytes, link targets) and of a repository's .git.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';

/** A hash of every file below `dir` (skipping `.git` unless `withGit`): what a byte-exact undo must give back. */
export function treeHash(dir: string, withGit = false): string {
  const h = createHash('sha256');
  const walk = (d: string, rel: string): void => {
    for (const name of readdirSync(d).sort()) {
      if (name === '.git' && !withGit && rel === '') continue;
      const p = join(d, name);
      const st = lstatSync(p);
      const r = `${rel}${name}`;
      if (st.isDirectory()) walk(p, `${r}/`);
      else if (st.isSymbolicLink()) h.update(`L ${r} ${readlinkSync(p)}\n`);
      else h.update(`F ${r} ${(st.mode & 0o777).toString(8)} `).update(readFileSync(p)).update('\n');
    }
  };
  walk(dir, '');
  return h.digest('hex');
}

/** The person's git state as they see it: status, stash list, refs, and a hash of everything in .git. */
export function gitState(ws: string): { status: string; stash: string; refs: string; dotGit: string } {
  const run = (...args: string[]) => execFileSync('git', ['-C', ws, ...args], { encoding: 'utf8', env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' } });
  return { status: run('status', '--porcelain=v1', '-uall'), stash: run('stash', 'list'), refs: run('for-each-ref'), dotGit: treeHash(join(ws, '.git'), true) };
}

/** A small real repository: committed files (one executable), an ignored pattern, a stash entry and an untracked file. */
export function makeRepo(ws: string): void {
  const git = (...args: string[]) => execFileSync('git', ['-C', ws, '-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { stdio: 'pipe' });
  git('init', '-q');
  execFileSync('bash', ['-c', `cd '${ws}' && printf 'alpha\\nbeta\\n' > a.txt && printf 'bee\\n' > b.txt && printf 'sea\\n' > c.txt && printf '#!/bin/sh\\necho hi\\n' > run.sh && chmod 755 run.sh && printf '*.log\\n' > .gitignore`]);
  git('add', '-A');
  git('commit', '-qm', 'init');
  execFileSync('bash', ['-c', `cd '${ws}' && printf 'stashed\\n' >> a.txt`]);
  git('stash', '-q');
  execFileSync('bash', ['-c', `cd '${ws}' && printf 'draft\\n' > notes.md && printf 'x' > old.log`]);
}
