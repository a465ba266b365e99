// Git commands that print what tracked files hold (diffs, patches, commits): like `git grep`, they read the repository,
// so a Read deny or ask rule on a tracked file must hold against them too (`git diff`, `git show`, `git log -p` past
// `Read(./docs/**)`). Commands that print only names, counts or messages (`git log`, `git diff --stat`) read nothing.
import { scanArgs } from '../shell/options.js';
import { GIT_GLOBAL } from '../shell/checks/git.js';

/** Subcommands that print file contents unless told to print names or counts only. */
const PATCH_BY_DEFAULT = new Set(['diff', 'show', 'format-patch', 'range-diff']);
/** Subcommands that print file contents when given a patch option. */
const PATCH_ON_REQUEST = new Set(['log', 'whatchanged', 'reflog', 'diff-tree', 'diff-index', 'diff-files', 'stash']);
/**
 * Options that print contents, or tell what the contents hold: patches and word diffs, and the pickaxe (`-S KEY`,
 * `-G RE`), which lists the commits whose changes contain a text.
 */
const PATCH_OPTION = /^(-p|-u|-c|--cc|--patch(-with-(stat|raw))?|-U\d*|--unified(=.*)?|--word-diff(=.*)?|--color-words(=.*)?|-W|--function-context|--binary|--full-diff|-[SG].*|--pickaxe-regex|--textconv)$/;
/** Options that keep a content-printing subcommand to names, counts or nothing. */
const NO_PATCH_OPTION = /^(-s|--no-patch|--quiet|--stat(=.*)?|--numstat|--shortstat|--dirstat(=.*)?|--name-only|--name-status|--summary|--raw|--compact-summary)$/;

/**
 * The pathspecs a git command prints the contents of (the words after `--`, else `.`: without pathspecs, or when a word
 * may name a revision, it may print any tracked file), or null when it prints no contents.
 */
export function gitContentPaths(argv: readonly string[]): string[] | null {
  if (argv[0] !== 'git') return null;
  const sub = scanArgs(argv, 1, GIT_GLOBAL).end;
  const name = argv[sub] ?? '';
  const opts = argv.slice(sub + 1);
  const dashes = opts.indexOf('--');
  const options = (dashes === -1 ? opts : opts.slice(0, dashes)).filter((w) => w.startsWith('-'));
  const patch = options.some((w) => PATCH_OPTION.test(w));
  const prints = patch || (PATCH_BY_DEFAULT.has(name) && !options.some((w) => NO_PATCH_OPTION.test(w)));
  if (!prints || (!PATCH_BY_DEFAULT.has(name) && !PATCH_ON_REQUEST.has(name))) return null;
  const pathspecs = dashes === -1 ? [] : opts.slice(dashes + 1);
  return pathspecs.length > 0 ? pathspecs : ['.'];
}
