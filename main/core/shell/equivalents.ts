// Other spellings of the same command for deny and ask rules: drop-in programs (`pnpm publish` for `npm publish`,
// `podman` for `docker`, `tofu` for `terraform`), npm's abbreviated subcommands (`npm pub`), package runners
// (`npx npm publish`) and git's other ways to push (`git send-pack`, `git subtree push`).
// Only commands are rewritten, never rules: a rule denying yarn must not deny npm.
import { GIT_GLOBAL } from './checks/git.js';
import { scanArgs } from './options.js';

/** Drop-in programs, by name: the program whose rules also hold for them (and a word they put before the subcommand). */
const DROP_INS: Record<string, readonly string[]> = {
  pnpm: ['npm'], yarn: ['npm'], bun: ['npm'], podman: ['docker'], nerdctl: ['docker'], 'docker-compose': ['docker', 'compose'],
  tofu: ['terraform'], terragrunt: ['terraform'], oc: ['kubectl'],
};

/** `yarn npm publish` runs npm's own command: the word is dropped after the drop-in is renamed. */
const PASS_THROUGH: Record<string, string> = { yarn: 'npm' };

// npm 10's commands and aliases (lib/utils/cmd-list.js): npm runs any unambiguous prefix of one of them.
const NPM_COMMANDS = [
  'access', 'adduser', 'audit', 'bugs', 'cache', 'ci', 'completion', 'config', 'dedupe', 'deprecate', 'diff', 'dist-tag', 'docs',
  'doctor', 'edit', 'exec', 'explain', 'explore', 'find-dupes', 'fund', 'get', 'help', 'help-search', 'hook', 'init', 'install',
  'install-ci-test', 'install-test', 'link', 'll', 'login', 'logout', 'ls', 'org', 'outdated', 'owner', 'pack', 'ping', 'pkg',
  'prefix', 'profile', 'prune', 'publish', 'query', 'rebuild', 'repo', 'restart', 'root', 'run-script', 'sbom', 'search', 'set',
  'shrinkwrap', 'star', 'stars', 'start', 'stop', 'team', 'test', 'token', 'uninstall', 'unpublish', 'unstar', 'update',
  'version', 'view', 'whoami',
];
const NPM_ALIASES: Record<string, string> = {
  add: 'install', i: 'install', in: 'install', ins: 'install', inst: 'install', insta: 'install', instal: 'install', isnt: 'install',
  isnta: 'install', isntal: 'install', isntall: 'install', it: 'install-test', cit: 'install-ci-test', sit: 'install-ci-test',
  ic: 'ci', 'clean-install': 'ci', 'install-clean': 'ci', 'isntall-clean': 'ci', 'clean-install-test': 'install-ci-test',
  c: 'config', author: 'owner', create: 'init', innit: 'init', ddp: 'dedupe', 'dist-tags': 'dist-tag', find: 'search', s: 'search',
  se: 'search', hlep: 'help', home: 'docs', info: 'view', show: 'view', v: 'view', issues: 'bugs', la: 'll', list: 'ls',
  ln: 'link', r: 'uninstall', remove: 'uninstall', rm: 'uninstall', un: 'uninstall', unlink: 'uninstall', rb: 'rebuild',
  run: 'run-script', rum: 'run-script', urn: 'run-script', t: 'test', tst: 'test', up: 'update', upgrade: 'update',
  udpate: 'update', verison: 'version', why: 'explain', x: 'exec', 'add-user': 'adduser',
};
const NPM_NAMES = [...NPM_COMMANDS, ...Object.keys(NPM_ALIASES)];

/** The npm command a word runs (`pub` → `publish`, `rm` → `uninstall`), or the word itself. */
function npmCommand(word: string): string {
  if (NPM_COMMANDS.includes(word)) return word;
  const alias = NPM_ALIASES[word];
  if (alias !== undefined) return alias;
  const hits = NPM_NAMES.filter((n) => n.startsWith(word));
  return hits.length === 1 ? (NPM_ALIASES[hits[0]!] ?? hits[0]!) : word;
}

/** Rewrites npm's subcommand word (and the words that may be it after options that take a value) to its full name. */
function expandNpm(words: string[], at: number): string[] | null {
  let changed = false;
  const out = [...words];
  for (let i = at + 1; i < out.length; i++) {
    const w = out[i]!;
    if (w === '--') break;
    if (w.startsWith('-')) continue;
    const full = npmCommand(w);
    if (full !== w) {
      out[i] = full;
      changed = true;
    }
    const prev = out[i - 1]!;
    if (!(prev.startsWith('-') && !prev.includes('='))) break;
  }
  return changed ? out : null;
}

