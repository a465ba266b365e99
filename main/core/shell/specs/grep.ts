// Searchers (GNU grep, ripgrep, fd), from their manuals. Recursion reads whole trees, ignore files or not.
import { options, program, type ProgramSpec } from './types.js';

const GREP = program(options({
  H: '-E --extended-regexp -F --fixed-strings -G --basic-regexp -P --perl-regexp -i -y --ignore-case --no-ignore-case -v --invert-match -w --word-regexp -x --line-regexp -c --count --color= --colour= -L --files-without-match -l --files-with-matches -o --only-matching -q --quiet --silent -s --no-messages -b --byte-offset -H --with-filename -h --no-filename -n --line-number --line-buffered -T --initial-tab -Z --null -z --null-data -a --text -I -r --recursive -R --dereference-recursive -U --binary --help -V --version',
  H1: '-e --regexp -m --max-count --label -A --after-context -B --before-context -C --context --binary-files -D --devices -d --directories --include --exclude --exclude-dir --group-separator',
  R1: '-f --file --exclude-from',
}), ['text', 'path'], { givesFirstOperand: ['-e', '--regexp', '-f', '--file'] });

const RG = program(options({
  H: '-i --ignore-case -s --case-sensitive -S --smart-case -F --fixed-strings -w --word-regexp -x --line-regexp -v --invert-match -c --count --count-matches -l --files-with-matches --files-without-match -o --only-matching -n --line-number -N --no-line-number -H --with-filename -I --no-filename --no-heading --heading -q --quiet --json --vimgrep --column -b --byte-offset -U --multiline --multiline-dotall -P --pcre2 --no-pcre2 -p --pretty --files --stats --sort-files -0 --null --trim --no-messages --no-config --color= --colour= -a --text --binary --no-binary --crlf --null-data --passthru --stats --debug --trace --type-list --line-buffered --block-buffered -h --help -V --version --no-unicode --one-file-system --max-columns-preview --include-zero --no-require-git -z --search-zip',
  H1: '-e --regexp -m --max-count -A --after-context -B --before-context -C --context -t --type -T --type-not --type-add --type-clear -g --glob --iglob -M --max-columns --max-depth -d --max-filesize -j --threads --sort --sortr -r --replace --colors --path-separator --context-separator --field-match-separator --field-context-separator --encoding -E --engine --dfa-size-limit --regex-size-limit',
  R1: '-f --file --ignore-file',
  X1: '--pre --pre-glob --hostname-bin',
}), ['text', 'path'], { givesFirstOperand: ['-e', '--regexp', '-f', '--file'] });

/** Specs of the searchers by program name. rg's ignore-switching options are judged by checks/tools.ts. */
export const SEARCHERS: Record<string, ProgramSpec> = {
  grep: GREP,
  egrep: GREP,
  fgrep: GREP,
  rg: RG,
  fd: program(options({
    H: '-H --hidden -I --no-ignore --no-ignore-vcs --no-ignore-parent -u --unrestricted -s --case-sensitive -i --ignore-case -g --glob --regex -F --fixed-strings -a --absolute-path -l --list-details -L --follow -p --full-path -0 --print0 --prune -1 -q --quiet --show-errors --strip-cwd-prefix= --one-file-system -h --help -V --version --no-require-git',
    H1: '-d --max-depth --min-depth --exact-depth -t --type -e --extension -E --exclude -S --size --changed-within --changed-before --newer --older -o --owner --max-results -j --threads --color --path-separator --format --hyperlink',
    R1: '--ignore-file',
    C1: '--base-directory',
    X1: '-x --exec -X --exec-batch',
  }), ['text', 'path']),
};
SEARCHERS['fdfind'] = SEARCHERS['fd']!;
