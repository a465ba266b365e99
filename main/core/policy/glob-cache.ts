// Compiling a glob is a hundred times dearer than testing a path with it, and the same few globs (a profile's hidden
// paths, a rule's specifier) are tested on every call: compiled once, kept for the process.
import picomatch from 'picomatch';

type Matcher = (path: string) => boolean;
const KEPT = 2_000;
const matchers = new Map<string, Matcher>();

/** picomatch(globs, options), compiled once per distinct globs and options; the options are picomatch's own. */
export function globMatcher(globs: string | readonly string[], options: picomatch.PicomatchOptions): Matcher {
  const key = JSON.stringify([globs, options]);
  let m = matchers.get(key);
  if (m === undefined) {
    m = picomatch(typeof globs === 'string' ? globs : [...globs], options);
    if (matchers.size >= KEPT) matchers.clear();
    matchers.set(key, m);
  }
  return m;
}