// Package runners run the program their first operand names (`npx npm publish` runs npm's own CLI): the runner, its
// subcommand and its options are dropped. Value-taking options by runner (their values are not the program); `-c`/`--call`
// holds the command as one string (`npx -c 'npm publish'`), read here as its words.
const RUNNERS: Record<string, { subs?: readonly string[]; values: readonly string[] }> = {
  npx: { values: ['-p', '--package', '-w', '--workspace', '-c', '--call'] },
  bunx: { values: ['-p', '--package'] },
  corepack: { values: [] },
  npm: { subs: ['exec'], values: ['-p', '--package', '-w', '--workspace', '-c', '--call', '--prefix', '--registry'] },
  pnpm: { subs: ['exec', 'dlx'], values: ['--package', '-C', '--dir', '--filter', '-F', '-c'] },
  yarn: { subs: ['exec', 'dlx'], values: ['-p', '--package'] },
};
const CALL = new Set(['-c', '--call']);

/** Skips a runner's options from `i`; the index of its first operand, and the command string of `-c`/`--call` if any. */
function skipOptions(words: readonly string[], i: number, values: readonly string[]): { at: number; call?: string } {
  let call: string | undefined;
  while (i < words.length && words[i]!.startsWith('-')) {
    const w = words[i++]!;
    if (w === '--') break;
    const eq = w.indexOf('=');
    const name = eq < 0 ? w : w.slice(0, eq);
    if (CALL.has(name)) call = eq < 0 ? words[i] : w.slice(eq + 1);
    if (eq < 0 && values.includes(w)) i++;
  }
  return call === undefined ? { at: i } : { at: i, call };
}

/** The command a package runner runs (`npx -y npm publish` → `npm publish`, `pnpm -F x exec npm publish`), or null. */
function runnerForm(words: readonly string[], at: number): string[] | null {
  const runner = RUNNERS[words[at]!];
  if (runner === undefined) return null;
  let skip = skipOptions(words, at + 1, runner.values);
  if (runner.subs !== undefined) {
    const sub = words[skip.at] ?? '';
    if (!runner.subs.includes(words[at] === 'npm' ? npmCommand(sub) : sub)) return null;
    skip = skipOptions(words, skip.at + 1, runner.values);
  }
  const head = words.slice(0, at);
  if (skip.call !== undefined) return [...head, ...skip.call.split(/\s+/).filter((w) => w !== '')];
  return skip.at < words.length ? [...head, ...words.slice(skip.at)] : null;
}

// git commands that push under another name: plumbing `send-pack`, and `subtree push` (which pushes a split history).
const GIT_PUSHES: Record<string, number> = { 'send-pack': 1, subtree: 2 };

/** `git [globals] send-pack …` and `git [globals] subtree push …` read as `git [globals] push …`, or null. */
function gitPushForm(words: readonly string[], at: number): string[] | null {
  const sub = scanArgs(words, at + 1, GIT_GLOBAL).end;
  const n = GIT_PUSHES[words[sub] ?? ''];
  if (n === undefined || (n === 2 && words[sub + 1] !== 'push')) return null;
  return [...words.slice(0, sub), 'push', ...words.slice(sub + n)];
}

/** The program names of a command's other readings (program word at `at`, any spelling), so rule indexes offer their rules. */
export function equivalentPrograms(words: readonly string[], at: number, name: string): string[] {
  if (DROP_INS[name] === undefined && RUNNERS[name] === undefined) return [];
  return equivalentForms(words.map((w, i) => (i === at ? name : w)), at).map((f) => f[at]!);
}

/**
 * The other readings of a command (program word at `at`, bare names) that deny and ask rules must also see.
 * Threat: `pnpm publish`, `yarn npm publish`, `npm pub`, `npx npm publish` past a deny `Bash(npm publish:*)`; `podman run` past `Bash(docker:*)`.
 */
export function equivalentForms(words: readonly string[], at: number): string[][] {
  const program = words[at];
  if (program === undefined) return [];
  if (program === 'git') {
    const push = gitPushForm(words, at);
    return push === null ? [] : [push];
  }
  const run = runnerForm(words, at);
  const out: string[][] = run === null ? [] : [run, ...equivalentForms(run, at)];
  let form = [...words];
  const dropIn = DROP_INS[program];
  if (dropIn !== undefined) {
    let rest = words.slice(at + 1);
    if (program === 'yarn' && rest[0] === 'workspace') rest = rest.slice(2); // `yarn workspace NAME cmd` runs cmd there
    const pass = PASS_THROUGH[program];
    if (pass !== undefined && rest[0] === pass) rest = rest.slice(1);
    form = [...words.slice(0, at), ...dropIn, ...rest];
    out.push(form);
  }
  if (form[at] === 'npm') {
    const expanded = expandNpm(form, at);
    if (expanded !== null) out.push(expanded);
  }
  return out;
}
