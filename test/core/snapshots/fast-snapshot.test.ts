// The in-process snapshot (snapshots/fast/) against the git-only one it replaces: on random trees with edits, deletes,
// renames, mode changes, symbolic links, empty folders, ignored files, nested .gitignore files and files a file tool
// wrote though ignored, both give the same tree id, step after step, also after the server restarts (the engine's
// memory dropped); the objects it writes pass `git fsck`; the person's .git is never touched.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeEngines, flushShadow, forgetShadow, heldInMemory } from '../../../main/core/snapshots/fast/engine.js';
import { git } from '../../../main/core/snapshots/git.js';
import { ensureShadow, gitSnapshot, shadowPaths, snapshot } from '../../../main/core/snapshots/shadow.js';
import { tempDir } from '../server/helpers.js';
import { treeHash } from './tree-hash.js';

let root: string;
let ws: string;

beforeEach(() => {
  root = tempDir('gatehouse-fastsnap-');
  ws = join(root, 'ws');
  mkdirSync(ws);
});
afterEach(() => {
  closeEngines(join(root, 'fast', 'snapshots'));
  rmSync(root, { recursive: true, force: true });
});

/** A small seeded generator, so a failing case can be run again. */
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

const sh = (...args: string[]) => execFileSync('git', ['-C', ws, '-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { stdio: 'pipe' });

/** Every file and folder below the workspace (no .git), relative. */
function listing(dir = ws, rel = ''): { files: string[]; dirs: string[] } {
  const out = { files: [] as string[], dirs: [] as string[] };
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (rel === '' && e.name === '.git') continue;
    const r = rel === '' ? e.name : `${rel}/${e.name}`;
    if (e.isDirectory()) {
      out.dirs.push(r);
      const sub = listing(join(dir, e.name), r);
      out.files.push(...sub.files);
      out.dirs.push(...sub.dirs);
    } else out.files.push(r);
  }
  return out;
}

const NAMES = ['a.txt', 'b.ts', 'c.log', 'keep.log', 'top.txt', 'x', 'ü.md', 'z-z', 'z.z', 'build', 'out.tmp'];
const IGNORES = ['*.log\n!keep.log\n', 'build/\n/top.txt\n', '*.tmp\n', 'sub/\n', '', '*\n!*/\n!*.ts\n'];

/** One random change to the workspace; returns a path a file tool wrote, when the change was such a write. */
function mutate(r: () => number): string | null {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const { files, dirs } = listing();
  const dir = r() < 0.3 || dirs.length === 0 ? '' : pick(dirs);
  const at = (name: string) => join(ws, dir, name);
  const op = Math.floor(r() * 11);
  try {
    if (op === 0 || files.length === 0) writeFileSync(at(pick(NAMES)), `content ${r()}\n`);
    else if (op === 1) writeFileSync(join(ws, pick(files)), `edited ${r()}\n`);
    else if (op === 2) unlinkSync(join(ws, pick(files)));
    else if (op === 3) renameSync(join(ws, pick(files)), at(pick(NAMES)));
    else if (op === 4) chmodSync(join(ws, pick(files)), r() < 0.5 ? 0o755 : 0o644);
    else if (op === 5) mkdirSync(at(pick(['sub', 'src', 'build', 'empty', 'deep/er'])), { recursive: true });
    else if (op === 6) symlinkSync(pick(['a.txt', '../x', 'missing', '.']), at(`link${Math.floor(r() * 3)}`));
    else if (op === 7) writeFileSync(at('.gitignore'), pick(IGNORES));
    else if (op === 8 && dirs.length > 0) {
      const d = pick(dirs);
      if (r() < 0.5) rmSync(join(ws, d), { recursive: true, force: true });
      else renameSync(join(ws, d), join(ws, `${d.replace(/\//g, '_')}-moved`));
    } else if (op === 9) {
      const p = at(pick(['c.log', 'out.tmp', 'build/w.bin']));
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, `tool wrote ${r()}\n`);
      return p;
    } else if (op === 10) {
      mkdirSync(at('fresh/inner'), { recursive: true });
      writeFileSync(at('fresh/inner/n.ts'), `n ${r()}\n`);
    }
  } catch {
    // an illegal move (into itself, over a folder): the workspace just stays as it was
  }
  return null;
}

