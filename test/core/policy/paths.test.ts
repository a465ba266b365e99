// Segment-wise containment and the path checks every other decision builds on.
import { describe, expect, it } from 'vitest';
import { isInside, isProcessView, relativeInside, unusablePath } from '../../../main/core/policy/paths.js';

describe('isInside / relativeInside', () => {
  it.each([
    ['/work/app/src/x.ts', '/work/app', 'src/x.ts'],
    ['/work/app', '/work/app', ''],
    ['/work/app/', '/work/app', ''],
    ['/work/app', '/work/app/', ''],
    ['/work/app-evil/x', '/work/app', null],
    ['/work/apple', '/work/app', null],
    ['/work', '/work/app', null],
    ['/work/app/../app-evil/x', '/work/app', null],
    ['/work/app/./src//x.ts', '/work/app', 'src/x.ts'],
    ['/anything', '/', 'anything'],
    ['/', '/', ''],
    ['/Work/App/x', '/work/app', null],
  ])('%s in %s → %j', (child, parent, rel) => {
    expect(relativeInside(child, parent, false)).toBe(rel);
    expect(isInside(child, parent, false)).toBe(rel !== null);
  });

  it('folds case when asked (macOS, Windows)', () => {
    expect(relativeInside('/Work/App/X', '/work/app', true)).toBe('X');
    expect(isInside('/WORK/APP-EVIL', '/work/app', true)).toBe(false);
  });
});

describe('isProcessView', () => {
  it.each([
    ['/proc/self/root/etc/passwd', true],
    ['/proc/123/cwd/x', true],
    ['/dev/fd/3', true],
    ['/dev/stdin', true],
    ['/dev/null', false],
    ['/process/x', false],
    ['/work/proc/self', false],
  ])('%s → %s', (p, expected) => expect(isProcessView(p)).toBe(expected));
});

describe('unusablePath', () => {
  it.each([
    ['/a\0b', /NUL/],
    ['/a\uD800', /Unicode/],
    ['/a\uDC00b', /Unicode/],
    ['', /empty/],
  ])('%j → %s', (p, why) => expect(unusablePath(p)).toMatch(why));
  it('accepts ordinary and astral paths', () => {
    expect(unusablePath('/ws/ünï/😀.ts')).toBeNull();
  });
});
