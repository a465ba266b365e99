// Test, build and lint runners (npm, go, pytest, eslint, prettier, ruff, make), from their manuals: the options that run other
// code or write files a rule for "run the tests" does not vouch for.
import { options, program, type ProgramSpec } from './types.js';

// npm's config flags that change what runs (`--node-options=--require ./x`, `--script-shell`, a user config that can set either).
const NPM_GLOBAL = {
  H: '-s --silent -q --quiet -d --loglevel= --ignore-scripts --if-present --foreground-scripts --workspaces -ws --include-workspace-root --no-color --color= --json --parseable --long -l --yes -y --no-audit --no-fund --progress= --no-progress --offline --prefer-offline --prefer-online --no-update-notifier --dry-run -h --help',
  H1: '--loglevel',
  C1: '-C --prefix -w --workspace',
  X1: '--node-options --script-shell --userconfig --globalconfig --init-module --onload-script --shell --editor --browser --node-gyp',
} as const;
// Words after `--` go to the script's own program (jest, vitest, mocha…): options there that write, load or run code
// are its, unknown to the engine (`--outputFile`, `--reporter-option output=F`, `--globalSetup`, `--coverage.reportsDirectory`).
const SCRIPT_OPTION_KEY = /(^|[-.])out|report|file|dir|exec|config|require|import|loader|plugin|node-options|basetemp|junit|cache|setup|teardown|root|resolver|processor|runner|environment|transform|sequencer|extractor|preset|inspect|browser|pool/;
const SCRIPT_OPTION_WHOLE = new Set(['o', 'c', 'r', 'ui', 'api', 'env']);
// Of those, the ones naming a built-in by a bare word are harmless (`--reporter=verbose`, `--environment=jsdom`).
const BUILTIN_VALUE = /^--?(reporters?|environment|testEnvironment|env|preset|runner|pool)=[\w-]+$/;

/** Whether a word handed to the script's program is an option that may write, load or run code. */
export function scriptOption(word: string): boolean {
  const name = /^--?([^=]+)/.exec(word)?.[1];
  if (name === undefined || BUILTIN_VALUE.test(word)) return false;
  return SCRIPT_OPTION_WHOLE.has(name) || SCRIPT_OPTION_KEY.test(name.toLowerCase());
}

/**
 * Whether a word is a nested config key (`--a.b.c=V`, vitest's and jest's spelling) one of whose parts is such an option.
 * Threat: `npx vitest --poolOptions.forks.execArgv=--require=/tmp/x.js`, `--outputFile.json=F` past the flat option names.
 */
export function nestedScriptOption(word: string): boolean {
  const key = /^--(\w[\w-]*(?:\.[\w-]+)+)(=|$)/.exec(word)?.[1];
  return key !== undefined && key.split('.').some((part) => scriptOption(`--${part}`));
}

/** `npm test -- ARGS`: what the script's program is handed, judged as a program without a spec would be. */
function scriptArgs(argv: readonly string[], from: number): { unvouched: string[]; reads: string[]; urls: string[] } {
  const dash = argv.indexOf('--', from);
  const rest = dash < 0 ? [] : argv.slice(dash + 1);
  const opt = rest.find(scriptOption);
  // `npm run env` is npm's own script when package.json has none: it prints every environment variable, tokens among them.
  const script = /^(run|run-script|rum|urn)$/.test(argv[from - 1] ?? '') ? argv.slice(from, dash < 0 ? undefined : dash).find((w) => !w.startsWith('-')) : undefined;
  const env = script === 'env' ? ['env prints every environment variable (npm\'s built-in script), tokens among them'] : [];
  // Paths it is handed, as operands or as `--opt=PATH` / `key=PATH` values (`--reporter=/tmp/x.js` loads that file), meet the tiers.
  const paths = rest.map((a) => (/^-*[^=]+=(.+)$/.exec(a)?.[1] ?? (a.startsWith('-') ? undefined : a))).filter((a): a is string => a !== undefined && /[/.~]/.test(a));
  return { unvouched: [...env, ...(opt === undefined ? [] : [`-- ${opt} hands the script's program an option that writes, loads or runs code`])], reads: paths, urls: [] };
}
const npmScript = program(options(NPM_GLOBAL), ['text'], { abbreviations: false, extra: scriptArgs });

