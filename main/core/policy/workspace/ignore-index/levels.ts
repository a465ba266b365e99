// The ignore levels that apply to a path, and the last pattern among them that decides it, as git weighs them.
import { lastMatch, type IgnorePattern } from './patterns.js';

/** One ignore file's patterns and the folder (below the work tree, '' for its root) they are relative to. */
export interface Level {
  base: string;
  patterns: readonly IgnorePattern[];
}

/** The last pattern any level decides `rel` with, deepest .gitignore first, then the repository-wide files. */
export function decide(rel: string, isDir: boolean, levels: readonly Level[], wide: readonly Level[]): IgnorePattern | null {
  for (let i = levels.length - 1; i >= 0; i--) {
    const l = levels[i]!;
    const sub = l.base === '' ? rel : rel.slice(l.base.length + 1);
    const m = lastMatch(l.patterns, sub, isDir);
    if (m !== null) return m;
  }
  for (const l of wide) {
    const m = lastMatch(l.patterns, rel, isDir);
    if (m !== null) return m;
  }
  return null;
}

/** Whether the levels exclude `rel`: the pattern that decides it is not a negated one. */
export function ignores(rel: string, isDir: boolean, levels: readonly Level[], wide: readonly Level[]): boolean {
  const m = decide(rel, isDir, levels, wide);
  return m !== null && !m.negative;
}
