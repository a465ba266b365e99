// What a program does with a folder it is given when the engine has no spec for it: it reads the whole tree (packs,
// copies, syncs, uploads, serves it), unless it is known to only build, check, test, format, open, list or change it.
import { commandProgram, runnerReadings } from '../unwrap/package-runners.js';
import { servedFolder } from './env-loaders.js';
import { knowsReads } from './read-operands.js';
import { specReading } from '../specs/index.js';
import type { SimpleCommand } from '../types.js';

/**
 * Programs that, given a folder, build, compile, check, test, format, open, list, count or re-permission what is in it:
 * their output is diagnostics or build products, not the files themselves. (Interpreters and shells run a script that
 * could read anything anyway: the tree read adds nothing to what their rule already vouches for.)
 */
const FOLDER_WORKERS = new Set([
  // creating, deleting, re-permissioning, timestamps, names
  'mkdir', 'rmdir', 'rm', 'unlink', 'touch', 'chmod', 'chown', 'chgrp', 'chattr', 'setfacl', 'getfacl', 'ln', 'cp', 'mv', 'install', 'realpath', 'readlink',
  'basename', 'dirname', 'test', '[', '[[', 'exa', 'eza', 'lsd', 'dust', 'ncdu', 'df', 'cloc', 'tokei', 'scc', 'sloccount', 'inotifywait', 'fswatch', 'watchman',
  // build systems and compilers
  'cmake', 'ninja', 'meson', 'bazel', 'bazelisk', 'buck', 'buck2', 'pants', 'scons', 'cargo', 'rustc', 'gcc', 'g++', 'cc', 'c++', 'clang', 'clang++',
  'javac', 'java', 'mvn', 'mvnw', 'gradle', 'gradlew', 'ant', 'sbt', 'lein', 'dotnet', 'msbuild', 'swift', 'swiftc', 'xcodebuild', 'zig', 'ghc', 'cabal', 'stack',
  'dune', 'nim', 'dart', 'flutter', 'mix', 'rebar3', 'tsc', 'tsx', 'ts-node', 'esbuild', 'swc', 'babel', 'webpack', 'vite', 'rollup', 'parcel', 'turbo', 'nx',
  'lerna', 'next', 'nuxt', 'astro', 'gatsby', 'remix', 'hugo', 'jekyll', 'mkdocs', 'sphinx-build', 'doxygen', 'typedoc', 'jsdoc', 'tailwindcss', 'postcss', 'sass',
  'protoc', 'buf', 'bundle', 'rake', 'gem', 'pip', 'pip3', 'uv', 'poetry', 'pdm', 'hatch', 'flit', 'maturin', 'tox', 'nox', 'yarn', 'pnpm', 'composer',
  // checkers, linters, formatters, test runners
  'mypy', 'pyright', 'pyre', 'pytype', 'black', 'isort', 'flake8', 'pylint', 'pycodestyle', 'pydocstyle', 'bandit', 'autopep8', 'yapf', 'jest', 'vitest', 'mocha',
  'ava', 'jasmine', 'karma', 'playwright', 'cypress', 'tap', 'biome', 'oxlint', 'stylelint', 'markdownlint', 'markdownlint-cli2', 'rubocop', 'rspec', 'standardrb', 'phpunit', 'phpstan',
  'psalm', 'php-cs-fixer', 'phpcs', 'golangci-lint', 'gofmt', 'goimports', 'staticcheck', 'revive', 'rustfmt', 'clippy-driver', 'shellcheck', 'shfmt', 'hadolint',
  'yamllint', 'actionlint', 'tflint', 'tfsec', 'checkov', 'ktlint', 'detekt', 'swiftlint', 'swiftformat', 'clang-tidy', 'cppcheck', 'cpplint', 'codespell',
  'pre-commit', 'lefthook', 'semgrep', 'trivy', 'vale', 'alex', 'knip', 'depcheck', 'madge', 'tsc-watch', 'nodemon', 'deno', 'pytest-watch', 'ptw',
  // editors and openers, interpreters and shells, infrastructure tools that read their own configuration folder
  'code', 'code-insiders', 'cursor', 'codium', 'subl', 'atom', 'idea', 'webstorm', 'pycharm', 'zed', 'vim', 'nvim', 'vi', 'emacs', 'nano', 'open', 'xdg-open',
  'node', 'nodejs', 'python', 'python3', 'ruby', 'perl', 'php', 'bash', 'sh', 'zsh', 'fish', 'julia', 'Rscript', 'R', 'lua', 'luajit', 'elixir', 'erl',
  'scala', 'kotlin', 'groovy', 'tclsh', 'pwsh', 'dotnet-script', 'gdb', 'lldb', 'valgrind', 'strace', 'ltrace', 'time', 'hyperfine', 'terraform', 'tofu', 'terragrunt', 'pulumi', 'helm', 'kustomize',
  'ansible-playbook', 'ansible-lint', 'packer', 'vagrant', 'skaffold', 'tilt',
]);
/** Subcommands of container tools that copy a tree out of the workspace (`docker cp . c:/x`); their others build from a context. */
const CONTAINER_TOOLS = new Set(['docker', 'podman', 'nerdctl', 'buildah']);

