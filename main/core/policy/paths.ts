// Path helpers shared by the probe, the rule matcher and the tamper guard: every containment test is by segments.
import path from 'node:path';
import { expandHome } from '../shell/paths.js';

/** Whether this platform's file systems usually compare names case-insensitively (macOS, Windows). */
export const FOLD_CASE_DEFAULT = process.platform === 'darwin' || process.platform === 'win32';

/** Splits an absolute path into its non-empty segments (both separators on Windows). */
export function segments(p: string): string[] {
  // A plain POSIX path (no doubled or trailing separator: most) splits on its slashes as it is.
  if (process.platform !== 'win32' && p !== '' && p.charCodeAt(p.length - 1) !== 0x2f && !p.includes('//')) return (p.charCodeAt(0) === 0x2f ? p.slice(1) : p).split('/');
  return p.split(process.platform === 'win32' ? /[\\/]+/ : /\/+/).filter((s) => s.length > 0);
}

const WIN = process.platform === 'win32';
const SLASH = 0x2f;
const DOT = 0x2e;

/**
 * Whether path.resolve would still change `p`: a doubled separator, a `.`/`..` segment, or a trailing separator after
 * some other character (not a line break). A scan of the separators only: this runs for every protected place and
 * every path on every evaluation, and a dotted folder name (`/.claude`) is normal.
 */
function notNormal(p: string): boolean {
  const last = p.length - 1;
  if (last > 0 && p.charCodeAt(last) === SLASH && !/[\n\r\u2028\u2029]/.test(p[last - 1]!)) return true;
  for (let i = p.indexOf('/'); i !== -1 && i < last; i = p.indexOf('/', i + 1)) {
    const next = p.charCodeAt(i + 1);
    if (next === SLASH) return true;
    if (next !== DOT) continue;
    const after = i + 2 <= last && p.charCodeAt(i + 2) === DOT ? i + 3 : i + 2;
    if (after > last || p.charCodeAt(after) === SLASH) return true;
  }
  return false;
}

function normal(p: string): string {
  return notNormal(p) ? path.posix.resolve(p) : p;
}

/** Where the part of `ck` below `pk` starts (both normal, case-folded as compared), or -1 when it is not inside. */
function belowAt(ck: string, pk: string): number {
  if (ck === pk) return ck.length;
  if (pk === '/') return ck.startsWith('/') ? 1 : -1;
  return ck.length > pk.length && ck.charCodeAt(pk.length) === SLASH && ck.startsWith(pk) ? pk.length + 1 : -1;
}

/** The segments of `child` below `parent` on Windows (either separator), or null when it is not inside. */
function windowsBelowAt(child: string, parent: string, fold: boolean): string[] | null {
  const c = segments(child);
  const p = segments(parent);
  if (c.length < p.length) return null;
  for (let i = 0; i < p.length; i++) if ((fold ? c[i]!.toLowerCase() : c[i]) !== (fold ? p[i]!.toLowerCase() : p[i])) return null;
  return c.slice(p.length);
}

/**
 * `child` relative to `parent` with `/` separators ('' for the same path), or null when it is not inside.
 * Compared by whole segments: a string-prefix test alone would say `/work/app-evil` is inside `/work/app`.
 */
export function relativeInside(child: string, parent: string, fold = FOLD_CASE_DEFAULT): string | null {
  if (WIN) return windowsBelowAt(child, parent, fold)?.join('/') ?? null;
  const c = normal(child);
  const p = normal(parent);
  const at = belowAt(fold ? c.toLowerCase() : c, fold ? p.toLowerCase() : p);
  return at === -1 ? null : c.slice(at);
}

/**
 * Whether `child` is `parent` or lies below it, compared segment by segment (without building the relative path:
 * the tamper guard asks this for every path against every protected place).
 * Threat: a string-prefix test says `/work/app-evil` is inside `/work/app`.
 */
export function isInside(child: string, parent: string, fold = FOLD_CASE_DEFAULT): boolean {
  if (WIN) return windowsBelowAt(child, parent, fold) !== null;
  const c = normal(child);
  const p = normal(parent);
  return belowAt(fold ? c.toLowerCase() : c, fold ? p.toLowerCase() : p) !== -1;
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
