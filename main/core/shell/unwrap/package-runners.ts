// Package runners (npx, npm exec, pnpm dlx, yarn dlx, bunx, uvx, pipx run, deno run, corepack…) and environment runners (uv run,
// poetry run, mise exec, direnv exec…): their words, subcommands and options in one place, so that the closed world,
// deny rules' other spellings, the tamper guard, hard denies and the code-execution check all find the same package and
// command in `npx --registry R -p PKG -- CMD ARGS`.
import { npmCommand } from './npm-commands.js';

/** How one program runs packages: by itself (`npx`) or through subcommands (`npm exec`), and how its options are spelled. */
interface PackageRunner {
  /** The words after the program that make it run a package ('' for the program alone), and whether it downloads one. */
  runs: Readonly<Record<string, 'fetch' | 'local'>>;
  /** Options whose value is the next word (when not attached with `=`): never the package or the command. */
  valued: readonly string[];
  /** Options that take no value: the word after them may be the command. */
  flags: readonly string[];
  /** Options whose value names a package to install (`npx -p PKG`, `uvx --from PKG`). */
  packages: readonly string[];
  /** Options whose value is a whole command line (`npx -c 'CMD ARGS'`, `pnpm dlx --shell-mode 'CMD'`). */
  calls: readonly string[];
  /** The subcommand a word names (`npm x` and `npm exe` are `npm exec`). */
  subcommand?: (word: string) => string;
  /** Operands that may come before the command (`direnv exec DIR cmd`, `nvm exec [VERSION] cmd`). */
  operands?: number;
}

// npm's config options that take a value (npx and `npm exec` read the same config).
const NPM_VALUED = [
  '-w', '--workspace', '--prefix', '-C', '--cache', '--registry', '--userconfig', '--globalconfig', '--loglevel', '--node-options',
  '--script-shell', '--shell', '--include', '--omit', '--tag', '--otp', '--scope', '--before', '--location', '--install-strategy',
  '--fetch-retries', '--fetch-timeout', '--proxy', '--https-proxy', '--noproxy', '--ca', '--cafile', '--cert', '--key', '--editor',
  '--browser', '--init-module', '--auth-type', '--access',
];
const NPM_FLAGS = [
  '-y', '--yes', '--no', '-q', '--quiet', '-s', '--silent', '-d', '--verbose', '--no-install', '--ignore-existing', '--offline',
  '--prefer-offline', '--prefer-online', '-ws', '--workspaces', '--include-workspace-root', '--if-present', '-g', '--global',
  '--json', '--no-color', '--foreground-scripts', '--ignore-scripts', '--dry-run', '-f', '--force', '--legacy-peer-deps',
  '--no-audit', '--no-fund', '--no-update-notifier', '--no-progress',
];
const NPM_LIKE = { valued: NPM_VALUED, flags: NPM_FLAGS, packages: ['-p', '--package'], calls: ['-c', '--call'] };

const PNPM_VALUED = [
  '-C', '--dir', '-F', '--filter', '--filter-prod', '--reporter', '--loglevel', '--registry', '--store-dir', '--cache-dir',
  '--virtual-store-dir', '--lockfile-dir', '--modules-dir', '--workspace-concurrency', '--test-pattern',
  '--changed-files-ignore-pattern', '--node-linker', '--resume-from', '--allow-build',
];
const PNPM_FLAGS = [
  '-r', '--recursive', '-w', '--workspace-root', '-s', '--silent', '--parallel', '--stream', '--no-bail', '--bail',
  '--aggregate-output', '--reverse', '--if-present', '--report-summary', '--prefer-offline', '--offline', '--use-stderr',
  '--no-color', '--color',
];
const PNPM_LIKE = { valued: PNPM_VALUED, flags: PNPM_FLAGS, packages: ['--package'], calls: ['-c', '--shell-mode'] };

