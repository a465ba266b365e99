// Compiling a glob is a hundred times dearer than testing a path with it, and the same few globs (a rule's specifier,
// a glob word a command repeats) are tested on every call: compiled once, kept for the process.
import picomatch from 'picomatch';

type Matcher = (path: string) => boolean;
const KEPT = 2_000;
const matchers = new Map<string, Matcher>();

/** picomatch(glob, options), compiled once per distinct glob and options; the options are picomatch's own. */
export function globMatcher(glob: string, options: picomatch.PicomatchOptions): Matcher {
  const key = JSON.stringify([glob, options]);
  let m = matchers.get(key);
  if (m === undefined) {
    m = picomatch(glob, options);
    if (matchers.size >= KEPT) matchers.clear();
    matchers.set(key, m);
  }
  return m;
}
