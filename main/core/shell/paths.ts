// Path reasoning for command arguments: `~`/`$HOME` expansion, workspace containment, and what must never be destroyed.
import path from 'node:path';
import type { ShellContext } from './types.js';

// `$HOME`, `${HOME}`, and the expansions that still give the (always set) HOME: a default or check that only applies
// when it is unset (`${HOME:-/tmp}`, `${HOME:?}`) and trimming a trailing slash it does not have (`${HOME%/}`).
const HOME_WORD = /^(~|\$HOME|\$\{HOME(?:%%?\/|:?[-=?][^}]*)?\})(?=$|\/)/;

/** Expands a leading `~`, `~user`, `$HOME` or `${HOME}` (or `${HOME%/}`, `${HOME:-x}`) the way the shell would for this user. */
export function expandHome(p: string, home: string): string {
  const m = HOME_WORD.exec(p);
  if (m) return home + p.slice(m[0].length);
  const user = /^~([A-Za-z0-9._-]+)(?=$|\/)/.exec(p);
  if (user) return path.join(path.dirname(home), user[1]!) + p.slice(user[0].length);
  return p;
}

const PROC_ROOT = /^\/proc\/(self|thread-self|\d+)\/root(?=\/|$)/;
// `/proc/self/cwd/…` is the directory the command runs in.
const PROC_CWD = /^\/proc\/(self|thread-self)\/cwd(?=\/|$)/;

// `$PWD`, `${PWD}` and bash's `~+` all name the directory the command runs in.
const PWD = /^(\$(PWD|\{PWD\})|~\+)(?=$|\/)/;

/** `p` with a leading `~`, `~user`, `$HOME`, `$PWD` or `~+` replaced by the folder it names. */
function expandPlace(p: string, cwd: string, home: string): string {
  // Every place word starts with `~` or `$`: most arguments need no regex.
  if (p[0] !== '~' && p[0] !== '$') return p;
  const pwd = PWD.exec(p);
  return pwd ? cwd + p.slice(pwd[0].length) : expandHome(p, home);
}

/**
 * The same path with every `..` left for the file system to resolve, or null when it has none. The kernel follows a
 * symlink before `..`: `src/link-etc/../etc/passwd` is /etc/passwd when src/link-etc points at /etc, though it reads
 * as src/etc/passwd. Threat: `cat src/link-etc/../etc/passwd` under `Bash(cat:*)`.
 */
export function physicalSpelling(p: string, cwd: string, home: string): string | null {
  const x = expandPlace(p, cwd, home);
  if (!x.includes('..') || !x.split('/').includes('..')) return null;
  const joined = path.isAbsolute(x) ? x : `${cwd}/${x}`;
  return joined.replace(/\/\.(?=\/|$)/g, '').replace(/\/{2,}/g, '/');
}

const SLASH = 0x2f;
const DOT = 0x2e;

/** Whether `p` from index `from` on is non-empty `/`-separated names, none empty, `.` or `..` (no trailing `/`). */
function plainNames(p: string, from: number): boolean {
  if (from >= p.length) return false;
  for (let start = from; start <= p.length; ) {
    let end = p.indexOf('/', start);
    if (end === -1) end = p.length;
    const len = end - start;
    if (len === 0 || (p.charCodeAt(start) === DOT && (len === 1 || (len === 2 && p.charCodeAt(start + 1) === DOT)))) return false;
    start = end + 1;
  }
  return true;
}

/**
 * `cwd/rel` when that is what path.resolve would give without any work (a normal absolute `cwd`, a relative `rel`
 * of plain names), else null. Most arguments are such names, and path.resolve is slow for them.
 */
function plainJoin(cwd: string, rel: string): string | null {
  if (process.platform === 'win32' || cwd.charCodeAt(0) !== SLASH || rel.charCodeAt(0) === SLASH || !plainNames(rel, 0)) return null;
  if (cwd.length === 1) return `/${rel}`;
  return plainNames(cwd, 1) ? `${cwd}/${rel}` : null;
}