/** npm's spec: `npm test`, `npm run SCRIPT` (the person's rule names the script; its arguments go to it). */
export const NPM: ProgramSpec = program(options(NPM_GLOBAL), [], {
  abbreviations: false,
  subcommands: new Map([['test', npmScript], ['t', npmScript], ['tst', npmScript], ['run', npmScript], ['run-script', npmScript], ['rum', npmScript], ['urn', npmScript]]),
});

const GO_BUILD = {
  H: '-v -race -cover -short -failfast -json -benchmem -x -n -a -c -trimpath -linkshared -msan -asan -work -i',
  H1: '-run -skip -count -covermode -coverpkg -timeout -bench -benchtime -p -parallel -tags -mod -buildvcs -vet -shuffle -fuzz -fuzztime -fuzzminimizetime -list -cpu -buildmode -compiler -installsuffix',
  W1: '-coverprofile -cpuprofile -memprofile -blockprofile -mutexprofile -trace -outputdir -memprofilerate -blockprofilerate -mutexprofilefraction',
  O1: '-o',
  R1: '-modfile -overlay -pgo',
  C1: '-C',
  X1: '-exec -toolexec -ldflags -gcflags -asmflags -gccgoflags',
} as const;
// A package operand spelled as a folder (`./...`, `../other/...`, `/tmp/x/...`) is code it builds and runs: read as a path.
const goTest = program(options(GO_BUILD), ['path'], { singleDashLong: true, abbreviations: false });

/** go's spec: `go test`, `go vet`, `go build` (packages as operands). */
export const GO: ProgramSpec = program(options({ H: '-h --help' }), [], { abbreviations: false, subcommands: new Map([['test', goTest], ['vet', goTest], ['build', goTest]]) });

/** `--cov-report html:DIR` (or xml, json, lcov, annotate, markdown) writes a report; only term and term-missing print one. */
function coverageReports(argv: readonly string[], from: number): { unvouched: string[]; reads: string[]; urls: string[] } {
  const unvouched: string[] = [];
  argv.forEach((w, i) => {
    const value = i < from ? undefined : w.startsWith('--cov-report=') ? w.slice(13) : w === '--cov-report' ? (argv[i + 1] ?? '') : undefined;
    if (value !== undefined && !/^term(-missing)?(:skip-covered)?$/.test(value)) unvouched.push(`--cov-report ${value} writes a coverage report`);
  });
  return { unvouched, reads: [], urls: [] };
}

/**
 * `-W ACTION:MESSAGE:CATEGORY`: a dotted category (`ignore::evil.Warning`) is resolved by importing its module, code no
 * rule for the test runner names (as `-p evil` is).
 */
function warningCategories(argv: readonly string[], from: number): string[] {
  const out: string[] = [];
  argv.forEach((w, i) => {
    const value = i < from ? undefined : /^--pythonwarnings=/.test(w) ? w.slice(w.indexOf('=') + 1) : /^-W./.test(w) ? w.slice(2) : /^(-W|--pythonwarnings)$/.test(w) ? (argv[i + 1] ?? '') : undefined;
    const category = value?.split(':')[2]?.trim();
    if (category !== undefined && category.includes('.')) out.push(`-W ${value} imports the module ${category.slice(0, category.lastIndexOf('.'))} to find the warning category`);
  });
  return out;
}

/** pytest's readings beyond its options: coverage reports it writes, warning categories it imports. */
function pytestExtra(argv: readonly string[], from: number): { unvouched: string[]; reads: string[]; urls: string[] } {
  const reports = coverageReports(argv, from);
  return { ...reports, unvouched: [...reports.unvouched, ...warningCategories(argv, from)] };
}

/**
 * pytest's spec: test files and folders are read; plugins, temp folders it deletes and reports it writes are not vouched for.
 * `--cov=src` (pytest-cov) measures coverage into `.coverage` in the workspace, as `.pytest_cache` is; its reports are writes.
 */
