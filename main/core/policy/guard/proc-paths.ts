// Another process's secrets under /proc, found as the kernel walks a path: `.`, `..` and `//` folded as it folds them,
// `/proc/PID/root` taken as that process's `/`, a `..` out of a link to an unknown place (`/proc/PID/cwd/..`) as
// unknown, and a glob or an expansion in a segment judged as every name it could match.
import { bracketEnd, fnmatchRegex } from '../../shell/words/fnmatch.js';

/** Characters of a segment known only at run time: a parameter, a substitution, a format or a concatenation in code. */
const EXPANSION = /[$`%{}+()]/;
const GLOB = /[*?[]/;
/** A process's entries that hold its secrets or lead to its open files: environment, memory, descriptors, its cwd. */
const SECRET_ENTRIES = ['environ', 'mem', 'fd', 'cwd', 'map_files'];
/** Entries that are links to a place the path does not name (what follows them is below that place). */
const LINKS = ['cwd', 'exe'];
const LINK_FOLDERS = ['fd', 'map_files'];
/** The most readings of one ambiguous path (a glob that could be `root` or not) followed. */
const MAX_READINGS = 8;

/** Whether a path segment (literal, glob or expansion) could be `name`. */
function could(seg: string | undefined, name: string): boolean {
  if (seg === undefined) return false;
  if (seg === name || EXPANSION.test(seg)) return true;
  return GLOB.test(seg) && fnmatchRegex(seg).test(name);
}

/** Whether a segment could be a number: every literal a digit, every bracket set holding one (`*`, `[0-9]*`, `$P`). */
function couldBeNumber(seg: string): boolean {
  if (EXPANSION.test(seg)) return true;
  for (let i = 0; i < seg.length; i++) {
    const c = seg[i]!;
    if (c === '*' || c === '?') continue;
    if (c === '[') {
      const end = bracketEnd(seg, i);
      if (end < 0) return false;
      const set = fnmatchRegex(seg.slice(i, end + 1));
      if (![...'0123456789'].some((d) => set.test(d))) return false;
      i = end;
      continue;
    }
    const literal = c === '\\' ? seg[++i] ?? '' : c;
    if (!/^[0-9]$/.test(literal)) return false;
  }
  return seg.length > 0;
}

/** Whether segments [0,1] could be the folder of a process other than the reader itself (`self`, `thread-self`). */
function otherProcess(segs: readonly string[]): boolean {
  return could(segs[0], 'proc') && segs[1] !== undefined && couldBeNumber(segs[1]);
}

/** Whether segments [0,1] could be any process's folder, the reader's own included. */
function anyProcess(segs: readonly string[]): boolean {
  return could(segs[0], 'proc') && segs[1] !== undefined && (couldBeNumber(segs[1]) || could(segs[1], 'self') || could(segs[1], 'thread-self'));
}

/** Where a process's (or its thread's) own entries start in `segs`: 2 for `/proc/P/x`, 4 for `/proc/P/task/T/x`. */
function entryStarts(segs: readonly string[]): number[] {
  if (!anyProcess(segs)) return [];
  return could(segs[2], 'task') && segs.length > 3 ? [2, 4] : [2];
}

/** One reading of a path: its segments after folding, and whether a `..` climbed out of a place it does not name. */
interface Reading {
  segs: string[];
  lost: boolean;
}

/**
 * The paths `abs` names once the kernel has walked it, one per way its globs could match a `root` link; `lost` when
 * a `..` leaves a link to an unknown place (another process's cwd or descriptor).
 */
function kernelReadings(abs: string): Reading[] {
  // Each reading's segments are changed in place (a path may be long); only a glob that could be `root` copies one.
  let readings: Array<{ segs: string[]; linkAt: number }> = [{ segs: [], linkAt: -1 }];
  const out: Reading[] = [];
  for (const seg of abs.split('/')) {
    if (seg === '' || seg === '.') continue;
    const next: typeof readings = [];
    for (const r of readings) {
      if (seg === '..') {
        if (r.linkAt >= 0 && r.segs.length <= r.linkAt) out.push({ segs: [...r.segs, '..'], lost: true });
        else {
          r.segs.pop();
          next.push(r);
        }
        continue;
      }
      r.segs.push(seg);
      const at = r.segs.length - 1;
      const starts = entryStarts(r.segs);
      const entry = r.linkAt < 0 && starts.includes(at);
      // `/proc/PID/root` is that process's `/` (its chroot aside): the walk starts again there.
      if (entry && could(seg, 'root')) {
        if (seg === 'root') {
          r.segs.length = 0;
          next.push(r);
          continue;
        }
        next.push({ segs: [], linkAt: -1 });
      }
      const link = r.linkAt < 0 && ((entry && LINKS.some((l) => could(seg, l))) || (starts.includes(at - 1) && LINK_FOLDERS.some((l) => could(r.segs[at - 1], l))));
      if (link) r.linkAt = r.segs.length;
      next.push(r);
    }
    if (next.length > MAX_READINGS) out.push({ segs: [], lost: true });
    readings = next.slice(0, MAX_READINGS);
  }
  return [...out, ...readings.map((r) => ({ segs: r.segs, lost: false }))];
}

function secretOf(segs: readonly string[], write: boolean): string | null {
  if (!otherProcess(segs)) return null;
  const shown = `/${segs.join('/')}`;
  if (write && segs.length > 2) return `${shown} is a file of another process (Gatehouse's among them), which writing changes`;
  for (const at of entryStarts(segs)) {
    const entry = SECRET_ENTRIES.find((e) => could(segs[at], e));
    if (entry !== undefined) return `${shown} may be another process's ${entry}, which holds its secrets or opens its files (Gatehouse's approver token and database among them)`;
  }
  return null;
}

/**
 * Why reading (or writing) a path opens another process's secrets, or null.
 * Threat: `cat /proc/./PID/environ`, `/proc/self/../PID/environ`, `/proc/[0-9]*\/environ`, `/proc/PID/task/TID/environ`,
 * `/proc/PID/mem`, `/proc/PID/fd/N` (Gatehouse's open database), `/proc/PID/cwd/../…` show or change Gatehouse's secrets.
 */
export function processSecret(abs: string, write = false): string | null {
  if (!abs.startsWith('/')) return null;
  for (const r of kernelReadings(abs)) {
    if (r.lost) return `${abs} climbs out of a link whose place is unknown (another process's cwd or descriptor)`;
    const why = secretOf(r.segs, write);
    if (why !== null) return why;
  }
  return null;
}

/** Whether folded segments are a folder above another process's secrets (`/`, `/proc`, `/proc/PID`, `/proc/PID/task/T`). */
function above(segs: readonly string[]): boolean {
  if (segs.length === 0) return true;
  if (segs.length === 1) return could(segs[0], 'proc');
  if (!otherProcess(segs)) return false;
  return segs.length === 2 || (could(segs[2], 'task') && segs.length <= 4);
}

/** Why a program reading or changing the whole tree at `abs` reaches another process's secrets, or null. */
export function processSecretsBelow(abs: string): string | null {
  if (!abs.startsWith('/')) return null;
  const hit = kernelReadings(abs).find((r) => r.lost || above(r.segs) || secretOf(r.segs, false) !== null);
  return hit === undefined ? null : `${abs} holds other processes' environments, memory and descriptors (Gatehouse's among them)`;
}

// A path spelled in text: a `/` not inside a word, then everything up to a blank, a quote or a shell or code operator.
const PATH_IN_TEXT = /(?<![\w.~-])\/[^\s'"`;|&<>(),\\]*/g;
// A secret entry named on its own, for code that joins a /proc path at run time (`os.path.join('/proc', pid, 'environ')`).
const SECRET_WORD = /\b(environ|mem|fd|cwd|map_files)\b/;

/**
 * Why some path spelled in text (program text given to an interpreter, a whole command) opens another process's
 * secrets, or null: each path found is walked as the kernel would, and a /proc folder whose rest is computed
 * (`'/proc/' + pid + '/environ'`) counts when the text names a secret entry.
 */
export function processSecretInText(text: string): string | null {
  const named = SECRET_WORD.test(text);
  for (const m of text.matchAll(PATH_IN_TEXT)) {
    const why = processSecret(m[0]);
    if (why !== null) return why;
    if (named && kernelReadings(m[0]).some((r) => r.segs.length > 0 && above(r.segs))) {
      return `${m[0]} is built into a path of another process's ${SECRET_WORD.exec(text)![1]} at run time (Gatehouse's secrets among them)`;
    }
  }
  return null;
}
