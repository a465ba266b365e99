// Test, build and lint runners (npm, go, pytest, eslint, ruff, vitest), from their manuals: the options that run other
// code or write files a rule for "run the tests" does not vouch for.
import { options, program, type ProgramSpec } from './types.js';

// npm's config flags that change what runs (`--node-options=--require ./x`, `--script-shell`, a user config that can set either).
const NPM_GLOBAL = {
  H: '-s --silent -q --quiet -d --loglevel= --ignore-scripts --if-present --foreground-scripts --workspaces -ws --include-workspace-root --no-color --color= --json --parseable --long -l --yes -y --no-audit --no-fund --progress= --no-progress --offline --prefer-offline --prefer-online --no-update-notifier --dry-run -h --help',
  H1: '--loglevel',
  C1: '-C --prefix -w --workspace',
  X1: '--node-options --script-shell --userconfig --globalconfig --init-module --onload-script --shell --editor --browser --node-gyp',
} as const;
// Words after `--` go to the script's own program: options there that write or run code are its, unknown to the engine.
const SCRIPT_OPTION = /^(-o|--(out|output|output-file|outfile|outdir|out-dir|log-file|exec|config|require|import|loader|plugin|rulesdir|resolve-plugins-relative-to|node-options|basetemp|cov-report|junitxml|reporter-options|coverage-directory|cache-location|cacheDirectory|setupFiles|globalSetup|root|dir))(=|$)/;

/** `npm test -- ARGS`: what the script's program is handed, judged as a program without a spec would be. */
function scriptArgs(argv: readonly string[], from: number): { unvouched: string[]; reads: string[]; urls: string[] } {
  const dash = argv.indexOf('--', from);
  const rest = dash < 0 ? [] : argv.slice(dash + 1);
  const opt = rest.find((a) => SCRIPT_OPTION.test(a));
  // Paths it is handed, as operands or as `--opt=PATH` values (`--reporter=/tmp/x.js` loads that file), meet the tiers.
  const paths = rest.map((a) => (a.startsWith('-') ? /^--?[^=]+=(.+)$/.exec(a)?.[1] : a)).filter((a): a is string => a !== undefined && /[/.~]/.test(a));
  return { unvouched: opt === undefined ? [] : [`-- ${opt} hands the script's program an option that writes or runs code`], reads: paths, urls: [] };
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
  W1: '-coverprofile -cpuprofile -memprofile -blockprofile -mutexprofile -trace -o -outputdir -memprofilerate -blockprofilerate -mutexprofilefraction',
  R1: '-modfile -overlay -pgo',
  C1: '-C',
  X1: '-exec -toolexec -ldflags -gcflags -asmflags -gccgoflags',
} as const;
const goTest = program(options(GO_BUILD), ['text'], { singleDashLong: true, abbreviations: false });

/** go's spec: `go test`, `go vet`, `go build` (packages as operands). */
export const GO: ProgramSpec = program(options({ H: '-h --help' }), [], { abbreviations: false, subcommands: new Map([['test', goTest], ['vet', goTest], ['build', goTest]]) });

/** pytest's spec: test files and folders are read; plugins, temp folders it deletes and reports it writes are not vouched for. */
export const PYTEST: ProgramSpec = program(options({
  H: '-v --verbose -q --quiet -x --exitfirst -s -l --showlocals --lf --last-failed --ff --failed-first --nf --new-first --co --collect-only --sw --stepwise --sw-skip --stepwise-skip --cache-show= --cache-clear --strict-markers --strict-config --disable-warnings --disable-pytest-warnings --no-header --no-summary --setup-show --setup-only --setup-plan --runxfail --pyargs --noconftest --doctest-modules --doctest-continue-on-collection-errors --fixtures --funcargs --fixtures-per-test --markers -h --help --version -V -vv -vvv -r= --full-trace --color= --code-highlight= --continue-on-collection-errors --keep-duplicates --trace-config --showlocals --no-showlocals --import-mode= --assert= --tb= --show-capture= --capture= --durations= --durations-min= --ignore-glob= --deselect=',
  H1: '-k -m --maxfail --tb --durations --durations-min -W --pythonwarnings -n --numprocesses --dist --ignore --ignore-glob --deselect --capture --import-mode --log-level --log-cli-level --timeout -r --lfnf --last-failed-no-failures',
  W1: '--basetemp --junitxml --junit-xml --log-file --resultlog --html --report-log --cov-report --debug --cache-dir',
  R1: '-c --config-file --confcutdir --rootdir --inifile',
  X1: '-p --pdbcls -o --override-ini',
  X: '--pdb --trace',
}), ['path'], { abbreviations: false });

/** eslint's spec: configs and plugins are code; `-o` writes a report. */
export const ESLINT: ProgramSpec = program(options({
  H: '--fix --fix-dry-run --cache --no-cache --quiet --no-color --color --no-eslintrc --no-config-lookup --no-inline-config --no-ignore --stdin --debug -h --help -v --version --report-unused-disable-directives --no-error-on-unmatched-pattern --exit-on-fatal-error --no-warn-ignored --pass-on-no-patterns --print-config --max-warnings= --init --inspect-config --flag --stats',
  H1: '--ext --fix-type --env --global --parser-options --rule --max-warnings --stdin-filename --report-unused-disable-directives-severity --cache-strategy -f --format --ignore-pattern --concurrency',
  R1: '--ignore-path',
  W1: '-o --output-file --cache-location',
  X1: '-c --config --rulesdir --plugin --parser --resolve-plugins-relative-to',
}), ['path'], { abbreviations: false });

const ruffCheck = program(options({
  H: '--fix --no-fix --unsafe-fixes --no-unsafe-fixes --show-fixes --no-show-fixes --diff --watch -w --fix-only --no-fix-only --ignore-noqa --statistics --add-noqa --show-files --show-settings --no-cache --preview --no-preview -e --exit-zero --exit-non-zero-on-fix -q --quiet -v --verbose -s --silent --isolated --respect-gitignore --no-respect-gitignore --force-exclude --no-force-exclude --check -h --help',
  H1: '--select --ignore --extend-select --extend-ignore --per-file-ignores --extend-per-file-ignores --fixable --unfixable --extend-fixable --exclude --extend-exclude --line-length --target-version --output-format --cache-dir --dummy-variable-rgx --stdin-filename',
  R1: '--config',
  W1: '-o --output-file',
}), ['path'], { abbreviations: false });

/** ruff's spec: `ruff check`, `ruff format` (files are read; `-o` writes a report). */
export const RUFF: ProgramSpec = program(options({ H: '-h --help -V --version' }), [], { abbreviations: false, subcommands: new Map([['check', ruffCheck], ['format', ruffCheck]]) });
