// Volatile words: the parts of a command that change from one run to the next (a temp file's random name, a PID, a
// port, a timestamp, a hash or UUID), so that "allow similar" survives them. A grant or rule over such a command names
// each volatile part by a placeholder (`Bash(kill <pid>)`, `Bash(curl http://localhost:<port>/)`) that matches one
// shape only: never a `/`, a space, a leading `-` or a dot, so it cannot reach another folder, another word or a flag.

/** The kinds of volatile words, each a placeholder `<kind>` in a rule. */
export type VolatileKind = 'pid' | 'port' | 'time' | 'hash' | 'uuid' | 'tmp';

/** One volatile part of a command: the text it had in this call and its kind. */
export interface VolatilePart {
  text: string;
  kind: VolatileKind;
}

/** What each placeholder matches: a single run of one shape, never a path separator, space, dot run or option. */
export const PLACEHOLDER_SOURCE: Readonly<Record<VolatileKind, string>> = {
  pid: '[1-9][0-9]{0,9}',
  port: '[1-9][0-9]{0,4}',
  time: '(?:[0-9]{4}-[0-9]{2}-[0-9]{2}(?:[T_][0-9]{2}[:-]?[0-9]{2}(?:[:-]?[0-9]{2})?(?:\\.[0-9]{1,9})?Z?)?|[0-9]{10}(?:[0-9]{3})?)',
  hash: '[0-9a-f]{7,64}',
  uuid: '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}',
  tmp: '[A-Za-z0-9_]{6,32}',
};

const KINDS = Object.keys(PLACEHOLDER_SOURCE) as VolatileKind[];
const PLACEHOLDER_TEXT = `<(${KINDS.join('|')})>`;
const PLACEHOLDER = new RegExp(PLACEHOLDER_TEXT, 'g');
const ANY_PLACEHOLDER = new RegExp(PLACEHOLDER_TEXT);

/** Whether a rule word holds a placeholder (then it matches by shape, not letter for letter). */
export function hasPlaceholder(word: string): boolean {
  return ANY_PLACEHOLDER.test(word);
}

