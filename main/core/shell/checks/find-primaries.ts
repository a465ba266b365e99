// find's expression words, from the GNU findutils manual (and the BSD ones macOS adds), as data: how many values each
// takes and which of those values name a file find opens. An expression word not listed here is asked about.

/** One expression word: its value count, and the indexes (1-based, among its values) that name files it reads. */
export interface FindPrimary {
  values: number;
  reads?: readonly number[];
  /** The file's contents come back out (`-files0-from`: each name it holds is printed, or echoed in an error). */
  contents?: boolean;
}

const p = (values: number, reads?: number[]): FindPrimary => (reads ? { values, reads } : { values });

/** Every known expression word (tests, actions handled by checks/find.ts, options, operators). */
export const FIND_PRIMARIES: ReadonlyMap<string, FindPrimary> = new Map([
  // Operators.
  ...['(', ')', '!', ',', '-not', '-a', '-and', '-o', '-or'].map((w) => [w, p(0)] as const),
  // Options that change how find walks, not what it touches.
  ...['-d', '-depth', '-follow', '-ignore_readdir_race', '-noignore_readdir_race', '-mount', '-noleaf', '-xdev', '-daystart', '-warn', '-nowarn', '-help', '--help', '-version', '--version', '-x', '-s', '-E', '-X'].map((w) => [w, p(0)] as const),
  ...['-maxdepth', '-mindepth', '-regextype'].map((w) => [w, p(1)] as const),
  // Tests on names, types, sizes and times: their value is a pattern or a number, never a path find opens.
  ...['-empty', '-executable', '-false', '-true', '-nogroup', '-nouser', '-readable', '-writable'].map((w) => [w, p(0)] as const),
  ...['-amin', '-atime', '-cmin', '-ctime', '-mmin', '-mtime', '-used', '-Bmin', '-Btime', '-context', '-fstype', '-gid', '-group', '-uid', '-user', '-inum', '-links', '-perm', '-size', '-type', '-xtype', '-flags'].map((w) => [w, p(1)] as const),
  ...['-name', '-iname', '-path', '-ipath', '-wholename', '-iwholename', '-regex', '-iregex', '-lname', '-ilname'].map((w) => [w, p(1)] as const),
  // Tests that look at another file (its times, or whether it is the same file): that file is read.
  ...['-newer', '-anewer', '-cnewer', '-Bnewer', '-samefile'].map((w) => [w, p(1, [1])] as const),
  // Start points read from a file.
  ['-files0-from', { values: 1, reads: [1], contents: true }],
  // Actions that print (find.ts judges the ones that write, delete or run).
  ...['-print', '-print0', '-ls', '-prune', '-quit', '-delete'].map((w) => [w, p(0)] as const),
  ['-printf', p(1)],
  ['-fprint', p(1)],
  ['-fprint0', p(1)],
  ['-fls', p(1)],
  ['-fprintf', p(2)],
]);

/**
 * `-newerXY REF`: compares times; REF names a file unless Y is `t` (then it is a date). Returns the primary, or
 * undefined when the word is not one.
 */
export function newerXY(word: string): FindPrimary | undefined {
  const m = /^-newer([aBcm])([aBcmt])$/.exec(word);
  if (!m) return undefined;
  return m[2] === 't' ? p(1) : p(1, [1]);
}

const EXEC_WORDS = new Set(['-exec', '-execdir', '-ok', '-okdir']);

/** One word of find's expression: where it is, what it is (undefined: unknown), and the index of its last value. */
export interface FindWord {
  at: number;
  word: string;
  primary: FindPrimary | undefined;
  /** `-exec …`: the index of its `;` or `+` (or the last word when unterminated). */
  last: number;
}

/** find's start points: the words after its own options (-H -L -P -D x -Ox) and before the expression. */
export function findStart(argv: readonly string[]): { points: string[]; expression: number } {
  let i = 1;
  while (i < argv.length && /^-([HLP]|O\d*)$|^-D$/.test(argv[i]!)) i += argv[i] === '-D' ? 2 : 1;
  const points: string[] = [];
  for (; i < argv.length; i++) {
    const w = argv[i]!;
    if (w.startsWith('-') || w === '(' || w === ')' || w === '!' || w === ',') break;
    points.push(w);
  }
  return { points, expression: i };
}

/** The words of find's expression in order, each with its values skipped (`-mtime -3` is one test, not two). */
export function findExpression(argv: readonly string[]): FindWord[] {
  const out: FindWord[] = [];
  for (let i = findStart(argv).expression; i < argv.length; i++) {
    const word = argv[i]!;
    if (EXEC_WORDS.has(word)) {
      let j = i + 1;
      while (j < argv.length && argv[j] !== ';' && !(argv[j] === '+' && argv[j - 1] === '{}')) j++;
      out.push({ at: i, word, primary: p(0), last: Math.min(j, argv.length - 1) });
      i = j;
      continue;
    }
    const primary = FIND_PRIMARIES.get(word) ?? newerXY(word);
    const last = Math.min(i + (primary?.values ?? 0), argv.length - 1);
    out.push({ at: i, word, primary, last });
    i = last;
  }
  return out;
}

/** Actions: what find does to the entries that reach them (a test after one does not narrow it). */
const ACTIONS = new Set(['-delete', '-exec', '-execdir', '-ok', '-okdir', '-print', '-print0', '-printf', '-fprint', '-fprint0', '-fprintf', '-ls', '-fls']);
/** Operators that make the expression more than a conjunction. */
const OPERATORS = new Set(['-o', '-or', '!', '-not', ',', '(', ')']);

/** A name or path test of find's expression: its pattern, whether it ignores case, and whether it matches the whole path. */
export interface FindNameTest {
  pattern: string;
  nocase: boolean;
  whole: boolean;
}

/**
 * What narrows the entries find's first action gets, when its expression is a plain conjunction (no `-o`, `!`, `,` or
 * grouping): the name and path tests before that action (`find . -delete -name x` deletes everything), with every word
 * of the expression; null for any other expression, or a test missing its pattern (find refuses the command).
 */
export function findNarrowing(argv: readonly string[]): { tests: FindNameTest[]; words: string[] } | null {
  const expression = findExpression(argv);
  if (expression.some((w) => OPERATORS.has(w.word))) return null;
  const tests: FindNameTest[] = [];
  for (const w of expression) {
    if (ACTIONS.has(w.word)) break;
    const m = /^-(i?)(name|path|wholename)$/.exec(w.word);
    if (m === null) continue;
    const pattern = argv[w.at + 1];
    if (pattern === undefined) return null;
    tests.push({ pattern, nocase: m[1] === 'i', whole: m[2] !== 'name' });
  }
  return { tests, words: expression.map((w) => w.word) };
}

/**
 * The files find's tests and options open (`-newer F`, `-samefile F`, `-files0-from F`), for the tiers; with
 * `contents`, only those whose contents come back out (the tiers then also ask about gitignored ones).
 */
export function findReadPaths(argv: readonly string[], contents = false): string[] {
  return findExpression(argv)
    .filter((w) => !contents || w.primary?.contents === true)
    .flatMap((w) => (w.primary?.reads ?? []).map((k) => argv[w.at + k]).filter((v): v is string => v !== undefined));
}
