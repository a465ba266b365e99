// The ignore oracle against git itself: on random trees with random .gitignore files, info/exclude, a global excludes
// file and tracked files (some of them force-added past an ignore rule), every answer the oracle gives equals
// `git check-ignore`'s, and every listing knownUnignored gives equals `git ls-files -co --exclude-standard`'s, for the
// work tree and each of its folders and files; both stay equal across edits, new ignore files, renames, untracking and
// checkouts — and both answer (rather than handing back to git) for everything this grammar writes.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { knownIgnored } from '../../../main/core/policy/workspace/ignore-index/oracle.js';
import { parseIgnoreFile, Unsupported, wildmatchRegex } from '../../../main/core/policy/workspace/ignore-index/patterns.js';
import { readIndex } from '../../../main/core/policy/workspace/ignore-index/index-file.js';
import { expectSameListing, scratch } from './ignore-fixtures.js';

const { root, home, env, git } = scratch('gh-ignore-index-');

/** A small seeded generator (mulberry32), so a failure is reproducible from its seed. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAMES = ['a', 'b', 'c', 'd.txt', 'e.log', '.hidden', 'build', 'x y', 'A.TXT', 'ab'];
const PATTERNS = [
  '*.log', 'b/', '/a', 'a/b', '**/c', 'a/**', 'a/**/d.txt', '!e.log', 'd*', '?.txt', '[ab]', '[!a]*', 'c/', '# comment',
  'build/', '!build/', '/build/e.log', '*.TXT', 'x y', '.hidden', '!*.txt', 'b/**/e.log', '**/b/d.txt', 'e.log   ',
  '[a-c].txt', '!a/', '*', '!d.txt', 'ab/', '/*.txt', 'c/**', '**', '\\#x', 'a/*/e.log', '![ab]',
];

/** Every path below `dir` (files and folders, .git excluded), absolute. */
function allPaths(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === '.git') continue;
    const p = path.join(dir, e.name);
    out.push(p);
    if (e.isDirectory()) allPaths(p, out);
  }
  return out;
}

/** What git check-ignore says of `paths`, run from `ws`. */
function gitIgnored(ws: string, paths: string[]): Set<string> {
  const out = execFileSync('git', ['-c', 'core.fsmonitor=false', 'check-ignore', '--stdin', '-z'], { cwd: ws, env, input: paths.map((p) => `${p}\0`).join(''), encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] }).toString();
  return new Set(out.split('\0').filter((s) => s !== ''));
}

function gitIgnoredOrNone(ws: string, paths: string[]): Set<string> {
  try {
    return gitIgnored(ws, paths);
  } catch (e) {
    if ((e as { status?: number }).status === 1) return new Set();
    throw e;
  }
}

/** Fills `dir` with a random tree and random ignore files; returns the folders made. */
function randomTree(r: () => number, dir: string, depth: number): string[] {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const dirs: string[] = [dir];
  const n = 2 + Math.floor(r() * 4);
  for (let i = 0; i < n; i++) {
    const name = pick(NAMES);
    const p = path.join(dir, name);
    if (existsSync(p)) continue;
    if (depth < 3 && r() < 0.4) {
      mkdirSync(p, { recursive: true });
      dirs.push(...randomTree(r, p, depth + 1));
    } else {
      writeFileSync(p, `${name}\n`);
    }
  }
  if (r() < 0.6) writeFileSync(path.join(dir, '.gitignore'), `${Array.from({ length: 1 + Math.floor(r() * 4) }, () => pick(PATTERNS)).join('\n')}\n`);
  return dirs;
}

function compare(ws: string): { answered: number } {
  const paths = [ws, ...allPaths(ws)];
  if (paths.length === 0) return { answered: 0 };
  const known = knownIgnored(ws, paths, env);
  expect(known, `the oracle handed back to git in ${ws}`).not.toBeNull();
  const expected = gitIgnoredOrNone(ws, paths);
  const rel = (s: Set<string>) => [...s].map((p) => path.relative(ws, p)).sort();
  expect(rel(known!.ignored)).toEqual(rel(expected));
  // What rg and git grep search: the work tree, each folder and each file, as git ls-files lists them.
  for (const under of paths) expectSameListing(ws, under, env);
  return { answered: paths.length };
}

