// Environment variables that make an otherwise allowed program load or run other code (or read other config).

const EXACT = new Set([
  'NODE_OPTIONS', 'NODE_PATH', 'NODE_REPL_EXTERNAL_MODULE', 'ELECTRON_RUN_AS_NODE',
  'PYTHONSTARTUP', 'PYTHONPATH', 'PYTHONHOME', 'PYTHONINSPECT', 'PYTHONEXECUTABLE', 'PYTHONUSERBASE',
  'PERL5OPT', 'PERL5LIB', 'PERLLIB', 'PERL5DB', 'RUBYOPT', 'RUBYLIB',
  'GIT_SSH', 'GIT_SSH_COMMAND', 'GIT_PAGER', 'GIT_EDITOR', 'GIT_SEQUENCE_EDITOR', 'GIT_EXTERNAL_DIFF', 'GIT_ASKPASS',
  'GIT_PROXY_COMMAND', 'GIT_EXEC_PATH', 'GIT_TEMPLATE_DIR', 'GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE',
  'PAGER', 'MANPAGER', 'SYSTEMD_PAGER', 'LESSOPEN', 'LESSCLOSE', 'EDITOR', 'VISUAL', 'BROWSER',
  'PROMPT_COMMAND', 'PS4', 'BASH_ENV', 'ENV', 'SHELLOPTS', 'BASHOPTS', 'IFS', 'PATH', 'CDPATH', 'SHELL',
  // bash's command hash table and alias table as arrays, where builtins load from, and names PATH search skips.
  'BASH_CMDS', 'BASH_ALIASES', 'BASH_LOADABLES_PATH', 'EXECIGNORE',
  'HOME', 'XDG_CONFIG_HOME', 'ZDOTDIR', 'SSH_ASKPASS', 'SUDO_ASKPASS', 'OPENSSL_CONF',
  'JAVA_TOOL_OPTIONS', '_JAVA_OPTIONS', 'JDK_JAVA_OPTIONS', 'CLASSPATH', 'MAVEN_OPTS', 'GRADLE_OPTS',
  'RUSTC_WRAPPER', 'RUSTC', 'GOFLAGS', 'CC', 'CXX', 'LDFLAGS', 'MAKEFLAGS', 'TAR_OPTIONS',
]);

const PREFIXES = ['LD_', 'DYLD_', 'GIT_CONFIG', 'GIT_TRACE', 'BASH_FUNC_', 'NPM_CONFIG_', 'CARGO_'];

/**
 * True when setting this variable can make the command run code it would not otherwise run.
 * Threat: `LD_PRELOAD=/tmp/x.so git status` or `PAGER='rm -rf ~' git log` under an allow rule for git.
 */
export function isCodeRunningEnv(name: string): boolean {
  // `BASH_CMDS[ls]=/bin/rm` sets an element: the array is what counts.
  const upper = name.replace(/\[.*$/s, '').toUpperCase();
  if (EXACT.has(upper)) return true;
  return PREFIXES.some((p) => upper.startsWith(p));
}

// Of those, the ones whose value the program hands to the shell as a command line (`sh -c "$PAGER"`).
const SHELL_VALUED = new Set([
  'PAGER', 'GIT_PAGER', 'MANPAGER', 'SYSTEMD_PAGER', 'EDITOR', 'VISUAL', 'GIT_EDITOR', 'GIT_SEQUENCE_EDITOR', 'FCEDIT',
  'GIT_SSH_COMMAND', 'GIT_EXTERNAL_DIFF', 'GIT_PROXY_COMMAND', 'LESSOPEN', 'LESSCLOSE', 'BROWSER', 'PROMPT_COMMAND',
]);

/**
 * The shell command a variable's value is, or null: `PAGER='rm -rf ~'` runs `rm -rf ~` when git pages, and
 * `LESSOPEN='|cmd %s'` runs cmd. Threat: `PAGER='rm -rf ~' git log` past the hard denies and deny rules.
 */
export function shellCommandOf(name: string, value: string): string | null {
  if (!SHELL_VALUED.has(name.toUpperCase()) || value.trim() === '') return null;
  return value.replace(/^\|+/, '');
}

// Settings that only say which mode, colour or log level to run in (locale and time zone change what readers print: not these): `CI=true`, `NODE_ENV=test`, `FORCE_COLOR=0`.
const CONSTANT_NAMES = new Set([
  'CI', 'NODE_ENV', 'RAILS_ENV', 'RACK_ENV', 'APP_ENV', 'FLASK_ENV', 'MIX_ENV', 'ENVIRONMENT', 'ENV_NAME', 'FORCE_COLOR', 'NO_COLOR', 'CLICOLOR',
  'CLICOLOR_FORCE', 'COLORTERM', 'TERM', 'COLUMNS', 'LINES', 'DEBUG', 'VERBOSE', 'QUIET', 'RUST_BACKTRACE', 'RUST_LOG',
  'LOG_LEVEL', 'LOGLEVEL', 'NODE_NO_WARNINGS', 'PYTHONUNBUFFERED', 'PYTHONDONTWRITEBYTECODE', 'PYTHONHASHSEED', 'PYTHONIOENCODING', 'PYTHONUTF8',
  'GOOS', 'GOARCH', 'CGO_ENABLED', 'GO111MODULE', 'NEXT_TELEMETRY_DISABLED', 'HEADLESS', 'TEST', 'TESTING', 'UPDATE_SNAPSHOTS', 'PORT', 'HOST_PORT',
  'TF_IN_AUTOMATION', 'TF_INPUT', 'DOTNET_CLI_TELEMETRY_OPTOUT', 'HUSKY', 'SKIP_PREFLIGHT_CHECK', 'BROWSERSLIST_IGNORE_OLD_DATA', 'JOBS', 'NUM_JOBS',
]);
const CONSTANT_NAME_FORMS = /^([A-Z][A-Z0-9]*_(ENV|LOG_LEVEL|LOGLEVEL|DEBUG|VERBOSE|COLOR|COLORS|TELEMETRY_DISABLED|TELEMETRY_OPTOUT|NO_TELEMETRY|DISABLE_TELEMETRY))$/;
// A value that is one plain word: no path, home, glob, expansion or space (`test`, `0`, `en_US.UTF-8`, `info`).
const CONSTANT_VALUE = /^[A-Za-z0-9_.,:+@-]{0,64}$/;

/**
 * Whether `NAME=value` before a command only picks a mode, colour, locale or log level with a plain constant, so a rule
 * for the command vouches for it as it would without it (`CI=true npm test` under `Bash(npm test:*)`). Variables that
 * load code, name files or hosts, or pass options stay outside (`NODE_OPTIONS`, `PYTEST_ADDOPTS`, `KUBECONFIG`).
 */
export function isConstantSetting(name: string, value: string): boolean {
  return !isCodeRunningEnv(name) && (CONSTANT_NAMES.has(name) || CONSTANT_NAME_FORMS.test(name)) && CONSTANT_VALUE.test(value);
}
