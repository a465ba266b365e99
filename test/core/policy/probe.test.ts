// The workspace probe and the SLBP read tiers on a REAL git repo built by the corpus script.
import { appendFileSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProbeError, expandGlobPath, probeWorkspace, resolvePhysical } from '../../../main/core/policy/workspace/probe.js';
import { readTier } from '../../../main/core/policy/vouch/tiers.js';
import { type Fixture, makeFixture } from './fixture.js';
import { withEnv } from './ignore-fixtures.js';

let fx: Fixture;
beforeAll(() => {
  fx = makeFixture();
  writeFileSync(path.join(fx.gatehouseHome, 'endpoint.json'), JSON.stringify({ url: 'http://127.0.0.1:1', token: 't', pid: 4242 }));
});
afterAll(() => fx.cleanup());

async function tier(p: string): Promise<{ allowed: boolean; reason: string }> {
  const ws = await probeWorkspace(fx.ws, fx.home, fx.gatehouseHome, [p]);
  return readTier(ws.paths.get(p)!, ws.realCwd!);
}

describe('read tiers on a real repo', () => {
  it.each([
    // [path relative to ws (or absolute with {ROOT}), allowed, reason fragment]
    ['src/app.ts', true, 'inside the workspace'],
    ['{WS}/README.md', true, 'inside the workspace'],
    ['notes.md', true, 'inside the workspace'], // untracked, not ignored
    ['src/new-file.ts', true, 'inside the workspace'], // does not exist yet
    ['src', true, 'inside the workspace'],
    ['.', true, 'inside the workspace'],
    ['.env', false, 'gitignored'],
    ['debug.log', false, 'gitignored'],
    ['build/out.js', false, 'gitignored'], // inside an ignored directory
    ['build', false, 'gitignored'],
    ['secrets', false, 'gitignored'],
    ['secrets/key.pem', false, 'gitignored'],
    ['.git/config', false, 'inside .git'],
    ['{WS}/.git/HEAD', false, 'inside .git'],
    ['link-out', false, 'outside the workspace'], // tracked symlink pointing outside
    ['untracked-link', false, 'outside the workspace'],
    ['src/link-etc/passwd', false, 'outside the workspace'], // symlinked dir to /etc
    ['src/link-etc/../../.env', false, 'outside the workspace'], // `..` climbs from the link target, like the OS
    ['../outside/secret.txt', false, 'outside the workspace'],
    ['src/../../outside/secret.txt', false, 'outside the workspace'],
    ['{ROOT}/ws-evil/file.txt', false, 'outside the workspace'], // prefix twin
    ['/etc/passwd', false, 'outside the workspace'],
    ['/proc/self/root/etc/passwd', false, 'outside the workspace'],
    ['/proc/self/root{WS}/src/app.ts', false, 'outside the workspace'],
    ['/proc/self/cwd/src/app.ts', false, 'outside the workspace'],
    ['/dev/fd/0', false, 'outside the workspace'],
  ])('%s → %s', async (p, allowed, fragment) => {
    const r = await tier(p.replaceAll('{WS}', fx.ws).replaceAll('{ROOT}', fx.root));
    expect(r.reason).toContain(fragment);
    expect(r.allowed).toBe(allowed);
  });

  it('applies a .gitignore edit at once', async () => {
    expect((await tier('notes.md')).allowed).toBe(true);
    appendFileSync(path.join(fx.ws, '.gitignore'), 'notes.md\n');
    expect(await tier('notes.md')).toMatchObject({ allowed: false, reason: expect.stringContaining('gitignored') });
  });

  it('flags a secret-looking file even when git does not ignore it', async () => {
    writeFileSync(path.join(fx.ws, 'id_rsa'), 'k');
    expect(await tier('id_rsa')).toMatchObject({ allowed: false, reason: expect.stringContaining('credentials') });
  });

  it('treats a symlink that points back inside as inside', async () => {
    symlinkSync(path.join(fx.ws, 'src', 'app.ts'), path.join(fx.outside, 'back-in'));
    const ws = await probeWorkspace(fx.ws, fx.home, fx.gatehouseHome, [path.join(fx.outside, 'back-in')]);
    expect(ws.paths.get(path.join(fx.outside, 'back-in'))).toMatchObject({ insideWorkspace: true, resolved: path.join(fx.ws, 'src', 'app.ts') });
  });
});

