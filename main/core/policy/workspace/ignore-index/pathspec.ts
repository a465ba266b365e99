// git check-ignore reads each path it is given as a pathspec: a name with glob characters that matches something the
// index tracks counts as tracked (git says nothing of it), and only otherwise is the name weighed, literally, against
// the ignore files. This says when a tracked file might be matched, erring towards "might" (then git answers).
import type { TrackedSet } from './index-file.js';

/**
 * A pattern matching every name the pathspec `rel` (with `*`, `?` or `[…]`, no backslash) can match and more: `*`
 * crosses folders as a pathspec's does, a bracket stands for any one character, a leading folder matches what is below.
 * Null when `rel` is spelled in a way this does not read (a backslash, an unclosed bracket, a character class).
 */
function widened(rel: string): RegExp | null {
  if (rel.includes('\\') || rel.includes('[:')) return null;
  let re = '';
  for (let i = 0; i < rel.length; i++) {
    const c = rel[i]!;
    if (c === '*') re += '.*';
    else if (c === '?') re += '.';
    else if (c === '[') {
      // `[]…]` and `[!]…]` hold a `]` as their first member.
      let end = rel[i + 1] === '!' || rel[i + 1] === '^' ? i + 2 : i + 1;
      end = rel.indexOf(']', end + 1);
      if (end === -1) return null;
      re += '.';
      i = end;
    } else re += c.replace(/[.+^${}()|\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${re}(?:/.*)?$`, 's');
}

/** Whether git may take `rel` (holding glob characters) for a tracked file; true when unsure. */
export function mayMatchTracked(rel: string, set: TrackedSet): boolean {
  const re = widened(rel);
  if (re === null) return true;
  const literal = rel.slice(0, rel.search(/[*?[]/));
  for (const f of set.files) if (f.startsWith(literal) && re.test(f)) return true;
  return set.gitlinks.some((g) => g.startsWith(literal) && re.test(g));
}
