// The ignore files git reads, each parsed again only when its stamp changes: one set of caches behind both the ignore
// oracle and the snapshots' ignore rules (snapshots/fast/ignore-rules.ts).
import { parseIgnoreFile, Unsupported, type IgnorePattern } from './patterns.js';
import { StampedFiles } from './stamped.js';

/** A file git may read otherwise than these readers do (a link, not a plain file, unreadable, an unsupported pattern). */
export const ODD = 'odd' as const;
/** A file as read: its value, null when there is no such file, or ODD. */
export type Parsed<T> = T | null | typeof ODD;

function patternsOf(bytes: Buffer | null): Parsed<IgnorePattern[]> {
  if (bytes === null) return null;
  try {
    return parseIgnoreFile(bytes.toString('utf8'));
  } catch (e) {
    if (e instanceof Unsupported) return ODD;
    throw e;
  }
}

/** Each .gitignore's patterns: git does not follow a .gitignore that is a symbolic link. */
export const ignoreFiles = new StampedFiles<Parsed<IgnorePattern[]>>(patternsOf, ODD);
/** The patterns of info/exclude and of the excludes file: git follows a link for these (and for configs). */
export const wideFiles = new StampedFiles<Parsed<IgnorePattern[]>>(patternsOf, ODD, true);