const UV_VALUED = [
  '-p', '--python', '--index', '--index-url', '-i', '--default-index', '--extra-index-url', '-f', '--find-links', '-c', '--constraints',
  '--overrides', '--build-constraints', '--env-file', '--directory', '--project', '--cache-dir', '--config-file', '--color',
  '--index-strategy', '--keyring-provider', '--resolution', '--prerelease', '--exclude-newer', '--link-mode', '-P', '--upgrade-package',
  '--reinstall-package', '--refresh-package', '-C', '--config-setting', '--python-preference', '--allow-insecure-host',
];
const UV_FLAGS = [
  '-q', '--quiet', '-v', '--verbose', '--isolated', '--offline', '-n', '--no-cache', '--no-config', '-U', '--upgrade', '--reinstall',
  '--refresh', '--no-python-downloads', '--native-tls', '--no-progress', '--managed-python', '--no-managed-python',
];
const UV_LIKE = { valued: UV_VALUED, flags: UV_FLAGS, packages: ['--from', '--with', '--with-editable', '--with-requirements'], calls: [] };

const BUN_LIKE = {
  valued: ['--cwd', '--config', '--env-file'],
  flags: ['--bun', '-b', '--silent', '--no-install', '--verbose', '--smol'],
  packages: ['-p', '--package'],
  calls: [],
};

const YARN_LIKE = {
  valued: ['--cwd', '--modules-folder', '--cache-folder', '--global-folder', '--link-folder', '--mutex', '--network-timeout', '--registry', '--proxy', '--https-proxy', '--otp', '--use-yarnrc'],
  flags: ['-q', '--quiet', '-s', '--silent', '--verbose', '--offline', '--prefer-offline', '--non-interactive', '--no-progress', '--frozen-lockfile', '--ignore-engines', '--json', '--no-default-rc'],
  packages: ['-p', '--package'],
  calls: [],
};

// Environment runners' own options are few; any other is read both ways (a flag, or taking the next word).
const ENV_LIKE = { valued: [] as readonly string[], flags: ['-q', '--quiet', '-v', '--verbose'], packages: [] as readonly string[], calls: [] as readonly string[] };

/** Every package runner, by program name. */
const PACKAGE_RUNNERS: Readonly<Record<string, PackageRunner>> = {
  npx: { runs: { '': 'fetch' }, ...NPM_LIKE },
  // `npm init X` / `npm create X` run the package create-X.
  npm: { runs: { exec: 'fetch', init: 'fetch' }, ...NPM_LIKE, subcommand: npmCommand },
  pnpx: { runs: { '': 'fetch' }, ...PNPM_LIKE },
  pnpm: { runs: { dlx: 'fetch', create: 'fetch', exec: 'local' }, ...PNPM_LIKE },
  yarn: { runs: { dlx: 'fetch', create: 'fetch', exec: 'local', run: 'local' }, ...YARN_LIKE },
  bunx: { runs: { '': 'fetch' }, ...BUN_LIKE },
  bun: { runs: { x: 'fetch', create: 'fetch', run: 'local' }, ...BUN_LIKE },
  uvx: { runs: { '': 'fetch' }, ...UV_LIKE },
  uv: { runs: { 'tool run': 'fetch', run: 'local' }, ...UV_LIKE },
  pipx: { runs: { run: 'fetch' }, valued: ['--python', '--index-url', '-i', '--pip-args', '--backend'], flags: ['-q', '--quiet', '-v', '--verbose', '--no-cache', '--system-site-packages', '--pypackages'], packages: ['--spec'], calls: [] },
  corepack: { runs: { '': 'local' }, valued: [], flags: [], packages: [], calls: [] },
  // `deno run npm:PKG` (or `jsr:PKG`) downloads and runs the package's bin; `deno run FILE` runs a script.
  deno: {
    runs: { run: 'local' },
    valued: ['-c', '--config', '--import-map', '--lock', '--cert', '--location', '--seed', '--ext', '-L', '--log-level'],
    flags: ['-A', '--allow-all', '-q', '--quiet', '-r', '--reload', '--no-check', '--check', '--watch', '--no-prompt', '--cached-only', '--no-lock', '--no-config', '--no-npm', '--no-remote'],
    packages: [],
    calls: [],
  },
  // Environment runners: they run the command in a project's environment, with its tools or secrets.
  poetry: { runs: { run: 'local' }, ...ENV_LIKE },
  pipenv: { runs: { run: 'local' }, ...ENV_LIKE },
  pdm: { runs: { run: 'local' }, ...ENV_LIKE },
  hatch: { runs: { run: 'local' }, ...ENV_LIKE },
  rye: { runs: { run: 'local' }, ...ENV_LIKE },
  pixi: { runs: { run: 'local' }, ...ENV_LIKE },
  conda: { runs: { run: 'local' }, ...ENV_LIKE, valued: ['-n', '--name', '-p', '--prefix', '--cwd'] },
  mamba: { runs: { run: 'local' }, ...ENV_LIKE, valued: ['-n', '--name', '-p', '--prefix', '--cwd'] },
  mise: { runs: { exec: 'local', x: 'local' }, ...ENV_LIKE, valued: ['-C', '--cd', '-j', '--jobs', '-E', '--env'] },
  asdf: { runs: { exec: 'local' }, ...ENV_LIKE },
  volta: { runs: { run: 'local' }, ...ENV_LIKE, valued: ['--node', '--npm', '--pnpm', '--yarn'] },
  fnm: { runs: { exec: 'local' }, ...ENV_LIKE, valued: ['--using'] },
  nvm: { runs: { exec: 'local', run: 'local' }, ...ENV_LIKE, operands: 1 },
  rbenv: { runs: { exec: 'local' }, ...ENV_LIKE },
  pyenv: { runs: { exec: 'local' }, ...ENV_LIKE },
  bundle: { runs: { exec: 'local' }, ...ENV_LIKE, valued: ['--gemfile'] },
  direnv: { runs: { exec: 'local' }, ...ENV_LIKE, operands: 1 },
  devbox: { runs: { run: 'local' }, ...ENV_LIKE, valued: ['-c', '--config'] },
  dotenvx: { runs: { run: 'local' }, ...ENV_LIKE, valued: ['-f', '--env-file', '-e', '--env'] },
  op: { runs: { run: 'local' }, ...ENV_LIKE, valued: ['--env-file', '--account'] },
  doppler: { runs: { run: 'local' }, ...ENV_LIKE, valued: ['-p', '--project', '-c', '--config', '--token'] },
  infisical: { runs: { run: 'local' }, ...ENV_LIKE, valued: ['--env', '--path', '--projectId', '--token'] },
  'aws-vault': { runs: { exec: 'local' }, ...ENV_LIKE, valued: ['-d', '--duration', '--region', '--mfa-token'], operands: 1 },
};

