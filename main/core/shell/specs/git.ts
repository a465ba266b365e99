// git, from its manuals: the read commands and everyday writers, their options, and which ones read or run something.
import { longIs } from '../options.js';
import { options, program, type ProgramSpec } from './types.js';

const DIFF_FORMAT = '-p -u --patch -s --no-patch --raw --patch-with-raw -t --numstat --shortstat --summary --patch-with-stat -z --name-only --name-status --submodule= --color= --no-color --color-moved= --no-color-moved --color-moved-ws= --word-diff= --word-diff-regex= --color-words= --no-renames --rename-empty --no-rename-empty --check --full-index --binary --abbrev= -B= --break-rewrites= -M= --find-renames= -C= --find-copies= --find-copies-harder -D --irreversible-delete -l -R --relative= --no-relative -a --text --ignore-cr-at-eol --ignore-space-at-eol -b --ignore-space-change -w --ignore-all-space --ignore-blank-lines --inter-hunk-context= -W --function-context --exit-code --quiet --no-ext-diff --no-textconv --ignore-submodules= --no-prefix --default-prefix --ita-invisible-in-index --ita-visible-in-index --minimal --patience --histogram --anchored= --diff-algorithm= --indent-heuristic --no-indent-heuristic --stat= --compact-summary --dirstat= --cumulative --dirstat-by-file= --unified= -U= --output-indicator-new= --output-indicator-old= --output-indicator-context= --pickaxe-all --pickaxe-regex --merge-base --cached --staged --follow --no-index';
const DIFF_VALUES = '-S -G --src-prefix --dst-prefix --line-prefix --diff-filter --find-object --stat-width --stat-name-width --stat-count --stat-graph-width --ignore-matching-lines -I --skip-to --rotate-to';
const LOG = `${DIFF_FORMAT} --oneline --graph --all --branches= --tags= --remotes= --glob= --decorate= --no-decorate --source --reverse --walk-reflogs -g --first-parent --merges --no-merges --min-parents= --max-parents= --no-min-parents --no-max-parents --not --boundary --left-right --left-only --right-only --cherry-mark --cherry-pick --cherry --date-order --author-date-order --topo-order --full-history --simplify-merges --ancestry-path= --show-pulls --simplify-by-decoration --dense --sparse --abbrev-commit --no-abbrev-commit --no-abbrev --show-signature --relative-date --parents --children --log-size --use-mailmap --mailmap --no-mailmap --full-diff --regexp-ignore-case -i --basic-regexp -E --extended-regexp -F --fixed-strings -P --perl-regexp --all-match --invert-grep --remove-empty --no-walk= --do-walk --expand-tabs= --no-expand-tabs --notes= --no-notes --show-notes= --standard-notes --no-standard-notes --pretty= --format= --encoding= --date= --stdin --clear-decorations --show-linear-break= --no-graph --count -m -c --cc --dd --combined-all-paths --diff-merges= --no-diff-merges --remerge-diff`;
const LOG_VALUES = `${DIFF_VALUES} -L -n --max-count --skip --since --after --until --before --since-as-filter --author --committer --grep --grep-reflog --exclude --decorate-refs --decorate-refs-exclude`;

// `-O FILE` orders the diff by the globs a file holds; `-L 1,5:FILE` follows lines of FILE through history.
const diffLike = (extra: Parameters<typeof options>[0] = {}): ProgramSpec =>
  program(options({ H: `${LOG} -h`, H1: LOG_VALUES, R1: '-O --orderfile', W1: '--output', X: '--ext-diff --textconv', ...extra }), ['object'], { numeric: true, extra: lineRangeFiles });