/** A tree's files, for a readable difference. */
async function listTree(paths: ReturnType<typeof shadowPaths>, tree: string): Promise<string[]> {
  flushShadow(paths.gitDir);
  return (await git(paths, ['ls-tree', '-r', '-t', tree])).toString('utf8').split('\n');
}

/** What git's ls-tree says `tree` holds at `files` (mode and blob id by path). */
async function lsTree(paths: ReturnType<typeof shadowPaths>, tree: string, files: string[]): Promise<Record<string, { mode: string; oid: string }>> {
  flushShadow(paths.gitDir);
  const out: Record<string, { mode: string; oid: string }> = {};
  for (const record of (await git(paths, ['ls-tree', '-r', '-z', '--full-tree', tree])).toString('utf8').split('\0')) {
    const tab = record.indexOf('\t');
    const [mode, , oid] = record.slice(0, tab).split(' ');
    if (tab >= 0 && files.includes(record.slice(tab + 1))) out[record.slice(tab + 1)] = { mode: mode!, oid: oid! };
  }
  return out;
}

describe('in-process snapshots', () => {
  for (const seed of [1, 2, 3, 4]) {
    it(`give git's tree id on a random workspace, step after step (seed ${seed})`, async () => {
      const r = rng(seed);
      for (let i = 0; i < 25; i++) mutate(r);
      sh('init', '-q');
      writeFileSync(join(ws, 'tracked.log'), 'tracked though ignored\n');
      sh('add', '-A');
      sh('add', '-f', 'tracked.log');
      sh('commit', '-qm', 'init', '--allow-empty');
      writeFileSync(join(ws, '.git', 'info', 'exclude'), '*.secret\n');
      writeFileSync(join(ws, 'x.secret'), 's\n');
      let dotGit = treeHash(join(ws, '.git'), true);
      const fast = shadowPaths(join(root, 'fast'), ws);
      const slow = shadowPaths(join(root, 'slow'), ws);
      await ensureShadow(slow);
      await ensureShadow(fast); // both seeded with the files the person's git tracks though ignored, at the same moment
      let previous = '';
      for (let step = 0; step < 25; step++) {
        const written = [mutate(r), mutate(r), mutate(r)].filter((p): p is string => p !== null);
        if (step === 15) forgetShadow(fast.gitDir); // the server restarted: the next snapshot starts from the index file
        if (step === 20) {
          writeFileSync(join(ws, '.git', 'info', 'exclude'), '*.secret\nz*\n');
          dotGit = treeHash(join(ws, '.git'), true);
        }
        const want = await gitSnapshot(slow, written);
        const got = await snapshot(fast, written);
        if (got !== want) expect(await listTree(fast, got), `step ${step}`).toEqual(await listTree(slow, want));
        expect(got, `step ${step}`).toBe(want);
        // What a delete's undo check reads of the snapshot just taken: from memory, as git's ls-tree says it.
        const files = [...listing().files, 'no-such-file'];
        const inMemory = heldInMemory(fast.gitDir, got, files);
        // The first snapshot of a new shadow is git's (no index to start from yet); every later one is in memory.
        if (step > 0) expect(inMemory, `step ${step}`).not.toBeNull();
        if (inMemory !== null) expect(Object.fromEntries(inMemory), `step ${step}`).toEqual(await lsTree(fast, got, files));
        if (step > 0 && previous !== got) expect(heldInMemory(fast.gitDir, previous, files), `step ${step}`).toBeNull();
        previous = got;
      }
      expect(treeHash(join(ws, '.git'), true)).toBe(dotGit);
      flushShadow(fast.gitDir);
      flushShadow(fast.gitDir);
    await git(fast, ['fsck', '--strict', '--no-dangling']);
    });
  }

  it('a plain folder, a nested repository (git takes that one) and a workspace emptied', async () => {
    mkdirSync(join(ws, 'src'));
    writeFileSync(join(ws, 'src', 'a.ts'), 'a\n');
    writeFileSync(join(ws, '.gitignore'), 'dist/\n');
    mkdirSync(join(ws, 'dist'));
    writeFileSync(join(ws, 'dist', 'x.js'), 'x\n');
    const fast = shadowPaths(join(root, 'fast'), ws);
    const slow = shadowPaths(join(root, 'slow'), ws);
    await ensureShadow(slow);
    expect(await snapshot(fast)).toBe(await gitSnapshot(slow));
    mkdirSync(join(ws, 'vendor', 'lib'), { recursive: true });
    execFileSync('git', ['-C', join(ws, 'vendor', 'lib'), 'init', '-q']);
    writeFileSync(join(ws, 'vendor', 'lib', 'f'), 'f\n');
    execFileSync('git', ['-C', join(ws, 'vendor', 'lib'), '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'x', '--allow-empty']);
    expect(await snapshot(fast)).toBe(await gitSnapshot(slow));
    rmSync(join(ws, 'vendor'), { recursive: true });
    expect(await snapshot(fast)).toBe(await gitSnapshot(slow));
    for (const n of ['src', 'dist']) rmSync(join(ws, n), { recursive: true });
    unlinkSync(join(ws, '.gitignore'));
    expect(await snapshot(fast)).toBe(await gitSnapshot(slow));
    expect(existsSync(join(fast.gitDir, 'gatehouse-index'))).toBe(true);
    flushShadow(fast.gitDir);
    await git(fast, ['fsck', '--strict', '--no-dangling']);
  });

  it('an edit to an ignore file (global excludes, the config naming it, info/exclude) is seen by the very next snapshot', async () => {
    const saved = { HOME: process.env.HOME, XDG: process.env.XDG_CONFIG_HOME };
    const home = join(root, 'home');
    mkdirSync(join(home, '.config', 'git'), { recursive: true });
    process.env.HOME = home;
    delete process.env.XDG_CONFIG_HOME;
    try {
      sh('init', '-q');
      const make = (n: string) => writeFileSync(join(ws, n), `${n}\n`);
      make('a.aaa');
      const globalIgnore = join(home, '.config', 'git', 'ignore');
      writeFileSync(globalIgnore, '*.aaa\n');
      const fast = shadowPaths(join(root, 'fast'), ws);
      const slow = shadowPaths(join(root, 'slow'), ws);
      await ensureShadow(slow);
      const same = async (step: string, absent: string[]) => {
        const got = await snapshot(fast);
        expect(got, step).toBe(await gitSnapshot(slow));
        const names = await listTree(fast, got);
        for (const n of absent) expect(names.some((l) => l.endsWith(`\t${n}`)), `${step}: ${n}`).toBe(false);
      };
      await same('global excludes', ['a.aaa']);
      await same('again, nothing changed', ['a.aaa']);
      writeFileSync(globalIgnore, '*.bbb\n'); // the same size, right after the last snapshot
      make('b.bbb');
      await same('global excludes edited', ['b.bbb']); // a.aaa is no longer ignored: it joins the snapshot
      writeFileSync(join(home, '.config', 'git', 'other'), '*.ccc\n');
      writeFileSync(join(home, '.gitconfig'), `[core]\n\texcludesFile = ${join(home, '.config', 'git', 'other')}\n`);
      make('c.ccc');
      await same('core.excludesFile set', ['c.ccc']);
      writeFileSync(join(ws, '.git', 'info', 'exclude'), '*.ddd\n');
      make('d.ddd');
      await same('info/exclude edited', ['c.ccc', 'd.ddd']);
      writeFileSync(join(ws, '.git', 'info', 'exclude'), '*.eee\n');
      make('e.eee');
      await same('info/exclude edited again, the same size', ['c.ccc', 'e.eee']);
    } finally {
      process.env.HOME = saved.HOME;
      if (saved.XDG !== undefined) process.env.XDG_CONFIG_HOME = saved.XDG;
    }
  });
});