/** One way to read a runner's words: what it runs. Options of unknown arity give more than one. */
export interface RunnerReading {
  /** The words that made it a runner (`npx`, `npm exec`, `uv tool run`). */
  runner: string;
  /** Whether it downloads the package when the project lacks it. */
  fetches: boolean;
  /** The command it runs, program word first as written (`npm@10`), a `-c` command line split into words; empty when none. */
  command: string[];
  /** Options naming what to install or run (`-p PKG`, `--from PKG`, `-c CMD`), as `option value`. */
  named: string[];
  /** The command line of `-c`/`--call`, when that is what it runs. */
  call?: string;
}

interface OptionScan {
  /** Where the operand may start: after each option of unknown arity (read as a flag), then where it surely starts. */
  starts: number[];
  named: string[];
  call?: string;
}

/** Reads a runner's options from `i`: where its first operand may be, and what its options name. */
function scanOptions(words: readonly string[], i: number, r: PackageRunner): OptionScan {
  const out: OptionScan = { starts: [], named: [] };
  while (i < words.length) {
    const w = words[i]!;
    if (w === '--') {
      out.starts.push(i + 1);
      return out;
    }
    if (!w.startsWith('-') || w === '-') {
      out.starts.push(i);
      return out;
    }
    const eq = w.indexOf('=');
    const name = eq < 0 ? w : w.slice(0, eq);
    const value = eq < 0 ? words[i + 1] : w.slice(eq + 1);
    if (r.calls.includes(name)) out.call = value ?? '';
    if (r.calls.includes(name) || r.packages.includes(name)) out.named.push(`${name} ${value ?? ''}`);
    if (eq >= 0 || r.flags.includes(name)) {
      i++;
      continue;
    }
    if (r.valued.includes(name) || r.calls.includes(name) || r.packages.includes(name)) {
      i += 2;
      continue;
    }
    // An option this table does not know may take no value (the next word is then the operand) or take the next word.
    const next = words[i + 1];
    if (next !== undefined && !next.startsWith('-')) out.starts.push(i + 1);
    i += next !== undefined && !next.startsWith('-') ? 2 : 1;
  }
  return out;
}

