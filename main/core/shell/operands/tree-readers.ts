// What `git grep`, `git archive`, git's diffs and patches, `cp -r` and `rsync -a` read whole: their operands, with options
// read the way git and GNU getopt read them (scanArgs: attached values like `-tDIR`, `--opt=value`, unambiguous prefixes
// of long names).
import { gitSubcommandSpec } from '../checks/git.js';
import { isOneOf, scanArgs, type OptSpec, type Scan } from '../options.js';
import { gitSubcommand } from './recursion.js';

const CP: OptSpec = { shortValue: 'tS', longValue: ['target-directory', 'suffix', 'sparse', 'no-preserve'] };
const RSYNC: OptSpec = {
  shortValue: 'eTfBM',
  longValue: [
    'rsh', 'rsync-path', 'exclude', 'include', 'filter', 'exclude-from', 'include-from', 'files-from', 'chmod', 'chown', 'temp-dir',
    'compare-dest', 'link-dest', 'copy-dest', 'backup-dir', 'log-file', 'log-file-format', 'out-format', 'password-file', 'port', 'timeout',
    'contimeout', 'bwlimit', 'max-size', 'min-size', 'max-delete', 'partial-dir', 'block-size', 'suffix', 'skip-compress', 'iconv',
    'modify-window', 'sockopts', 'outbuf', 'checksum-choice', 'compress-choice', 'compress-level', 'usermap', 'groupmap', 'info', 'debug',
    'stderr', 'address', 'protocol', 'write-batch', 'only-write-batch', 'read-batch', 'remote-option',
  ],
};

/** The operands of a scan from `start`, split at the first `--` that is not an option's value. */
function operandsAround(argv: readonly string[], scan: Scan, start: number): { before: string[]; after: string[]; dashes: boolean } {
  const values = new Set(scan.opts.filter((o) => o.valueIndex !== o.index).map((o) => o.valueIndex));
  const dashes = argv.findIndex((w, i) => i >= start && w === '--' && !values.has(i));
  const split = dashes === -1 ? Infinity : dashes;
  const words = (keep: (i: number) => boolean) => scan.operands.filter(keep).map((i) => argv[i]!);
  return { before: words((i) => i < split), after: words((i) => i > split), dashes: dashes !== -1 };
}

/** The arguments of `git SUB` read with SUB's own spec: their scan and where they start. */
function subScan(argv: readonly string[], sub: { name: string; at: number }): { scan: Scan; start: number } {
  return { scan: scanArgs(argv, sub.at + 1, gitSubcommandSpec(sub.name)), start: sub.at + 1 };
}

/** `git SUB …` read past git's own options when SUB is `name`, or null for another command. */
function gitScan(argv: readonly string[], name: string): { scan: Scan; start: number } | null {
  const sub = argv[0] === 'git' ? gitSubcommand(argv) : null;
  return sub?.name === name ? subScan(argv, sub) : null;
}

/**
 * What `git grep` searches: its pathspecs (`.` when none) and the words that may name revisions instead, whose whole tree
 * is then searched (a branch is a plain word: `git grep KEY main`); or null when the command is not git grep. Words
 * before `--` are revisions and those after it pathspecs; without `--`, git takes a word for a revision unless it names
 * an existing path.
 */
export function gitGrepSearch(argv: readonly string[]): { paths: string[]; mayBeRevisions: string[] } | null {
  const grep = gitScan(argv, 'grep');
  if (grep === null) return null;
  const { scan, start } = grep;
  const { before, after, dashes } = operandsAround(argv, scan, start);
  // The first operand is the pattern unless `-e`/`-f` gave it.
  const patternGiven = scan.opts.some((o) => isOneOf(o, ['e', 'f', 'regexp', 'file']));
  const words = patternGiven ? before : before.slice(1);
  const paths = dashes ? after : words;
  return { paths: paths.length > 0 ? paths : ['.'], mayBeRevisions: dashes ? [] : words };
}