export const PYTEST: ProgramSpec = program(options({
  H: '-v --verbose -q --quiet -x --exitfirst -s -l --showlocals --lf --last-failed --ff --failed-first --nf --new-first --co --collect-only --sw --stepwise --sw-skip --stepwise-skip --cache-show= --cache-clear --strict-markers --strict-config --disable-warnings --disable-pytest-warnings --no-header --no-summary --setup-show --setup-only --setup-plan --runxfail --pyargs --noconftest --doctest-modules --doctest-continue-on-collection-errors --fixtures --funcargs --fixtures-per-test --markers -h --help --version -V -vv -vvv -r= --full-trace --color= --code-highlight= --continue-on-collection-errors --keep-duplicates --trace-config --showlocals --no-showlocals --import-mode= --assert= --tb= --show-capture= --capture= --durations= --durations-min= --ignore-glob= --deselect= --cov= --cov-branch --no-cov --no-cov-on-fail --cov-append',
  H1: '-k -m --maxfail --tb --durations --durations-min -W --pythonwarnings -n --numprocesses --dist --ignore --ignore-glob --deselect --capture --import-mode --log-level --log-cli-level --timeout -r --lfnf --last-failed-no-failures --cov-fail-under --cov-report',
  W1: '--basetemp --junitxml --junit-xml --log-file --resultlog --html --report-log --debug --cache-dir',
  R1: '-c --config-file --confcutdir --rootdir --inifile --cov-config',
  X1: '-p --pdbcls -o --override-ini',
  X: '--pdb --trace',
}), ['path'], { abbreviations: false, extra: pytestExtra });

/** `eslint -f ./x.js`: a formatter given as a file is code it loads (a bare name is a built-in or installed one). */
function formatterFile(argv: readonly string[], from: number): { unvouched: string[]; reads: string[]; urls: string[] } {
  const unvouched: string[] = [];
  argv.forEach((w, i) => {
    const v = /^(-f|--format)=?(.*)$/.exec(w);
    const value = i < from || !v ? undefined : v[2] || argv[i + 1];
    if (value !== undefined && /[/\\.~]/.test(value)) unvouched.push(`${v![1]} ${value} loads a formatter's code from a file`);
  });
  return { unvouched, reads: [], urls: [] };
}

/** eslint's spec: configs, plugins and formatter files are code; `-o` writes a report, `--fix` rewrites sources. */
export const ESLINT: ProgramSpec = program(options({
  H: '--fix-dry-run --cache --no-cache --quiet --no-color --color --no-eslintrc --no-config-lookup --no-inline-config --no-ignore --stdin --debug -h --help -v --version --report-unused-disable-directives --no-error-on-unmatched-pattern --exit-on-fatal-error --no-warn-ignored --pass-on-no-patterns --print-config --max-warnings= --flag --stats',
  H1: '--ext --fix-type --env --global --parser-options --rule --max-warnings --stdin-filename --report-unused-disable-directives-severity --cache-strategy -f --format --ignore-pattern --concurrency',
  R1: '--ignore-path',
  W: '--fix',
  W1: '-o --output-file --cache-location',
  X1: '-c --config --rulesdir --plugin --parser --resolve-plugins-relative-to',
  // `--init` installs packages and writes a config; `--inspect-config` starts a server and opens a browser.
  X: '--init --inspect-config',
}), ['path'], { abbreviations: false, extra: formatterFile });

/** prettier's spec: `--check`/`--list-different` only read; `-w` rewrites files; configs (`.prettierrc.js`) and plugins are code. */
export const PRETTIER: ProgramSpec = program(options({
  H: '-c --check -l --list-different --no-config --no-editorconfig --with-node-modules --cache --no-color --color -h --help -u --ignore-unknown --insert-pragma --require-pragma --no-error-on-unmatched-pattern --support-info -v --version --debug-check --bracket-same-line --no-bracket-spacing --experimental-ternaries --jsx-single-quote --no-semi --single-attribute-per-line --single-quote --use-tabs --vue-indent-script-and-style',
  H1: '--config-precedence --cache-strategy --log-level --stdin-filepath --cursor-offset --range-start --range-end --arrow-parens --embedded-language-formatting --end-of-line --experimental-operator-position --html-whitespace-sensitivity --object-wrap --parser --print-width --prose-wrap --quote-props --tab-width --trailing-comma',
  R1: '--ignore-path --find-config-path --file-info',
  W: '-w --write',
  W1: '--cache-location',
  X1: '--config --plugin --plugin-search-dir',
}), ['path'], { abbreviations: false });