describe('the ignore oracle agrees with git check-ignore', () => {
  it.each(Array.from({ length: 10 }, (_, i) => i + 1))('random tree %i, across edits, renames, untracking and checkouts', (seed) => {
    const r = rng(seed * 7919);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
    const ws = path.join(root, `ws${seed}`);
    mkdirSync(ws);
    git(ws, 'init', '-q', '-b', 'main');
    git(ws, 'config', 'user.email', 't@example.invalid');
    git(ws, 'config', 'user.name', 't');
    writeFileSync(path.join(home, '.config', 'git', 'ignore'), `${pick(PATTERNS)}\n`);
    // The work tree itself, before anything is tracked: `*` or `**` ignores it.
    writeFileSync(path.join(ws, '.gitignore'), `${pick(PATTERNS)}\n`);
    compare(ws);
    const dirs = randomTree(r, ws, 0);
    writeFileSync(path.join(ws, '.git', 'info', 'exclude'), `${pick(PATTERNS)}\n`);
    git(ws, 'add', '-A');
    // Some files tracked past an ignore rule.
    for (const p of allPaths(ws)) if (r() < 0.15) git(ws, 'add', '-f', '--', p);
    git(ws, 'commit', '-q', '--allow-empty', '-m', 'one');
    compare(ws);

    // An edited .gitignore, a new one in a folder, a renamed folder, an untracked file: answers follow at once.
    writeFileSync(path.join(ws, '.gitignore'), `${pick(PATTERNS)}\n${pick(PATTERNS)}\n`);
    compare(ws);
    const sub = pick(dirs);
    writeFileSync(path.join(sub, '.gitignore'), `${pick(PATTERNS)}\n`);
    compare(ws);
    const moved = dirs.filter((d) => d !== ws);
    if (moved.length > 0) {
      const from = pick(moved);
      renameSync(from, `${from}-renamed`);
      compare(ws);
    }
    const tracked = git(ws, 'ls-files').split('\n').filter(Boolean);
    if (tracked.length > 0) {
      git(ws, 'rm', '-q', '--cached', '--', pick(tracked));
      compare(ws);
    }
    git(ws, 'checkout', '-q', '-b', 'other');
    git(ws, 'add', '-A');
    git(ws, 'commit', '-q', '--allow-empty', '-m', 'two');
    git(ws, 'checkout', '-q', 'main');
    compare(ws);
  });

  it.each(['*', '**', '*/', '!*', 'ws'])('answers for the work tree itself, before anything is tracked, under %s', (pattern) => {
    const ws = path.join(root, `root-${Buffer.from(pattern).toString('hex')}`);
    mkdirSync(ws);
    git(ws, 'init', '-q');
    writeFileSync(path.join(ws, '.gitignore'), `${pattern}\n`);
    compare(ws);
  });

  // git check-ignore takes each path as a pathspec: one with glob characters that matches a tracked file is "tracked".
  it.each(PATTERNS.filter((p) => p !== '# comment'))('answers for names with glob characters as git does, under %s', (pattern) => {
    const ws = path.join(root, `glob-${Buffer.from(pattern).toString('hex')}`);
    mkdirSync(path.join(ws, 'ab'), { recursive: true });
    git(ws, 'init', '-q');
    for (const f of ['README.md', 'ab/file', '[x]', 'q*', 'x*.md']) writeFileSync(path.join(ws, f), 'x\n');
    git(ws, 'add', '-f', 'README.md', 'ab/file');
    writeFileSync(path.join(ws, '.gitignore'), `${pattern}\n[x]\nq\\*\n`);
    const names = ['*.md', 'x*.md', '[x]', 'x', 'q*', 'R*', 'a[b]', 'a?', '*', 'zz*', 'sub/[x]', 'a[!b]c', '[]x]', 'd?.txt'];
    const paths = names.map((n) => path.join(ws, n));
    const expected = gitIgnoredOrNone(ws, paths);
    for (const p of paths) {
      const known = knownIgnored(ws, [p], env);
      if (known !== null) expect(known.ignored.has(p), path.relative(ws, p)).toBe(expected.has(p));
    }
    // Names that match nothing tracked are answered here, not by git.
    for (const n of ['x*.md', '[x]', 'q*', 'zz*', 'sub/[x]', 'd?.txt']) expect(knownIgnored(ws, [path.join(ws, n)], env), n).not.toBeNull();
  });

  it('hands a repository nested in the work tree, a linked .gitignore and a case-folding repository back to git', () => {
    const ws = path.join(root, 'odd');
    mkdirSync(path.join(ws, 'inner'), { recursive: true });
    git(ws, 'init', '-q');
    git(path.join(ws, 'inner'), 'init', '-q');
    writeFileSync(path.join(ws, 'inner', 'f'), 'x');
    expect(knownIgnored(ws, [path.join(ws, 'inner', 'f')], env)).toBeNull();
    writeFileSync(path.join(root, 'elsewhere'), '*\n');
    symlinkSync(path.join(root, 'elsewhere'), path.join(ws, '.gitignore'));
    expect(knownIgnored(ws, [path.join(ws, 'g')], env)).toBeNull();
    rmSync(path.join(ws, '.gitignore'));
    expect(knownIgnored(ws, [path.join(ws, 'g')], env)).not.toBeNull();
    git(ws, 'config', 'core.ignoreCase', 'true');
    expect(knownIgnored(ws, [path.join(ws, 'g')], env)).toBeNull();
  });
});

describe('ignore patterns as wildmatch reads them', () => {
  it.each([
    ['**/foo', 'a/b/foo', true],
    ['**/foo', 'foo', true],
    ['a/**/b', 'a/b', true],
    ['a/**/b', 'a/x/y/b', true],
    ['a/**', 'a/x/y', true],
    ['a**b', 'a/b', false],
    ['a*', 'a/b', false],
    ['[!a]*', 'b', true],
    ['[!a]*', 'a', false],
    ['\\*', '*', true],
    ['\\*', 'x', false],
    ['[[:digit:]]x', '1x', true],
  ])('%s matches %s: %s', (pattern, p, expected) => {
    expect(wildmatchRegex(pattern).test(p)).toBe(expected);
  });

  it('refuses what it cannot match as git does, rather than guessing', () => {
    expect(() => parseIgnoreFile('[[:foo:]]\n')).toThrow(Unsupported);
    expect(() => parseIgnoreFile('[a\\]]\n')).toThrow(Unsupported);
  });

  it('reads an index file that holds what it does not model as unknown', () => {
    expect(readIndex(Buffer.from('not an index at all'))).toBeNull();
  });
});
