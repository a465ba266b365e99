// The no-repository shortcut of checkIgnored on real folders: a workspace in no repository is answered without
// spawning git (proved by hiding git from PATH), and every kind of repository git can find is still asked of git.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIgnored } from '../../../main/core/policy/workspace/git-ignore.js';
import { GitProbeError } from '../../../main/core/policy/workspace/git-query.js';
import { certainlyOutsideRepository } from '../../../main/core/policy/workspace/no-repository.js';

let root: string;
const at = (...parts: string[]) => path.join(root, ...parts);
const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-C', cwd, ...args], { stdio: 'ignore' });

/** Runs `fn` with git impossible to find: a spawn fails, so an answer proves git was not run. */
async function withoutGit<T>(fn: () => Promise<T>): Promise<T> {
  const saved = process.env.PATH;
  process.env.PATH = at('empty-bin');
  try {
    return await fn();
  } finally {
    process.env.PATH = saved;
  }
}

beforeAll(() => {
  root = realpathSync(mkdtempSync(path.join(tmpdir(), 'gh-norepo-')));
  mkdirSync(at('empty-bin'));
  mkdirSync(at('plain', 'sub'), { recursive: true });
  symlinkSync(at('plain', 'sub'), at('link-to-plain'));
  mkdirSync(at('repo', 'src'), { recursive: true });
  git(at('repo'), 'init', '-q');
  writeFileSync(at('repo', '.gitignore'), '*.log\n');
  writeFileSync(at('repo', 'src', 'a.ts'), '');
  git(at('repo'), '-c', 'user.name=t', '-c', 'user.email=t@t', 'add', '.');
  git(at('repo'), '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '-m', 'init');
  git(at('repo'), 'worktree', 'add', '-q', at('worktree'));
  mkdirSync(at('plain-in-repo-link'));
  symlinkSync(at('repo', 'src'), at('plain-in-repo-link', 'src'));
  git(root, 'init', '-q', '--bare', at('bare.git'));
  mkdirSync(at('broken-link', 'ws'), { recursive: true });
  symlinkSync(at('nowhere'), at('broken-link', '.git'));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('checkIgnored outside any repository', () => {
  it.each([['plain'], ['plain/sub'], ['link-to-plain']])('answers %s "not in a repository" without running git', async (dir) => {
    const answer = await withoutGit(() => checkIgnored(at(dir), [at(dir, 'x.log')]));
    expect(answer).toEqual({ inRepo: false, ignored: new Set() });
  });
});

describe('checkIgnored where git may find a repository still asks git', () => {
  it.each([
    ['plain-in-repo-link/src', 'a link into a repository'],
    ['bare.git', 'a bare repository (HEAD in the folder)'],
    ['bare.git/refs', 'a folder inside a bare repository'],
    ['broken-link/ws', 'an ancestor whose .git is a dangling link'],
    ['missing', 'a folder that does not exist'],
  ])('%s (%s)', async (dir) => {
    await expect(withoutGit(() => checkIgnored(at(dir), [at(dir, 'x.log')]))).rejects.toThrow(GitProbeError);
  });

  it.each([['repo'], ['repo/src'], ['worktree']])('and git answers %s with what it ignores', async (dir) => {
    const answer = await checkIgnored(at(dir), [at(dir, 'x.log'), at(dir, 'a.ts')]);
    expect(answer).toEqual({ inRepo: true, ignored: new Set([at(dir, 'x.log')]) });
  });

  // The ignore oracle (ignore-index/) reads what git reads: a repository it follows is answered without a git process.
  it.each([['repo'], ['repo/src'], ['worktree']])('or the files git reads answer %s the same, with no git to run', async (dir) => {
    const answer = await withoutGit(() => checkIgnored(at(dir), [at(dir, 'x.log'), at(dir, 'a.ts')]));
    expect(answer).toEqual({ inRepo: true, ignored: new Set([at(dir, 'x.log')]) });
  });
});

describe('certainlyOutsideRepository', () => {
  it('doubts when the environment names a repository', () => {
    expect(certainlyOutsideRepository(at('plain'), {})).toBe(true);
    for (const name of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_COMMON_DIR']) {
      expect(certainlyOutsideRepository(at('plain'), { [name]: at('repo', '.git') })).toBe(false);
    }
  });

  it('doubts a relative folder or a file', () => {
    expect(certainlyOutsideRepository('plain', {})).toBe(false);
    writeFileSync(at('plain', 'file'), '');
    expect(certainlyOutsideRepository(at('plain', 'file'), {})).toBe(false);
  });
});
