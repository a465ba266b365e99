// knownUnignored on the cases git lists in its own way — a FIFO, a link to a folder, a tracked file gone from disk, an
// ignored folder holding a tracked file — each equal to `git ls-files -co --exclude-standard`; what it does not follow
// (a nested repository, a submodule, a tree too big, a path through a link) handed back to git; and unignoredFiles
// giving git's answer with no git to run for a plain repository, and still answering through git for a nested one.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unignoredFiles } from '../../../main/core/policy/workspace/git-files.js';
import { GitProbeError } from '../../../main/core/policy/workspace/git-query.js';
import { expectSameListing, gitListed, knownListed, scratch, withEnv } from './ignore-fixtures.js';

const { root, env, git } = scratch('gh-unignored-');

/** A fresh repository `name` below the scratch root, with `files` (relative path → content) written. */
function repo(name: string, files: Record<string, string> = {}): string {
  const ws = path.join(root, name);
  mkdirSync(ws);
  git(ws, 'init', '-q', '-b', 'main');
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
    writeFileSync(path.join(ws, rel), text);
  }
  return ws;
}

describe('knownUnignored lists what git ls-files -co --exclude-standard lists', () => {
  it('leaves out a FIFO', () => {
    const ws = repo('fifo', { 'src/a.ts': 'a' });
    execFileSync('mkfifo', [path.join(ws, 'src', 'pipe')]);
    expect(knownListed(ws, ws, env)).toEqual(['src/a.ts']);
    expectSameListing(ws, ws, env);
    expectSameListing(ws, path.join(ws, 'src'), env);
  });

  it('lists a link to a folder as a file, without following it', () => {
    const ws = repo('link', { 'real/f': 'f' });
    symlinkSync('real', path.join(ws, 'alias'));
    expect(knownListed(ws, ws, env)).toEqual(['alias', 'real/f']);
    expectSameListing(ws, ws, env);
    expectSameListing(ws, path.join(ws, 'alias'), env);
  });

  it('lists a tracked file deleted from disk', () => {
    const ws = repo('deleted', { 'docs/gone.md': 'x', 'docs/here.md': 'y' });
    git(ws, 'add', '-A');
    unlinkSync(path.join(ws, 'docs', 'gone.md'));
    expect(knownListed(ws, path.join(ws, 'docs'), env)).toEqual(['docs/gone.md', 'docs/here.md']);
    expectSameListing(ws, ws, env);
    expectSameListing(ws, path.join(ws, 'docs'), env);
    expectSameListing(ws, path.join(ws, 'docs', 'gone.md'), env);
  });

  it('lists only the tracked file of an ignored folder', () => {
    const ws = repo('ignored', { '.gitignore': 'build/\n', 'build/keep': 'k', 'build/out.js': 'o', 'build/sub/.gitignore': '!*\n', 'build/sub/x': 'x' });
    git(ws, 'add', '-f', '--', 'build/keep');
    expect(knownListed(ws, ws, env)).toEqual(['.gitignore', 'build/keep']);
    for (const under of ['', 'build', 'build/sub', 'build/out.js', 'build/keep']) expectSameListing(ws, path.join(ws, under), env);
  });

  it('hands a nested repository and a submodule back to git', () => {
    const nested = repo('nested', { 'a.txt': 'a', 'inner/b.txt': 'b' });
    git(path.join(nested, 'inner'), 'init', '-q');
    expect(knownListed(nested, nested, env)).toBeNull();
    expect(knownListed(nested, path.join(nested, 'inner'), env)).toBeNull();
    // An ignored one is never entered, by git or by this reader.
    writeFileSync(path.join(nested, '.gitignore'), 'inner/\n');
    expectSameListing(nested, nested, env);

    const sub = repo('gitlink', { 'a.txt': 'a' });
    git(sub, 'update-index', '--add', '--cacheinfo', `160000,${'1'.repeat(40)},mod`);
    expect(knownListed(sub, sub, env)).toBeNull();
    expect(knownListed(sub, path.join(sub, 'mod'), env)).toBeNull();
  });

  it('hands back an index whose entries ls-files lists apart: skip-worktree, or in conflict', () => {
    const ws = repo('apart', { 'a.txt': 'a', 'b.txt': 'b' });
    git(ws, 'add', '-A');
    expectSameListing(ws, ws, env);
    git(ws, 'update-index', '--skip-worktree', 'a.txt');
    expect(knownListed(ws, ws, env)).toBeNull();
    expect(gitListed(ws, ws, env)).toEqual(['a.txt', 'b.txt']);
  });

  it('hands back a path through a link, a path outside the work tree and a tree too big to walk at once', () => {
    const ws = repo('odd', { 'real/f': 'f' });
    symlinkSync('real', path.join(ws, 'alias'));
    expect(knownListed(ws, path.join(ws, 'alias', 'f'), env)).toBeNull();
    expect(knownListed(ws, root, env)).toBeNull();
    const big = path.join(ws, 'big');
    mkdirSync(big);
    for (let i = 0; i <= 20_000; i++) writeFileSync(path.join(big, `f${i}`), '');
    expect(knownListed(ws, ws, env)).toBeNull();
    // Ignored, the big folder is never read.
    writeFileSync(path.join(ws, '.gitignore'), 'big/\n');
    expectSameListing(ws, ws, env);
    rmSync(big, { recursive: true });
  }, 60_000);
});

describe('unignoredFiles', () => {
  const noGit = path.join(root, 'no-git-here');
  mkdirSync(noGit, { recursive: true });

  it('gives git ls-files its answer without starting git in a plain repository', async () => {
    const ws = repo('plain', { '.gitignore': '*.log\nout/\n', 'src/a.ts': 'a', 'src/b.log': 'b', 'out/c.js': 'c', 'notes.md': 'n' });
    git(ws, 'add', '-A');
    writeFileSync(path.join(ws, 'src', 'new.ts'), 'n');
    const expected = gitListed(ws, ws, env).map((p) => path.join(ws, p)).sort();
    // No git on PATH: any git start fails, so an answer here came from memory.
    const listed = await withEnv({ ...env, PATH: noGit }, () => unignoredFiles(ws, ws));
    expect(listed?.sort()).toEqual(expected);
    const src = await withEnv({ ...env, PATH: noGit }, () => unignoredFiles(ws, path.join(ws, 'src')));
    expect(src?.sort()).toEqual(expected.filter((p) => p.startsWith(`${ws}/src/`)));
  });

  it('answers through git for a tree holding a nested repository', async () => {
    const ws = repo('nested-files', { 'a.txt': 'a', 'inner/b.txt': 'b' });
    git(path.join(ws, 'inner'), 'init', '-q');
    await expect(withEnv({ ...env, PATH: noGit }, () => unignoredFiles(ws, ws))).rejects.toThrow(GitProbeError);
    const listed = await withEnv(env, () => unignoredFiles(ws, ws));
    expect(listed?.sort()).toEqual(gitListed(ws, ws, env).map((p) => path.join(ws, p)).sort());
    expect(listed).toContain(path.join(ws, 'a.txt'));
  });
});