/** The paths `git archive TREE [PATH…]` packs from the repository (`.` when none), or null when it is not git archive. */
export function gitArchivePaths(argv: readonly string[]): string[] | null {
  const archive = gitScan(argv, 'archive');
  if (archive === null) return null;
  const operands = archive.scan.operands.map((i) => argv[i]!);
  return operands.length > 1 ? operands.slice(1) : ['.'];
}

/** The sources `cp -r`/`cp -a`/`rsync -r`/`rsync -a` copies whole (every operand but the destination), or null when it does not recurse. */
export function copiedSources(argv: readonly string[]): string[] | null {
  const spec = argv[0] === 'cp' ? CP : argv[0] === 'rsync' ? RSYNC : null;
  if (spec === null) return null;
  const scan = scanArgs(argv, 1, spec);
  if (!scan.opts.some((o) => isOneOf(o, ['r', 'R', 'a', 'recursive', 'archive']))) return null;
  const operands = scan.operands.map((i) => argv[i]!);
  const target = scan.opts.some((o) => isOneOf(o, ['t', 'target-directory']));
  return target ? operands : operands.slice(0, -1);
}

/**
 * Whether a recursive copy follows the symbolic links it meets below its sources, copying what they point to: `cp -L`
 * (`--dereference`), rsync's `-L` (`--copy-links`), `-k` (`--copy-dirlinks`) and `--copy-unsafe-links` (the links that
 * leave the tree). Threat: `cp -rL src copy` then `cat copy/link-etc/shadow` reads /etc through src/link-etc.
 */
export function copyFollowsLinks(argv: readonly string[]): boolean {
  if (copiedSources(argv) === null) return false;
  const opts = scanArgs(argv, 1, argv[0] === 'cp' ? CP : RSYNC).opts;
  return argv[0] === 'cp' ? opts.some((o) => isOneOf(o, ['L', 'dereference'])) : opts.some((o) => isOneOf(o, ['L', 'copy-links', 'k', 'copy-dirlinks', 'copy-unsafe-links']));
}

/** git subcommands that print file contents unless told to print names or counts only. */
const PATCH_BY_DEFAULT = new Set(['diff', 'show', 'format-patch', 'range-diff']);
/** git subcommands that print file contents when given a patch option. */
const PATCH_ON_REQUEST = new Set(['log', 'whatchanged', 'reflog', 'diff-tree', 'diff-index', 'diff-files', 'stash']);
/**
 * Options that print contents, or tell what the contents hold: patches and word diffs, and the pickaxe (`-S KEY`,
 * `-G RE`), which lists the commits whose changes contain a text.
 */
const PATCH_OPTION = /^(-p|-u|-c|--cc|--patch(-with-(stat|raw))?|-U\d*|--unified(=.*)?|--word-diff(=.*)?|--color-words(=.*)?|-W|--function-context|--binary|--full-diff|-[SG].*|--pickaxe-regex|--textconv)$/;
/** Options that keep a content-printing subcommand to names, counts or nothing. */
const NO_PATCH_OPTION = /^(-s|--no-patch|--quiet|--stat(=.*)?|--numstat|--shortstat|--dirstat(=.*)?|--name-only|--name-status|--summary|--raw|--compact-summary)$/;

/**
 * The pathspecs a git command prints the contents of, like `git grep` reading what the repository tracks: the words
 * after `--`, else `.` (without pathspecs, or where a word may name a revision, it may print any tracked file); null when
 * it prints no contents (`git log`, `git diff --stat`). Threat: `git show`, `git log -p` past `Read(./docs/**)`.
 */
