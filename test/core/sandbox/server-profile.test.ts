// The folders a sandboxed MCP server works in, and its profile: the folders its arguments name and its working
// directory are writable, their secrets unreadable; the home or `/` as a root refuses the start.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContainedProfile } from '../../../common/domain.js';
import { mayRead, mayWrite } from '../../../main/core/sandbox/profile-check.js';
import { mergeProfiles, serverProfile, serverWorkspaces } from '../../../main/core/sandbox/server-profile.js';
import { type Fixture, makeFixture, rule } from '../policy/fixture.js';

const DIRS = new Set(['/p', '/p/data', '/q', '/home/u', '/']);
const problemOf = (d: string) => (d === '/home/u' ? 'is your home folder' : d === '/' ? 'is the root of the file system' : null);
const isDir = (d: string) => DIRS.has(d);

describe('serverWorkspaces', () => {
  it.each<[string, string[], string, string[] | RegExp]>([
    ['the working directory alone', ['node', 'server.js', '-y'], '/p', ['/p']],
    ['a relative folder argument, resolved from the working directory', ['node', 'fs.js', 'data'], '/p', ['/p', '/p/data']],
    ['a folder elsewhere', ['node', 'fs.js', '/q'], '/p', ['/p', '/q']],
    ['the same folder twice', ['node', 'fs.js', '.', '/p'], '/p', ['/p']],
    ['a home working directory is left out, the named folder kept', ['node', 'fs.js', '/q'], '/home/u', ['/q']],
    ['the home as an argument refuses the start', ['node', 'fs.js', '/home/u'], '/p', /names \/home\/u, which is your home folder/],
    ['`/` as an argument, spelt sideways, refuses the start', ['node', 'fs.js', '../../..'], '/p', /names \/, which is the root/],
    ['nowhere to work refuses the start', ['node', 'fs.js'], '/home/u', /nowhere to work/],
  ])('%s', (_why, argv, cwd, want) => {
    const got = serverWorkspaces(argv, cwd, problemOf, isDir);
    if (want instanceof RegExp) expect('problem' in got ? got.problem : '').toMatch(want);
    else expect(got).toEqual({ workspaces: want });
  });
});

describe('mergeProfiles', () => {
  it('unites what is writable and what is protected, and keeps only the hosts every folder allows', () => {
    const a: ContainedProfile = { writable: ['/p', '/tmp'], unwritable: ['/p/.git/hooks'], unreadable: ['/p/**/.env'], hosts: ['a.test', 'b.test'] };
    const b: ContainedProfile = { writable: ['/q', '/tmp'], unwritable: ['/q/.claude'], unreadable: ['/q/**/.env'], hosts: ['b.test'] };
    expect(mergeProfiles([a, b])).toEqual({ writable: ['/p', '/tmp', '/q'], unwritable: ['/p/.git/hooks', '/q/.claude'], unreadable: ['/p/**/.env', '/q/**/.env'], hosts: ['b.test'] });
  });
});

describe('serverProfile on a fixture workspace', () => {
  let fx: Fixture;
  let other: string;
  const savedTmp = process.env.TMPDIR;
  beforeAll(() => {
    fx = makeFixture();
    // The temp folder every profile makes writable, apart from the home and the folders under test (all in /tmp here).
    mkdirSync(path.join(fx.root, 'tmp'));
    process.env.TMPDIR = path.join(fx.root, 'tmp');
    other = path.join(fx.root, 'data');
    mkdirSync(other);
    writeFileSync(path.join(other, '.env'), 'X=1\n');
  });
  afterAll(() => {
    if (savedTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmp;
    fx.cleanup();
  });

  it('the workspace and a named folder are writable, not their git hooks nor agent settings; their secrets, the credentials and Gatehouse are unreadable', async () => {
    const rules = [rule('allow', 'Network(domain:registry.npmjs.org)'), rule('deny', 'Read(./private/**)')];
    const p = await serverProfile(['node', 'fs.js', other], fx.ws, { rules, home: fx.home, gatehouseHome: fx.gatehouseHome, now: new Date() });
    for (const w of [path.join(fx.ws, 'src', 'x.ts'), path.join(other, 'new.txt')]) expect(mayWrite(p, w), w).toBe(true);
    for (const w of [path.join(fx.ws, '.git', 'hooks', 'pre-commit'), path.join(fx.ws, '.claude', 'settings.json'), path.join(fx.home, 'outside.txt'), path.join(fx.outside, 'x')]) {
      expect(mayWrite(p, w), w).toBe(false);
    }
    for (const r of [path.join(fx.ws, '.env'), path.join(other, '.env'), path.join(fx.home, '.ssh', 'id_rsa'), path.join(fx.gatehouseHome, 'gatehouse.db'), path.join(fx.ws, 'private', 'a')]) {
      expect(mayRead(p, r), r).toBe(false);
    }
    expect(mayRead(p, path.join(fx.ws, 'README.md'))).toBe(true);
    expect(p.hosts).toEqual(['registry.npmjs.org']);
  });
});