/** Whether a program name is one of the version-suffixed spellings of a known one (`python3.12`, `gcc-13`, `clang++-17`). */
function baseName(prog: string): string {
  return prog.replace(/^(python|pip|ruby|perl|node|php|gcc|g\+\+|clang|clang\+\+|clang-tidy|clang-format)[-\d.]+$/, '$1');
}

/**
 * Whether the command reads every file below a folder it is given, whatever it is called (`7z a x.7z .`, `restic backup .`,
 * `rclone copy . remote:`, `npx serve .`): a program without a spec or a reading list, not known to only work on folders.
 * Threat: packing, syncing, uploading or serving the workspace hands on .env and .git with it.
 */
export function readsTreeByDefault(argv: readonly string[]): boolean {
  const prog = baseName(argv[0] ?? '');
  if (prog === '' || knowsReads(prog) || FOLDER_WORKERS.has(prog) || specReading(argv) !== null) return false;
  if (CONTAINER_TOOLS.has(prog)) return argv.slice(1).find((w) => !w.startsWith('-')) === 'cp';
  // `npx eslint .`: a runner's folder is its command's (eslint's spec); `npx serve .` serves the tree.
  const readings = runnerReadings(argv);
  if (readings.length > 0) return readings.some((r) => r.command.length > 0 && readsTreeByDefault([commandProgram(r.command[0]!), ...r.command.slice(1)]));
  // These have readings of their own (recursion.ts, tree-readers.ts: `rsync -a`, `zip -r`, `git add -f`).
  return prog !== 'git' && prog !== 'find' && prog !== 'tar' && prog !== 'zip' && prog !== 'rsync';
}

/**
 * The folders a command may read whole: the folder a file server serves, and the operands of a program that reads trees by
 * default (words that are not options, and every word after `--`).
 */
export function defaultTreeOperands(cmd: SimpleCommand): string[] {
  // A command read only for what must be denied (what a launcher or runner may run: `runBy`) asks nothing of its own;
  // its launcher is judged as given (`npx vitest run src` is not `run src`).
  if (cmd.runBy !== undefined) return [];
  const served = servedFolder(cmd.argv);
  if (!readsTreeByDefault(cmd.argv)) return served === null ? [] : [served];
  const out: string[] = [];
  let options = true;
  for (const w of cmd.argv.slice(1)) {
    if (options && w === '--') options = false;
    else if (!options || !w.startsWith('-')) out.push(w);
  }
  if (served !== null) out.push(served);
  return out.filter((w) => w !== '' && !/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(w));
}
