// A .gitignore (or info/exclude, or the global excludes file) read as git reads it (gitignore(5), dir.c, wildmatch.c),
// so the workspace's ignore facts can be answered without starting git. What this reader does not know for certain
// (an unusual bracket expression) makes the whole file Unsupported: the caller then asks git itself.

/** A pattern the reader cannot vouch for matching exactly as git does. */
export class Unsupported extends Error {}

/** One line of an ignore file. */
export interface IgnorePattern {
  /** `!pattern`: re-includes what an earlier pattern excluded. */
  negative: boolean;
  /** `pattern/`: matches folders only. */
  dirOnly: boolean;
  /** No `/` but a trailing one: matched against the last name at any depth; else against the path below the file's folder. */
  basenameOnly: boolean;
  re: RegExp;
}

// Bracket expressions whose meaning is plain: letters, digits and a few punctuation marks, ranges of them, the POSIX
// classes below, and a leading `!` or `^`. Anything else (escapes, `[` inside, other classes) is Unsupported.
const BRACKET = /^\[[!^]?\]?(?:\[:(?:alpha|digit|alnum|upper|lower|space|xdigit|punct):\]|[A-Za-z0-9 ._@%+,=~#-])*\]/;
const CLASSES: Record<string, string> = {
  alpha: 'a-zA-Z', digit: '0-9', alnum: 'a-zA-Z0-9', upper: 'A-Z', lower: 'a-z', space: ' \\t\\n\\r\\f\\v', xdigit: '0-9a-fA-F',
  punct: '!-\\/:-@\\[-`{-~',
};

function escapeRe(c: string): string {
  return c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** A bracket expression at the start of `s` as a regex class (never matching `/`), with its length. */
function bracket(s: string): { re: string; length: number } {
  const m = BRACKET.exec(s);
  if (!m) throw new Unsupported(`bracket expression ${s.slice(0, 20)}`);
  let body = m[0].slice(1, -1);
  const negate = body.startsWith('!') || body.startsWith('^');
  if (negate) body = body.slice(1);
  let set = '';
  for (let i = 0; i < body.length; i++) {
    const cls = /^\[:(\w+):\]/.exec(body.slice(i));
    if (cls) {
      set += CLASSES[cls[1]!]!;
      i += cls[0].length - 1;
    } else if (body[i + 1] === '-' && i + 2 < body.length) {
      if (body[i]! > body[i + 2]!) throw new Unsupported('a reversed range');
      set += `${escapeRe(body[i]!)}-${escapeRe(body[i + 2]!)}`;
      i += 2;
    } else set += escapeRe(body[i]!);
  }
  if (set === '') throw new Unsupported('an empty bracket expression');
  return { re: negate ? `[^/${set}]` : `(?!/)[${set}]`, length: m[0].length };
}

/** wildmatch(pattern) with WM_PATHNAME as a regex: `*`, `?` and sets stop at `/`; `**` between slashes crosses them. */
export function wildmatchRegex(pattern: string): RegExp {
  let out = '';
  for (let i = 0; i < pattern.length; ) {
    const c = pattern[i]!;
    if (c === '*') {
      let j = i;
      while (pattern[j] === '*') j++;
      const starts = i === 0 || pattern[i - 1] === '/';
      if (j - i >= 2 && starts && (j === pattern.length || pattern[j] === '/')) {
        // `**/` matches no folder or any number of them; a trailing `**` everything below.
        if (j === pattern.length) out += '.*';
        else {
          out += '(?:.*/)?';
          j++;
        }
      } else out += '[^/]*';
      i = j;
    } else if (c === '?') {
      out += '[^/]';
      i++;
    } else if (c === '[') {
      const b = bracket(pattern.slice(i));
      out += b.re;
      i += b.length;
    } else if (c === '\\') {
      if (i + 1 >= pattern.length) throw new Unsupported('a trailing backslash');
      out += escapeRe(pattern[i + 1]!);
      i += 2;
    } else {
      out += escapeRe(c);
      i++;
    }
  }
  return new RegExp(`^${out}$`);
}

/** Strips the trailing blanks git strips (spaces not escaped with a backslash). */
function trimTrailing(line: string): string {
  let end = line.length;
  while (end > 0 && line[end - 1] === ' ') {
    let slashes = 0;
    for (let k = end - 2; k >= 0 && line[k] === '\\'; k--) slashes++;
    if (slashes % 2 === 1) break;
    end--;
  }
  return line.slice(0, end);
}

/** The patterns of one ignore file, in file order; throws Unsupported when one cannot be matched exactly. */
export function parseIgnoreFile(text: string): IgnorePattern[] {
  const out: IgnorePattern[] = [];
  for (const raw of text.split('\n')) {
    let line = trimTrailing(raw.endsWith('\r') ? raw.slice(0, -1) : raw);
    if (line === '' || line.startsWith('#')) continue;
    const negative = line.startsWith('!');
    if (negative) line = line.slice(1);
    let dirOnly = false;
    if (line.endsWith('/') && !line.endsWith('\\/')) {
      dirOnly = true;
      line = line.replace(/\/+$/, '');
    }
    if (line === '') continue;
    const basenameOnly = !line.includes('/');
    const body = line.startsWith('/') ? line.slice(1) : line;
    out.push({ negative, dirOnly, basenameOnly, re: wildmatchRegex(body) });
  }
  return out;
}

/** The last pattern of `list` that matches `rel` (a path below the list's folder), or null. */
export function lastMatch(list: readonly IgnorePattern[], rel: string, isDir: boolean): IgnorePattern | null {
  const name = rel.slice(rel.lastIndexOf('/') + 1);
  for (let i = list.length - 1; i >= 0; i--) {
    const p = list[i]!;
    if (p.dirOnly && !isDir) continue;
    if (p.re.test(p.basenameOnly ? name : rel)) return p;
  }
  return null;
}
