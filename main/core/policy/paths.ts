// Path helpers shared by the probe, the rule matcher and the tamper guard: every containment test is by segments.
import path from 'node:path';
import { expandHome } from '../shell/paths.js';

/** Whether this platform's file systems usually compare names case-insensitively (macOS, Windows). */
export const FOLD_CASE_DEFAULT = process.platform === 'darwin' || process.platform === 'win32';

/** Splits an absolute path into its non-empty segments (both separators on Windows). */
export function segments(p: string): string[] {
  return p.split(process.platform === 'win32' ? /[\\/]+/ : /\/+/).filter((s) => s.length > 0);
}

const WIN = process.platform === 'win32';
// Anything path.resolve would still change: doubled separators, `.`/`..` segments, a trailing separator.
const NOT_NORMAL = /\/\/|\/\.\.?(?:\/|$)|.\/$/;

function normal(p: string): string {
  // Cheap includes() first: this runs for every rule on every evaluation.
  return (p.includes('/.') || p.includes('//') || p.endsWith('/')) && NOT_NORMAL.test(p) ? path.posix.resolve(p) : p;
}

/**
 * `child` relative to `parent` with `/` separators ('' for the same path), or null when it is not inside.
 * Compared by whole segments: a string-prefix test alone would say `/work/app-evil` is inside `/work/app`.
 */
export function relativeInside(child: string, parent: string, fold = FOLD_CASE_DEFAULT): string | null {
  if (WIN) {
    const c = segments(child);
    const p = segments(parent);
    if (c.length < p.length) return null;
    for (let i = 0; i < p.length; i++) if ((fold ? c[i]!.toLowerCase() : c[i]) !== (fold ? p[i]!.toLowerCase() : p[i])) return null;
    return c.slice(p.length).join('/');
  }
  const c = normal(child);
  const p = normal(parent);
  const ck = fold ? c.toLowerCase() : c;
  const pk = fold ? p.toLowerCase() : p;
  if (ck === pk) return '';
  const prefix = pk === '/' ? '/' : `${pk}/`;
  return ck.startsWith(prefix) ? c.slice(prefix.length) : null;
}

/**
 * Whether `child` is `parent` or lies below it, compared segment by segment.
 * Threat: a string-prefix test says `/work/app-evil` is inside `/work/app`.
 */
export function isInside(child: string, parent: string, fold = FOLD_CASE_DEFAULT): boolean {
  return relativeInside(child, parent, fold) !== null;
}

/** Expands a leading `~`, `$HOME` or `${HOME}` the way the shell would (one helper with the shell analysis). */
export { expandHome };

/** Makes a path absolute against `base` (after `~` expansion) and removes `.`/`..` lexically. */
export function toAbsolute(p: string, base: string, home: string): string {
  return path.resolve(base, expandHome(p, home));
}

/**
 * Paths that reach the file system through a process's view of it (`/proc/self/root/etc/passwd`,
 * `/proc/123/cwd/x`, `/dev/fd/3`); they are treated as outside every workspace.
 * Threat: `/proc/self/root/<workspace>/x` resolves back inside the workspace yet names a different mount view.
 */
export function isProcessView(p: string): boolean {
  const s = segments(p);
  if (s[0] === 'proc') return true;
  if (s[0] === 'dev' && (s[1] === 'fd' || s[1] === 'stdin' || s[1] === 'stdout' || s[1] === 'stderr')) return true;
  return false;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a path string cannot be used at all, or null.
 * Threat: a NUL byte truncates the path the OS sees; lone surrogates cannot be encoded, so the
 * file opened differs from the one judged.
 */
export function unusablePath(p: string): string | null {
  if (p.includes('\0')) return 'path contains a NUL byte';
  if (LONE_SURROGATE.test(p)) return 'path is not valid Unicode';
  if (p.length === 0) return 'path is empty';
  return null;
}
