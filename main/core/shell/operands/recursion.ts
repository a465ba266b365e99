// Which invocations read the folders they are given recursively, whatever .gitignore says (grep -r, diff -r, tar,
// `git diff --no-index DIR DIR`, `git add -f DIR`), with options read the way GNU getopt and git read them.
import { GIT_GLOBAL } from '../checks/git.js';
import { isOneOf, scanArgs, type OptSpec } from '../options.js';

// grep's and diff's value-taking options, so `-e r`, `-C 3` or `--label x` are not mistaken for recursion.
const GREP: OptSpec = {
  shortValue: 'efmABCdD',
  longValue: ['regexp', 'file', 'exclude-from', 'max-count', 'context', 'after-context', 'before-context', 'directories', 'devices', 'label', 'include', 'exclude', 'exclude-dir', 'group-separator', 'binary-files'],
};
const DIFF: OptSpec = {
  shortValue: 'CUFLIxXS',
  longValue: ['from-file', 'to-file', 'exclude-from', 'exclude', 'label', 'ignore-matching-lines', 'starting-file', 'show-function-line', 'line-format', 'horizon-lines', 'tabsize', 'width', 'palette'],
};
const ZIP: OptSpec = { shortValue: 'bnPtxiZ', longValue: ['temp-path', 'suffixes', 'password', 'from-date', 'exclude', 'include', 'compression-method'] };
const GIT_ADD: OptSpec = { longValue: ['chmod', 'pathspec-from-file'] };

/** `git SUBCOMMAND …`: the subcommand and the index of its word (after git's own options), or null. */
export function gitSubcommand(argv: readonly string[]): { name: string; at: number } | null {
  // Most commands name the subcommand first (`git status`): git's options are read only when there are some.
  const second = argv[1];
  if (second !== undefined && !second.startsWith('-')) return { name: second, at: 1 };
  const at = scanArgs(argv, 1, GIT_GLOBAL).end;
  const name = argv[at];
  return name === undefined ? null : { name, at };
}

/** grep's `-r`, `--rec`, `-d rec`, `--dir=recurse` (GNU takes any unambiguous prefix of an option and of its argument). */
function gnuRecurses(argv: readonly string[], spec: OptSpec): boolean {
  return scanArgs(argv, 1, spec).opts.some(
    (o) => isOneOf(o, ['r', 'R', 'recursive', 'dereference-recursive']) || (isOneOf(o, ['d', 'directories']) && o.value !== undefined && o.value !== '' && 'recurse'.startsWith(o.value)),
  );
}

/**
 * `git add -f` stages ignored files (a later `git diff --cached` prints them): its folder operands are read whole.
 * `git diff --no-index A B` compares two folders file by file, ignored ones too.
 */
function gitRecurses(argv: readonly string[]): boolean {
  const sub = gitSubcommand(argv);
  if (sub === null) return false;
  const rest = argv.slice(sub.at + 1);
  if (sub.name === 'diff') return rest.includes('--no-index');
  if (sub.name !== 'add') return false;
  return scanArgs(argv, sub.at + 1, GIT_ADD).opts.some((o) => isOneOf(o, ['f', 'force']));
}

/** Whether `git add -f` stages the whole tree, ignored files included: no pathspec (`-A`), or one git expands itself (`'*env'`, `:/`). */
export function gitAddWholeTree(argv: readonly string[]): boolean {
  const sub = gitSubcommand(argv);
  if (sub === null || sub.name !== 'add' || !gitRecurses(argv)) return false;
  const scan = scanArgs(argv, sub.at + 1, GIT_ADD);
  const specs = scan.operands.map((i) => argv[i]!);
  return specs.length === 0 || specs.some((s) => /[*?[]/.test(s) || s.startsWith(':'));
}

/** Whether the command reads the contents of folders it is given (rg, tar, `grep -r`), rather than failing on them. */
export function readsFolders(argv: readonly string[]): boolean {
  const prog = argv[0] ?? '';
  if (prog === 'rg' || prog === 'ag' || prog === 'ack' || prog === 'tar' || prog === 'zip') return true;
  if (prog === 'grep' || prog === 'egrep' || prog === 'fgrep') return gnuRecurses(argv, GREP);
  if (prog === 'diff') return gnuRecurses(argv, DIFF);
  return prog === 'git' && gitRecurses(argv);
}

/** Whether a recursive read follows the symbolic links it meets inside the tree: diff (unless --no-dereference), zip (unless -y), find -L. */
export function followsLinksInTrees(argv: readonly string[]): boolean {
  const prog = argv[0] ?? '';
  if (prog === 'diff') return gnuRecurses(argv, DIFF) && !scanArgs(argv, 1, DIFF).opts.some((o) => isOneOf(o, ['no-dereference']));
  if (prog === 'zip') return !scanArgs(argv, 1, ZIP).opts.some((o) => isOneOf(o, ['y', 'symlinks']));
  if (prog === 'find') return argv.slice(1).some((w, i) => w === '-follow' || (/^-[HLP]+$/.test(w) && w.endsWith('L') && argv.slice(1, i + 1).every((a) => /^-[HLPDO]/.test(a))));
  return false;
}

/** The files and folders `zip [-r] ARCHIVE FILE…` packs (everything after the archive it writes). */
export function zipReadOperands(argv: readonly string[]): string[] {
  return scanArgs(argv, 1, ZIP).operands.slice(1).map((i) => argv[i]!);
}