const GLOB_CHAR = /[*?[]/;

/**
 * An argument made absolute against the directory the command runs in (`$PWD` is that directory). A glob keeps its
 * trailing slash, because bash then matches folders only (`ls -d` of a glob ending in a slash).
 */
export function absolutePath(p: string, cwd: string, home: string): string {
  const x = expandPlace(p, cwd, home);
  // `/proc/self/root/…` (any process's root) is `/…`; `/proc/self/cwd/…` is `cwd/…`.
  const joined = plainJoin(cwd, x) ?? path.resolve(cwd, x);
  const abs = (joined.startsWith('/proc/') ? joined.replace(PROC_ROOT, '').replace(PROC_CWD, cwd) : joined) || '/';
  return GLOB_CHAR.test(p) && p.endsWith('/') && abs !== '/' ? `${abs}/` : abs;
}

/** True when `child` is `parent` or lies below it (lexically, by path segments). */
export function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

const URL_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
const SCP_REMOTE = /^[^/\s]+@[^/\s]+:/;

/** URLs and `host:path` remotes are not local paths. */
export function isRemote(word: string): boolean {
  return URL_SCHEME.test(word) || SCP_REMOTE.test(word);
}

// Disk and memory devices below /dev: the start of each name and what must follow it (`sd` and a drive letter).
const DEVICES: ReadonlyArray<[string, string]> = [
  ['sd', '[a-z]'], ['hd', '[a-z]'], ['vd', '[a-z]'], ['xvd', '[a-z]'], ['nvme', '\\d'], ['mmcblk', '\\d'], ['disk', '\\d'], ['rdisk', '\\d'],
  ['md', '\\d'], ['dm-', '\\d'], ['mapper/', ''], ['disk/by-', ''], ['loop', '\\d'], ['sr', '\\d'], ['nbd', '\\d'], ['zd', '\\d'],
  ['mem', '$'], ['kmem', '$'], ['port', '$'],
];
const BLOCK_DEVICE = new RegExp(`^/dev/(${DEVICES.map(([name, rest]) => name + rest).join('|')})`);
const DEVICE_STARTS = DEVICES.map(([name]) => `/dev/${name}`);

/** True for a raw disk or memory device, or a glob that may match one (`/dev/sd?`): writing there destroys a file system. */
export function isBlockDevice(p: string): boolean {
  const abs = path.posix.normalize(p).replace(PROC_ROOT, '');
  return BLOCK_DEVICE.test(abs) || globMayReach(abs, DEVICE_STARTS);
}

// The kernel's switches for the whole machine: a letter written to sysrq-trigger crashes (`c`), reboots (`b`) or powers
// off (`o`) at once; /sys/power/state suspends it.
const MACHINE_SWITCHES = ['/proc/sysrq-trigger', '/sys/power/state'];

/** Whether writing to `p` (or to what the glob `p` matches) crashes, restarts, suspends or powers off the machine. */
export function isMachineSwitch(p: string): boolean {
  const abs = path.posix.normalize(p).replace(PROC_ROOT, '');
  return MACHINE_SWITCHES.includes(abs) || globMayReach(abs, MACHINE_SWITCHES);
}

// A process folder named by its number or as the calling thread's: it has the same `root` as /proc/self.
const PROC_ANY = /^\/proc\/(\d+|thread-self)(?=\/)/;
// A glob in the process folder's own name (`/proc/*/root/…`): it may be any process's, /proc/self among them.
const PROC_FOLDER_GLOB = /^\/proc\/[^/]*$/;

/**
 * Whether bash may expand the glob `abs` to a path that starts with one of `starts`: every match begins with the text
 * before the glob's first wildcard, so that text and a start must agree as far as both go (`/dev/sd?`, `/d?v/sda`, `/*`
 * may reach /dev/sda; `/dev/tty*` may not). A glob inside /proc may pass through any process's `root` to `/`.
 */
function globMayReach(abs: string, starts: readonly string[]): boolean {
  const at = abs.search(GLOB_CHAR);
  if (at < 0) return false;
  const stem = abs.slice(0, at).replace(PROC_ANY, '/proc/self');
  if (PROC_FOLDER_GLOB.test(stem)) return true;
  const agree = (s: string): boolean => s.startsWith(stem) || stem.startsWith(s);
  return starts.some((s) => agree(s) || agree(`/proc/self/root${s}`));
}

/** What a path is when writing it harms the whole machine (a disk device, a kernel switch), or null: one phrase for every writer. */
export function machineHarm(p: string): string | null {
  if (isBlockDevice(p)) return 'a disk device (its file system is destroyed)';
  return isMachineSwitch(p) ? 'a kernel switch (the machine crashes, restarts, suspends or powers off)' : null;
}

/** Pseudo-files that absorb or pass on output without touching a real file. */
export function isHarmlessSink(p: string): boolean {
  return /^\/dev\/(null|stdout|stderr|stdin|tty|fd\/\d+|zero)$/.test(path.posix.normalize(p));
}

/** Whether a script path is the reader's own stdin (`bash /dev/stdin <<< CODE` runs CODE as `bash <<< CODE` does). */
export function isStdinPath(p: string): boolean {
  return /^\/(dev\/stdin|dev\/fd\/0|proc\/self\/fd\/0)$/.test(p);
}

const SYSTEM_DIRS = new Set([
  '/', '/bin', '/boot', '/dev', '/etc', '/home', '/lib', '/lib32', '/lib64', '/libx32', '/opt', '/proc', '/root',
  '/run', '/sbin', '/srv', '/sys', '/usr', '/var', '/snap', '/Users', '/System', '/Library', '/Applications',
  '/Volumes', '/private', '/nix', '/mnt', '/media', '/usr/bin', '/usr/lib', '/usr/local', '/usr/sbin', '/usr/share', '/var/lib',
]);

/** Folders whose files the system needs to boot and run (not /tmp, /home or /var's scratch space). */
const SYSTEM_FILE_DIRS = ['/bin', '/boot', '/etc', '/lib', '/lib32', '/lib64', '/libx32', '/sbin', '/usr', '/System', '/Library', '/var/lib', '/nix'];

/** Whether an absolute path lies inside a folder of system files (`/etc/passwd`, `/bin/bash`): destroying one breaks the machine. */
export function systemFile(abs: string): boolean {
  return SYSTEM_FILE_DIRS.some((d) => isInside(abs, d) && abs !== d);
}

/** The directory a glob operand would sweep: `/*` → `/`, `src/*.ts` → `src`; the operand itself when it has no glob. */
function globRoot(abs: string): { dir: string; glob: boolean } {
  const segs = abs.split('/');
  const first = segs.findIndex((s) => /[*?[]/.test(s));
  if (first < 0) return { dir: abs, glob: false };
  return { dir: segs.slice(0, first).join('/') || '/', glob: true };
}

// A parameter expansion left in a word (its value unknown here): `$X`, `${X}`, `${X:-WORD}`, `${HOME%x}`, `$1`, `$@`.
const PARAMETER = /\$\{([A-Za-z_][A-Za-z0-9_]*|[0-9@*])([^}]*)\}|\$([A-Za-z_][A-Za-z0-9_]*|[0-9@*])/g;

/**
 * The word as the shell spells it when every variable the context does not know is unset, or null when it has none:
 * `/$X` → `/`, `"$DIR"/*` → `/*`, `${X:-~}` → `~`. HOME is always set: `${HOME:+W}` is W, and any other operation on it
 * (`${HOME%x}`, `${HOME:0}`, `${HOME,,}`) is taken to leave it the home directory.
 */
function unsetSpelling(word: string): string | null {
  if (!word.includes('$')) return null;
  const out = word.replace(PARAMETER, (_all: string, braced: string | undefined, op: string | undefined, bare: string | undefined) => {
    const name = braced ?? bare!;
    if (name === 'HOME' || name === 'PWD') return /^:?\+/.test(op ?? '') ? op!.replace(/^:?\+/, '') : `$${name}`;
    return /^:?[-=]/.exec(op ?? '') ? op!.replace(/^:?[-=]/, '') : '';
  });
  return out === word ? null : out;
}

/**
 * Why deleting (or recursively re-permissioning) this operand would be beyond recovery, or null: as written, or with
 * the variables it names unset (a script's `rm -rf "$DIR"/*` with DIR unset deletes `/*`).
 * Threat: `rm -rf ~`, `rm -rf /*`, `rm -rf .` at the workspace root, `rm -rf /usr`, `rm -rf ..` (the workspace's parent),
 * `rm -rf /$X`, `rm -rf "$HOME/$X"`, `rm -rf ${HOME%x}`.
 */
export function protectedTarget(operand: string, cwd: string, ctx: ShellContext, workspace = true): string | null {
  const why = protectedPlace(operand, cwd, ctx, workspace);
  if (why !== null) return why;
  const unset = unsetSpelling(operand);
  // Only a whole-folder glob counts: `$TMPDIR/jest_*` unset is `/jest_*`, a few names, not everything in /.
  if (unset === null || unset === '' || /[*?[]/.test(unset.replace(/(^|\/)\.?\*$/, ''))) return null;
  const empty = protectedPlace(unset, cwd, ctx, workspace);
  return empty === null ? null : `${empty} (${operand} with its variables unset is ${unset})`;
}

function protectedPlace(operand: string, cwd: string, ctx: ShellContext, workspace: boolean): string | null {
  if (/^~[A-Za-z0-9._-]+\/?$/.test(operand)) return `the home directory of user ${operand.slice(1).replace(/\/$/, '')}`;
  const abs = absolutePath(operand, cwd, ctx.home);
  const { dir, glob } = globRoot(abs);
  const what = glob ? `everything in ${dir}` : dir;
  if (dir === '/') return 'the file system root';
  if (SYSTEM_DIRS.has(dir) || /^\/lib[^/]*$/.test(dir)) return `the system directory ${what}`;
  // `/home/alice`, `/home/$USER`: whatever the name expands to, a user's home directory.
  if (/^\/(home|Users)\/[^/]+$/.test(dir)) return `the home directory ${what}`;
  if (isInside(ctx.home, dir)) return dir === ctx.home ? `the home directory${glob ? ' contents' : ''}` : `${what}, which holds the home directory`;
  if (workspace && isInside(ctx.cwd, dir)) return dir === ctx.cwd ? `the workspace root${glob ? ' contents' : ''}` : `${what}, which holds the workspace`;
  return null;
}