const MAX_READINGS = 8;

/** The readings that follow the runner's own options from `from`. */
function readingsFrom(words: readonly string[], from: number, r: PackageRunner, runner: string, fetches: boolean): RunnerReading[] {
  const scan = scanOptions(words, from, r);
  if (scan.call !== undefined) return [{ runner, fetches, command: scan.call.split(/\s+/).filter((w) => w !== ''), named: scan.named, call: scan.call }];
  const starts = scan.starts.length > 0 ? scan.starts : [words.length];
  // Operands before the command (`direnv exec DIR cmd`): the command may start after each.
  for (let k = 1; k <= (r.operands ?? 0) && starts.at(-1)! + 1 < words.length; k++) starts.push(starts.at(-1)! + 1);
  // A local runner's `--` ends its own words (`mise x node@20 -- cmd`, `aws-vault exec prof -- cmd`).
  const dash = words.indexOf('--', from);
  if (!fetches && dash >= 0 && !starts.includes(dash + 1)) starts.push(dash + 1);
  // Each option of unknown arity adds a reading; past a few, the last (every such option takes a value) is still kept.
  if (starts.length > MAX_READINGS) starts.splice(MAX_READINGS - 1, starts.length - MAX_READINGS);
  return starts.map((s) => ({ runner, fetches, command: words.slice(s), named: scan.named }));
}

// Each runner's subcommands split into words once, not once per command read.
type SplitRun = { sub: string; subWords: string[]; kind: PackageRunner['runs'][string] };
const splitRuns = new WeakMap<PackageRunner, SplitRun[]>();

function subcommandsOf(r: PackageRunner): SplitRun[] {
  let split = splitRuns.get(r);
  if (split === undefined) splitRuns.set(r, (split = Object.entries(r.runs).map(([sub, kind]) => ({ sub, subWords: sub.split(' '), kind }))));
  return split;
}

/** Whether `words` from `s` are the subcommand's words (as the runner spells them), compared in place. */
function spellsAt(words: readonly string[], s: number, subWords: readonly string[], r: PackageRunner): boolean {
  if (s + subWords.length > words.length) return false;
  for (let k = 0; k < subWords.length; k++) if ((r.subcommand?.(words[s + k]!) ?? words[s + k]) !== subWords[k]) return false;
  return true;
}

/**
 * Every reading of `words` (program word at `at`, a bare name) as a package or environment runner; empty when it is none.
 * Threat: `npx --registry R npm publish`, `pnpm --reporter x dlx npm publish`, `yarn --cwd d dlx npm publish` hide the
 * command behind options whose value the reader did not skip.
 */
export function runnerReadings(words: readonly string[], at = 0): RunnerReading[] {
  const program = words[at] ?? '';
  const r = PACKAGE_RUNNERS[program];
  if (r === undefined) return [];
  const alone = r.runs[''];
  if (alone !== undefined) return readingsFrom(words, at + 1, r, program, alone === 'fetch');
  // Options before the subcommand (`npm --registry R exec`): each place the subcommand may be.
  const out: RunnerReading[] = [];
  for (const s of scanOptions(words, at + 1, r).starts) {
    for (const { sub, subWords, kind } of subcommandsOf(r)) {
      if (!spellsAt(words, s, subWords, r)) continue;
      out.push(...readingsFrom(words, s + subWords.length, r, `${program} ${sub}`, kind === 'fetch'));
    }
  }
  return out;
}

/**
 * The program a runner's command word runs: `npm@10`, `cowsay@latest`, `twine==4.0` and deno's `npm:cowsay@1` run `npm`,
 * `cowsay`, `twine` and `cowsay`.
 */
export function commandProgram(word: string): string {
  return word.replace(/^(npm|jsr):/, '').replace(/(?<=.)@[^/@]*$/, '').replace(/(?<=.)(===?|~=|!=|<=?|>=?).*$/, '');
}

/** Whether a program name is a runner in any of its forms (`npx`, `npm`, `uv`…), for indexes of rules by program. */
export function isRunnerProgram(name: string): boolean {
  return PACKAGE_RUNNERS[name] !== undefined;
}
