// Gitignore-style path specifiers with Claude Code's anchors, matched on normalized absolute paths.
import { describe, expect, it } from 'vitest';
import { pathSpecMatches } from '../../../main/core/policy/rules/path-rule.js';

const ctx = { base: '/ws', home: '/home/u', fold: false };

describe('pathSpecMatches', () => {
  it.each([
    // [specifier, path, expected]
    ['./.env', '/ws/.env', true],
    ['./.env', '/ws/src/.env', false],
    ['.env', '/ws/src/.env', true], // no slash: any depth, like gitignore
    ['.env', '/elsewhere/.env', false],
    ['src/**', '/ws/src', true],
    ['src/**', '/ws/src/a/b.ts', true],
    ['src/**', '/ws/srcx/a.ts', false],
    ['src/**', '/ws-evil/src/a.ts', false],
    ['src/*.ts', '/ws/src/a.ts', true],
    ['src/*.ts', '/ws/src/a/b.ts', false],
    ['*.pem', '/ws/secrets/key.pem', true],
    ['docs/', '/ws/docs/guide.md', true],
    ['/docs/**', '/ws/docs/guide.md', true],
    ['//etc/hostname', '/etc/hostname', true],
    ['//etc/hostname', '/ws/etc/hostname', false],
    ['//etc/**', '/etc/ssh/sshd_config', true],
    ['~/.ssh/**', '/home/u/.ssh/id_rsa', true],
    ['~/.ssh/**', '/ws/.ssh/id_rsa', false],
    ['~', '/home/u/anything', true],
    ['**', '/ws/.git/config', true],
    ['**', '/outside/x', false],
    ['../shared/**', '/shared/x', true],
    ['../shared/**', '/ws/shared/x', false],
    ['src/secret.ts', '/ws/src/secret.ts', true],
    ['src/secret.ts', '/ws/src/secret.tsx', false],
  ])('%s vs %s → %s', (spec, p, expected) => {
    expect(pathSpecMatches(spec, p, ctx)).toBe(expected);
  });

  it('folds case only where the platform does', () => {
    expect(pathSpecMatches('./.ENV', '/ws/.env', { ...ctx, fold: false })).toBe(false);
    expect(pathSpecMatches('./.ENV', '/WS/.env', { ...ctx, fold: true })).toBe(true);
  });
});

describe('pathSpecMatches with glob characters in names', () => {
  it.each([
    ['./file\\[1\\].txt', '/ws/file[1].txt', true],
    ['./file[12].txt', '/ws/file1.txt', true],
    ['./{src,docs}/**', '/ws/docs/a.md', true],
    ['./{src,docs}/**', '/ws/build/a.js', false],
  ])('%s vs %s → %s', (spec, p, expected) => {
    expect(pathSpecMatches(spec, p, { base: '/ws', home: '/home/u', fold: false })).toBe(expected);
  });
});