/** git's subcommands the engine understands; the rest are judged like programs without a spec. */
const SUBCOMMANDS = new Map<string, ProgramSpec>([
  ['status', program(options({ H: '-s --short -b --branch --show-stash --porcelain= --long -v --verbose -u= --untracked-files= --ignore-submodules= --ignored= -z --column= --no-column --ahead-behind --no-ahead-behind --renames --no-renames --find-renames= -h' }), ['text'])],
  // `git diff A B` with a path outside the work tree is `--no-index`: every operand may be a file it reads.
  ['diff', diffLike()],
  ['log', diffLike()],
  ['show', diffLike()],
  ['whatchanged', diffLike()],
  ['blame', program(options({ H: '-b --root --show-stats -f --show-name -n --show-number -s -e --show-email -w -c -l -t -p --porcelain --line-porcelain --incremental --score-debug --progress --no-progress --abbrev= --color-lines --color-by-age -M= -C= --first-parent --minimal -h', H1: '-L --since --until --ignore-rev --date --encoding', R1: '-S --contents --ignore-revs-file' }), ['path'])],
  ['grep', program(options({
    H: '--cached --untracked --exclude-standard --no-exclude-standard --no-index --recurse-submodules -a --text --no-textconv -i --ignore-case -I --max-depth= -r --recursive --no-recursive -w --word-regexp -v --invert-match -h -H --full-name -E --extended-regexp -G --basic-regexp -P --perl-regexp -F --fixed-strings -n --line-number --column -l --files-with-matches --name-only -L --files-without-match -z --null -o --only-matching -c --count --color= --no-color --break --heading -p --show-function -W --function-context --and --or --not --all-match -q --quiet',
    H1: '-e -A --after-context -B --before-context -C --context --threads -m --max-count --max-depth',
    R1: '-f',
    X: '-O --open-files-in-pager= --textconv',
  }), ['text'], { numeric: true, extra: gitGrepExtra })],
  ['ls-files', program(options({ H: '-c --cached -d --deleted -m --modified -o --others -i --ignored -s --stage -u --unmerged -k --killed --directory --no-empty-directory --eol --deduplicate -z -t -v -f --full-name --recurse-submodules --abbrev= --debug --error-unmatch --sparse --exclude-standard', H1: '-x --exclude --exclude-per-directory --with-tree --format', R1: '-X --exclude-from' }), ['text'])],
  ['rev-parse', program(options({ H: '--show-toplevel --abbrev-ref= --short= --verify -q --quiet --git-dir --absolute-git-dir --git-common-dir --is-inside-work-tree --is-inside-git-dir --is-bare-repository --is-shallow-repository --show-prefix --show-cdup --symbolic --symbolic-full-name --all --branches= --tags= --remotes= --sq --sq-quote --not --revs-only --no-revs --flags --no-flags --local-env-vars --show-object-format= --show-ref-format --show-superproject-working-tree --shared-index-path --since= --after= --until= --before=', H1: '--default --prefix --git-path --resolve-git-dir --path-format' }), ['text'])],
  ['branch', program(options({ H: '-a --all -r --remotes -v -vv --verbose -l --list --show-current --merged= --no-merged= --contains= --no-contains= --color= --no-color --column= --no-column -i --ignore-case --omit-empty -d -D --delete -m -M --move -c -C --copy -f --force --unset-upstream -q --quiet --create-reflog --track= --no-track --recurse-submodules', H1: '--sort --format --points-at -u --set-upstream-to --abbrev' }), ['text'])],
  // `git cat-file -p HEAD:.env` prints a blob as the commit holds it: the object's path meets the tiers (`--batch`, which
  // prints the objects stdin names, is left out, so it asks).
  ['cat-file', program(options({ H: '-t -s -e -p --textconv --filters --batch-check= --batch-all-objects --buffer --follow-symlinks --unordered -Z --allow-unknown-type --use-mailmap --no-use-mailmap --path= -h' }), ['object'])],
  ['add', program(options({ H: '-n --dry-run -v --verbose -f --force -p --patch -u --update -A --all --no-all --ignore-removal --no-ignore-removal -N --intent-to-add --refresh --ignore-errors --ignore-missing --renormalize --no-warn-embedded-repo --sparse --pathspec-file-nul --chmod=', R1: '--pathspec-from-file', X: '-e --edit -i --interactive' }), ['path'])],
  ['commit', program(options({ H: '-a --all -p --patch -s --signoff --no-signoff --amend --no-edit --allow-empty --allow-empty-message -n --no-verify --verify --dry-run --short --branch --porcelain --long -z --null -v --verbose -q --quiet --reset-author --only -o --include -i --status --no-status --no-post-rewrite -S --gpg-sign= --no-gpg-sign --pathspec-file-nul --trailer= -u= --untracked-files=', H1: '-m --message -C --reuse-message -c --reedit-message --fixup --squash --author --date --cleanup --trailer', R1: '-F --file -t --template --pathspec-from-file', X: '-e --edit' }), ['path'])],
  // `git var -l` lists GIT_* variables and the configuration; `git credential fill` prints stored credentials.
  ['var', program(options({ H: '-l -h' }), ['text'], { always: 'reads-env' })],
  ['credential', program(options({ H: '-h' }), ['text'], { always: 'reads-env' })],
]);

/** The files `git log -L START,END:FILE` / `-L :FUNC:FILE` follows (FILE as some commit holds it). */
function lineRangeFiles(argv: readonly string[], from: number): { unvouched: string[]; reads: string[]; urls: string[] } {
  const reads: string[] = [];
  for (let i = from; i < argv.length && argv[i] !== '--'; i++) {
    const value = argv[i] === '-L' ? argv[++i] : /^-L(.+)$/.exec(argv[i]!)?.[1];
    const file = value === undefined ? undefined : /:([^:]+)$/.exec(value)?.[1];
    if (file !== undefined) reads.push(file);
  }
  return { unvouched: [], reads, urls: [] };
}

/** `git grep --no-index`, or `--untracked` without the standard excludes, reads files the repository ignores. */
function gitGrepExtra(argv: readonly string[], from: number): { unvouched: string[]; reads: string[]; urls: string[] } {
  // git takes any unambiguous prefix of a long option (`--no-ind`, `--untr`).
  const longs = argv.slice(from).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')[0]!);
  const has = (name: string): boolean => longs.some((l) => longIs(l, name));
  const ignored = has('no-index') || (has('untracked') && has('no-exclude-standard'));
  return { unvouched: ignored ? ['reads files the repository ignores (--no-index / --untracked --no-exclude-standard)'] : [], reads: [], urls: [] };
}

/** git's spec: its global options, then the subcommands above. */
export const GIT: ProgramSpec = program(options({
  H: '--no-pager -P -p --paginate --no-optional-locks --no-replace-objects --literal-pathspecs --glob-pathspecs --noglob-pathspecs --icase-pathspecs --bare --no-advice -h --help --version',
  H1: '--namespace',
  C1: '-C --git-dir --work-tree',
  X1: '-c --config-env --exec-path',
}), [], { subcommands: SUBCOMMANDS });