/** The anchored regex a rule word with placeholders stands for: its other text literal, each placeholder its shape. */
export function placeholderRegex(word: string): RegExp {
  let out = '';
  let last = 0;
  for (const m of word.matchAll(PLACEHOLDER)) {
    out += escape(word.slice(last, m.index)) + PLACEHOLDER_SOURCE[m[1] as VolatileKind];
    last = m.index + m[0].length;
  }
  return new RegExp(`^${out}${escape(word.slice(last))}$`);
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// Programs whose bare numeric operands are process ids.
const PID_PROGRAMS = new Set(['kill', 'skill', 'renice', 'wait', 'waitpid', 'tail', 'ps', 'lsof', 'strace', 'ltrace', 'gdb', 'py-spy', 'taskset', 'prlimit', 'pstree', 'pmap', 'perf']);
// Options whose value is a process id or a port.
const PID_OPTIONS = new Set(['-p', '--pid', '--pid=']);
const PORT_OPTIONS = new Set(['--port', '-P', '--listen-port', '--inspect-port', '--server-port', '--http-port']);
// Folders that hold temp files: what mktemp and tempfile libraries create names in.
const TEMP_ROOT = /^(?:\/tmp|\/var\/tmp|\/private\/tmp|\/private\/var\/folders\/[^/]+\/[^/]+\/T|\/var\/folders\/[^/]+\/[^/]+\/T)\//;
// A random run in a temp name: letters and digits (and `_`), at least one of each, 6 to 32 long.
const RANDOM_RUN = /[A-Za-z0-9_]{6,32}/g;
// Characters a rule word may not hold for a generalised pattern to be written back as rule text.
const UNWRITABLE = /[\s'"\\()<>*?[\]{}$`;&|]/;

/** A word's volatile parts replaced by placeholders, with the parts; null when nothing in it is volatile. */
interface Generalised {
  word: string;
  parts: VolatilePart[];
}

/**
 * The words of one simple command (as bash reads them, argv[0] the program) with every volatile part replaced by its
 * placeholder, and the parts; null when no word is volatile or a word cannot be written as rule text. The program
 * name, option names (`-9`, `--port=`) and every other part of a path stay exactly as they were.
 */
export function generaliseWords(argv: readonly string[]): { words: string[]; parts: VolatilePart[] } | null {
  if (argv.length < 2 || argv.some((w) => w === '' || UNWRITABLE.test(w))) return null;
  const program = argv[0]!;
  const words = [program];
  const parts: VolatilePart[] = [];
  for (let i = 1; i < argv.length; i++) {
    const g = generaliseWord(argv[i]!, program, argv[i - 1]!);
    words.push(g?.word ?? argv[i]!);
    if (g) parts.push(...g.parts);
  }
  return parts.length === 0 ? null : { words, parts };
}

/** One operand word generalised in the context of its program and the word before it. */
function generaliseWord(word: string, program: string, before: string): Generalised | null {
  if (/^[1-9][0-9]{0,6}$/.test(word)) {
    if (PORT_OPTIONS.has(before) || (before === '-p' && !PID_PROGRAMS.has(program))) return portOf(word) ? whole(word, 'port') : null;
    if (PID_PROGRAMS.has(program) || PID_OPTIONS.has(before)) return whole(word, 'pid');
  }
  const option = /^(--[A-Za-z][\w-]*=)(.*)$/.exec(word);
  if (option) {
    const [, name, value] = option as unknown as [string, string, string];
    const kind: VolatileKind | null = /port/i.test(name) && portOf(value) ? 'port' : /pid/i.test(name) && /^[1-9][0-9]{0,9}$/.test(value) ? 'pid' : null;
    if (kind !== null) return { word: `${name}<${kind}>`, parts: [{ text: value, kind }] };
    const inner = generaliseText(value);
    return inner === null ? null : { word: name + inner.word, parts: inner.parts };
  }
  if (word.startsWith('-')) return null;
  return generaliseText(word);
}

function whole(word: string, kind: VolatileKind): Generalised {
  return { word: `<${kind}>`, parts: [{ text: word, kind }] };
}

function portOf(text: string): boolean {
  return /^[1-9][0-9]{0,4}$/.test(text) && Number(text) <= 65535;
}

/** Ports after a host, UUIDs, timestamps, hashes and temp names inside a word (URL, path, file name). */
function generaliseText(word: string): Generalised | null {
  const parts: VolatilePart[] = [];
  const swap = (re: RegExp, kind: VolatileKind, keep: (m: RegExpExecArray) => boolean = () => true): void => {
    word = word.replace(re, (...args: unknown[]) => {
      const m = args.slice(0, -2) as unknown as RegExpExecArray;
      const text = (m[2] ?? m[0]) as string;
      if (!keep(m)) return m[0];
      parts.push({ text, kind });
      return m[2] === undefined ? `<${kind}>` : `${m[1]}<${kind}>`;
    });
  };
  // A port after a host name in a URL or `host:port` (the host stays as written).
  swap(/^((?:[A-Za-z][A-Za-z0-9+.-]*:\/\/)?(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\]|[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*):)([1-9][0-9]{0,4})(?=$|\/|\?|#)/, 'port', (m) => portOf(m[2]!));
  swap(/(?<![0-9A-Za-z_])[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?![0-9A-Za-z_])/g, 'uuid');
  swap(new RegExp(`(?<![0-9A-Za-z_])${PLACEHOLDER_SOURCE.time}(?![0-9A-Za-z_])`, 'g'), 'time', (m) => /-/.test(m[0]) || timestamp(m[0]));
  // A hash only as a whole word (`git show 3f2a9c1`): inside a name it is as likely a part of it (`id_ed25519`).
  swap(/^[0-9a-f]{7,64}$/, 'hash', (m) => /[0-9]/.test(m[0]) && /[a-f]/.test(m[0]));
  if (TEMP_ROOT.test(word)) {
    const root = TEMP_ROOT.exec(word)![0];
    const rest = word.slice(root.length).replace(RANDOM_RUN, (run) => {
      if (!/[0-9]/.test(run) || !/[A-Za-z]/.test(run) || /<|>/.test(run)) return run;
      parts.push({ text: run, kind: 'tmp' });
      return '<tmp>';
    });
    word = root + rest;
  }
  return parts.length === 0 ? null : { word, parts };
}

/** A 10- or 13-digit number read as seconds or milliseconds since 1970 between 2001 and 2286: a Unix timestamp. */
function timestamp(digits: string): boolean {
  return /^1[0-9]{9}(?:[0-9]{3})?$/.test(digits);
}