/** `ruff --config 'KEY = VALUE'` sets any setting inline; `ruff format` without --check/--diff rewrites the files. */
function ruffExtra(argv: readonly string[], from: number): { unvouched: string[]; reads: string[]; urls: string[] } {
  const args = argv.slice(from);
  const values = args.map((w, i) => (w.startsWith('--config=') ? w.slice(9) : w === '--config' ? (args[i + 1] ?? '') : ''));
  const inline = values.find((v) => v.includes('='));
  const unvouched = inline === undefined ? [] : [`--config ${inline} overrides a setting inline`];
  if (argv[from - 1] === 'format' && !args.some((w) => w === '--check' || w === '--diff')) unvouched.push('rewrites the files (without --check or --diff)');
  return { unvouched, reads: [], urls: [] };
}

const ruffCheck = program(options({
  H: '--no-fix --unsafe-fixes --no-unsafe-fixes --show-fixes --no-show-fixes --diff --watch -w --no-fix-only --ignore-noqa --statistics --show-files --show-settings --no-cache --preview --no-preview -e --exit-zero --exit-non-zero-on-fix -q --quiet -v --verbose -s --silent --isolated --respect-gitignore --no-respect-gitignore --force-exclude --no-force-exclude --check -h --help',
  H1: '--select --ignore --extend-select --extend-ignore --per-file-ignores --extend-per-file-ignores --fixable --unfixable --extend-fixable --exclude --extend-exclude --line-length --target-version --output-format --dummy-variable-rgx --stdin-filename',
  R1: '--config',
  W: '--fix --fix-only --add-noqa',
  W1: '-o --output-file --cache-dir',
}), ['path'], { abbreviations: false, extra: ruffExtra });

/** ruff's spec: `ruff check`, `ruff format` (files are read; `-o` writes a report). */
export const RUFF: ProgramSpec = program(options({ H: '-h --help -V --version' }), [], { abbreviations: false, subcommands: new Map([['check', ruffCheck], ['format', ruffCheck]]) });

// make's variables that choose the shell or re-read flags and makefiles: setting one on the command line runs other code.
const MAKE_CODE_VARIABLES = /^(SHELL|\.SHELLFLAGS|MAKESHELL|MAKEFLAGS|MFLAGS|MAKEFILES|MAKE|MAKEOVERRIDES|GNUMAKEFLAGS)$/;

/** `make VAR=VALUE` operands: make expands the value (`$(shell id)`), and a value that is a path is a program or file it uses. */
function makeAssignments(argv: readonly string[], from: number): { unvouched: string[]; reads: string[]; urls: string[] } {
  const out = { unvouched: [] as string[], reads: [] as string[], urls: [] as string[] };
  for (const w of argv.slice(from)) {
    const m = /^([^=\s-][^=\s]*?):{0,2}\+?\??=(.*)$/s.exec(w);
    if (!m) continue;
    if (MAKE_CODE_VARIABLES.test(m[1]!)) out.unvouched.push(`${w} sets a variable that chooses the shell, flags or makefiles make runs with`);
    else if (/[$`]/.test(m[2]!)) out.unvouched.push(`${w}: make expands the value, and $(shell …) in it runs a command`);
    else if (/[/~]/.test(m[2]!)) out.reads.push(m[2]!);
  }
  return out;
}

/** make's spec: targets are text; `-f`/`-I` files and `-C` folders meet the tiers; `--eval` and code-running variables ask. */
export const MAKE: ProgramSpec = program(options({
  H: '-B --always-make -d --debug= -e --environment-overrides -i --ignore-errors -k --keep-going -S --no-keep-going --stop -n --just-print --dry-run --recon -q --question -r --no-builtin-rules -R --no-builtin-variables -s --silent --quiet --no-silent -w --print-directory --no-print-directory --warn-undefined-variables -L --check-symlink-times --trace -h --help -v --version -j= --jobs= -l= --load-average= -O= --output-sync= --shuffle=',
  H1: '-o --old-file --assume-old -W --what-if --new-file --assume-new',
  R1: '-f --file --makefile -I --include-dir',
  C1: '-C --directory',
  X1: '-E --eval',
  W: '-t --touch',
  // The data base it prints holds every environment variable.
  E: '-p --print-data-base',
}), ['text'], { extra: makeAssignments });
