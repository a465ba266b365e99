// fnmatch(3) as find's -name/-path and bash's pattern matching use it: `*`, `?`, bracket sets with `!`/`^` negation and ranges.

/** Where the bracket expression opened at `i` closes (`]` first in the set is literal; `[:alpha:]` is one item), or -1. */
export function bracketEnd(pattern: string, i: number): number {
  let j = i + 1;
  if (pattern[j] === '!' || pattern[j] === '^') j++;
  if (pattern[j] === ']') j++;
  for (; j < pattern.length; j++) {
    if (pattern[j] === '[' && pattern[j + 1] === ':') {
      const close = pattern.indexOf(':]', j + 2);
      if (close > 0) j = close + 1;
    } else if (pattern[j] === ']') return j;
  }
  return -1;
}

/**
 * A pattern as a regular expression. `pathname`: `*` and `?` do not match `/` (bash globs); `period`: a leading `.` of
 * a name must be matched by a literal dot (bash without dotglob). find uses neither; bash filename expansion uses both.
 */
export function fnmatchRegex(pattern: string, opts: { pathname?: boolean; period?: boolean; nocase?: boolean } = {}): RegExp {
  const any = opts.pathname ? '[^/]' : '[\\s\\S]';
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    const atNameStart = i === 0 || (opts.pathname === true && pattern[i - 1] === '/');
    const guard = opts.period && atNameStart ? '(?!\\.)' : '';
    if (c === '*') out += `${guard}${any}*`;
    else if (c === '?') out += `${guard}${any}`;
    else if (c === '[') {
      const end = bracketEnd(pattern, i);
      if (end < 0) {
        out += '\\[';
        continue;
      }
      let body = pattern.slice(i + 1, end);
      const negate = body.startsWith('!') || body.startsWith('^');
      if (negate) body = body.slice(1);
      const set = body.replace(/[\\\]]/g, '\\$&').replace(/\[:(\w+):\\\]/g, (_m, n: string) => `[:${n}:]`);
      const cls = `[${negate ? '^' : ''}${set.replace(/\[:alpha:\]/g, 'a-zA-Z').replace(/\[:digit:\]/g, '0-9').replace(/\[:alnum:\]/g, 'a-zA-Z0-9').replace(/\[:upper:\]/g, 'A-Z').replace(/\[:lower:\]/g, 'a-z').replace(/\[:space:\]/g, '\\s')}${negate && opts.pathname ? '/' : ''}]`;
      // A set that names `.` itself may match a leading dot (taken as matching, which only asks more); others may not.
      out += (negate || !body.includes('.') ? guard : '') + cls;
      i = end;
    } else if (c === '\\' && i + 1 < pattern.length) out += pattern[++i]!.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    else out += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${out}$`, opts.nocase ? 'i' : '');
}

/**
 * The files a ripgrep glob (`rg -g`, the Grep tool's `glob`) picks below `root`, as a test on absolute paths: a glob
 * without `/` matches names at any depth, one with `/` the path below the root; `*` is taken to cross `/` and dots
 * (an over-approximation, so only more files are judged). ripgrep's globs override its ignore rules.
 */
export function ripgrepGlobFilter(glob: string, root: string): (path: string) => boolean {
  const alts = glob.split(/[{},]/).length > 1 ? expandOneBrace(glob) : [glob];
  const tests = alts.map((g) => ({ re: fnmatchRegex(g.replace(/^\//, '').replace(/(^|\/)\*\*\//g, '$1*'), {}), name: !g.replace(/^\*\*\//, '').includes('/') }));
  const base = root.replace(/\/+$/, '');
  return (p) => {
    const rel = p.startsWith(`${base}/`) ? p.slice(base.length + 1) : p;
    const name = rel.slice(rel.lastIndexOf('/') + 1);
    return tests.some((t) => t.re.test(t.name ? name : rel));
  };
}

function expandOneBrace(glob: string, depth = 0): string[] {
  const m = /\{([^{}]*)\}/.exec(glob);
  if (!m || depth > 4) return [glob];
  return m[1]!.split(',').flatMap((alt) => expandOneBrace(glob.slice(0, m.index) + alt + glob.slice(m.index + m[0].length), depth + 1)).slice(0, 64);
}