describe('probeWorkspace', () => {
  it('answers every path with one git call and records requested and resolved spellings', async () => {
    const ws = await probeWorkspace(fx.ws, fx.home, fx.gatehouseHome, ['link-out', './src/../.env', 'src/app.ts']);
    expect(ws.paths.get('link-out')).toEqual({
      requested: path.join(fx.ws, 'link-out'), resolved: path.join(fx.outside, 'secret.txt'),
      insideWorkspace: false, gitInternal: false, ignored: false, inRepo: false, folder: false,
    });
    expect(ws.paths.get('./src/../.env')).toMatchObject({ requested: path.join(fx.ws, '.env'), ignored: true, inRepo: true });
    expect(ws.paths.get('src/app.ts')).toMatchObject({ ignored: false, inRepo: true, insideWorkspace: true, folder: false });
    expect(ws.gatehousePid).toBe(4242);
  });

  it('tells folders from files, following symlinks', async () => {
    const ws = await probeWorkspace(fx.ws, fx.home, fx.gatehouseHome, ['src', 'src/app.ts', 'missing']);
    expect([ws.paths.get('src')?.folder, ws.paths.get('src/app.ts')?.folder, ws.paths.get('missing')?.folder]).toEqual([true, false, false]);
  });

  it('expands ~ against the given home', async () => {
    const ws = await probeWorkspace(fx.ws, fx.home, fx.gatehouseHome, ['~/.config/Gatehouse/endpoint.json']);
    expect(ws.paths.get('~/.config/Gatehouse/endpoint.json')?.requested).toBe(path.join(fx.gatehouseHome, 'endpoint.json'));
  });

  it('answers outside a git repo without failing (nothing ignored)', async () => {
    const ws = await probeWorkspace(fx.outside, fx.home, fx.gatehouseHome, ['secret.txt']);
    expect(ws.paths.get('secret.txt')).toMatchObject({ insideWorkspace: true, inRepo: false, ignored: false });
  });

  it.each([['src/a\0b'], ['src/\uD800x'], ['']])('refuses an unusable path %j', async (p) => {
    await expect(probeWorkspace(fx.ws, fx.home, fx.gatehouseHome, [p])).rejects.toThrow(ProbeError);
  });

  it('judges a glob word bash expands by what it matches, without a git start', async () => {
    const noGit = path.join(fx.root, 'no-git-here');
    mkdirSync(noGit, { recursive: true });
    // `src/*.ts` names tracked files, so git would take the word itself as a pathspec: it is never opened, nor asked.
    const ws = await withEnv({ ...process.env, PATH: noGit }, () => probeWorkspace(fx.ws, fx.home, fx.gatehouseHome, ['src/*.ts', '*.log']));
    expect(ws.globMatches?.get('src/*.ts')).toContain(path.join(fx.ws, 'src', 'app.ts'));
    expect(ws.paths.get(path.join(fx.ws, 'src', 'app.ts'))).toMatchObject({ ignored: false, inRepo: true });
    expect(ws.paths.get(path.join(fx.ws, 'debug.log'))).toMatchObject({ ignored: true, inRepo: true });
  });

  it('still asks about a glob word that is itself a file: bash passes it as it is once its matches are gone', async () => {
    // `[x].log` matches x.log, and is an ignored file of its own: `rm x.log; cat [x].log` reads it.
    writeFileSync(path.join(fx.ws, 'x.log'), 'x\n');
    writeFileSync(path.join(fx.ws, '[x].log'), 'secret\n');
    const ws = await probeWorkspace(fx.ws, fx.home, fx.gatehouseHome, ['[x].log']);
    expect(ws.globMatches?.get('[x].log')).toEqual([path.join(fx.ws, 'x.log')]);
    expect(ws.paths.get('[x].log')).toMatchObject({ ignored: true });
  });

  it('refuses a relative cwd', async () => {
    await expect(probeWorkspace('ws', fx.home, fx.gatehouseHome, [])).rejects.toThrow(/not absolute/);
  });

  it('reports a symlink loop instead of hanging', async () => {
    symlinkSync('loop-b', path.join(fx.ws, 'loop-a'));
    symlinkSync('loop-a', path.join(fx.ws, 'loop-b'));
    expect(() => resolvePhysical(path.join(fx.ws, 'loop-a', 'x'))).toThrow(/symbolic links/);
  });
});

describe('expandGlobPath (what bash would pass for a glob word)', () => {
  it.each([
    ['{WS}/.e*', ['.env']],
    ['{WS}/src/*.ts', ['src/app.ts', 'src/util.ts']],
    ['{WS}/s*/*.pem', ['secrets/key.pem']],
    ['{WS}/README.m?', ['README.md']],
    ['{WS}/[RX]EADME.md', ['README.md']],
    ['{WS}/nothing*', []],
  ])('%s → %j', (glob, rels) => {
    expect(expandGlobPath(glob.replace('{WS}', fx.ws)).sort()).toEqual(rels.map((r) => path.join(fx.ws, r)).sort());
  });

  it('skips dot files for a bare *, as bash does', () => {
    const names = expandGlobPath(path.join(fx.ws, '*')).map((p) => path.basename(p));
    expect(names).toContain('README.md');
    expect(names).not.toContain('.env');
    expect(names).not.toContain('.git');
  });
});