export function gitContentPaths(argv: readonly string[]): string[] | null {
  const sub = argv[0] === 'git' ? gitSubcommand(argv) : null;
  const name = sub?.name ?? '';
  if (sub === null || (!PATCH_BY_DEFAULT.has(name) && !PATCH_ON_REQUEST.has(name))) return null;
  const { scan, start } = subScan(argv, sub);
  const options = scan.opts.map((o) => argv[o.index]!);
  const patch = options.some((w) => PATCH_OPTION.test(w));
  if (!patch && !(PATCH_BY_DEFAULT.has(name) && !options.some((w) => NO_PATCH_OPTION.test(w)))) return null;
  const { before, after, dashes } = operandsAround(argv, scan, start);
  // `git show HEAD:src/a.ts` prints that one blob, whose path the command's path words already name.
  if (name === 'show' && !dashes && before.length > 0 && before.every((w) => /^[^-:][^:]*:./.test(w))) return null;
  return after.length > 0 ? after : ['.'];
}

/**
 * Whether a git command puts ignored files into history or prints the untracked part of a stash, where ignored files
 * may sit: `git stash -a`, `git add -f`, `git stash show --include-untracked`, `git show stash^3`. The content printers
 * of that command line then reach ignored files too. Threat: `git stash -a && git stash show -p -u` past `Read(./.env)`.
 */
export function gitHoldsIgnored(argv: readonly string[]): boolean {
  const sub = argv[0] === 'git' ? gitSubcommand(argv) : null;
  if (sub === null) return false;
  const rest = argv.slice(sub.at + 1);
  if (rest.some((w) => /\^3$|\^3[:~^]/.test(w))) return true;
  if (sub.name === 'add') return rest.some((w) => /^(-[a-zA-Z]*f[a-zA-Z]*|--force)$/.test(w));
  if (sub.name !== 'stash') return false;
  return rest.some((w) => /^(-[a-zA-Z]*[au][a-zA-Z]*|--all|--include-untracked|--only-untracked)$/.test(w));
}

/** git subcommands that print every object they reach, contents included, whatever the words say. */
const OBJECT_DUMPS = new Set(['fast-export', 'bundle']);

/**
 * The pathspecs whose tracked files a git command hands on whole: the names `git ls-files`/`git ls-tree` list (read when
 * a reader after xargs opens them), or every object of a dump (`git cat-file --batch-all-objects`, `git fast-export`,
 * `git bundle create`); null for anything else. Threat: `git ls-files | xargs cat`, `git cat-file --batch-all-objects
 * --batch` past `Read(./src/secret.ts)`.
 */
export function gitHandedPaths(argv: readonly string[], feedsReader: boolean): string[] | null {
  const sub = argv[0] === 'git' ? gitSubcommand(argv) : null;
  if (sub === null) return null;
  const rest = argv.slice(sub.at + 1);
  if (OBJECT_DUMPS.has(sub.name) || (sub.name === 'cat-file' && rest.some((w) => /^--batch/.test(w)))) return ['.'];
  if (!feedsReader || (sub.name !== 'ls-files' && sub.name !== 'ls-tree')) return null;
  const operands = subScan(argv, sub).scan.operands.map((i) => argv[i]!).filter((w) => w !== '--');
  const paths = sub.name === 'ls-tree' ? operands.slice(1) : operands;
  return paths.length > 0 ? paths : ['.'];
}

/**
 * The commands of a line that print a stash's or commit's untracked or ignored files, so they read the whole work tree
 * as it was stashed: a content printer at or after a `git stash -a`/`-u` (or itself `git stash show -u`, `git show
 * stash^3`). Threat: `git stash -a && git stash show -p` prints .env under `Bash(git stash:*)`.
 */
export function stashedTreePrinters(commands: ReadonlyArray<{ argv: readonly string[] }>): Set<number> {
  const out = new Set<number>();
  let holds = false;
  commands.forEach((c, i) => {
    holds ||= gitHoldsIgnored(c.argv);
    // `git stash -u` itself stashes; `git stash show -p`, `git stash list -p` print.
    const sub = c.argv[0] === 'git' ? gitSubcommand(c.argv) : null;
    const prints = sub?.name !== 'stash' || c.argv.slice(sub.at + 1).some((w) => w === 'show' || w === 'list');
    if (holds && prints && gitContentPaths(c.argv) !== null) out.add(i);
  });
  return out;
}
