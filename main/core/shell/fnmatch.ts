// fnmatch(3) as find's -name/-path and bash's pattern matching use it: `*`, `?`, bracket sets with `!`/`^` negation and ranges.

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
      const end = pattern.indexOf(']', i + (pattern[i + 1] === '!' || pattern[i + 1] === '^' ? 3 : 2));
      if (end < 0) {
        out += '\\[';
        continue;
      }
      let body = pattern.slice(i + 1, end);
      const negate = body.startsWith('!') || body.startsWith('^');
      if (negate) body = body.slice(1);
      const set = body.replace(/[\\\]]/g, '\\$&').replace(/\[:(\w+):\\\]/g, (_m, n: string) => `[:${n}:]`);
      const cls = `[${negate ? '^' : ''}${set.replace(/\[:alpha:\]/g, 'a-zA-Z').replace(/\[:digit:\]/g, '0-9').replace(/\[:alnum:\]/g, 'a-zA-Z0-9').replace(/\[:upper:\]/g, 'A-Z').replace(/\[:lower:\]/g, 'a-z').replace(/\[:space:\]/g, '\\s')}${negate && opts.pathname ? '/' : ''}]`;
      out += guard + cls;
      i = end;
    } else if (c === '\\' && i + 1 < pattern.length) out += pattern[++i]!.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    else out += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${out}$`, opts.nocase ? 'i' : '');
}
