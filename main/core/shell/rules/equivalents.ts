// Other spellings of the same command for deny and ask rules: drop-in programs (`pnpm publish` for `npm publish`,
// `podman` for `docker`, `tofu` for `terraform`), npm's abbreviated subcommands (`npm pub`), package and environment
// runners (`npx npm publish`, `uv run twine upload`), python's modules (`python -m twine upload`), git's other ways
// to push (`git send-pack`, `git subtree push`) and its dashed names (`git-push`), and versioned interpreter names (`python3.12` for `python3`).
// Only commands are rewritten, never rules: a rule denying yarn must not deny npm.
import { GIT_GLOBAL } from '../checks/git.js';
import { npmCommand } from '../unwrap/npm-commands.js';
import { scanArgs } from '../options.js';
import { commandProgram, isRunnerProgram, runnerReadings } from '../unwrap/package-runners.js';

/** Drop-in programs, by name: the program whose rules also hold for them (and a word they put before the subcommand). */
const DROP_INS: Record<string, readonly string[]> = {
  pnpm: ['npm'], yarn: ['npm'], bun: ['npm'], podman: ['docker'], nerdctl: ['docker'], 'docker-compose': ['docker', 'compose'],
  tofu: ['terraform'], terragrunt: ['terraform'], oc: ['kubectl'],
};

/** `yarn npm publish` runs npm's own command: the word is dropped after the drop-in is renamed. */
const PASS_THROUGH: Record<string, string> = { yarn: 'npm' };

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

const MAX_RUNNER_DEPTH = 3;

/** The commands a package runner runs (`npx -y npm publish` → `npm publish`, `pnpm -F x exec npm@10 publish`), one per reading. */
function runnerForms(words: readonly string[], at: number): string[][] {
  const head = words.slice(0, at);
  return runnerReadings(words, at)
    .filter((r) => r.command.length > 0)
    .map((r) => [...head, commandProgram(r.command[0]!), ...r.command.slice(1)]);
}

const PYTHON = /^python(\d+(\.\d+)?)?$/;

// Interpreters and their package tools installed under versioned names (`python3.12`, `pip3`, `nodejs`, `ruby3.2`, `php8.3`).
const VERSIONED = /^(python|pip|ruby|perl|php|lua|node)(js|\d+(\.\d+)*)$|^(python|pip)$/;

/** The other names of a versioned interpreter (`python3.12` → python3, python; `python` → python3): one program to deny rules. */
function familyNames(program: string): string[] {
  const m = VERSIONED.exec(program);
  if (m === null) return [];
  const base = m[1] ?? m[4]!;
  const names = base === 'python' || base === 'pip' ? [base, `${base}3`] : [base];
  return names.filter((n) => n !== program);
}

/** `python3 -m twine upload` runs the module's command, as `twine upload` does (`python -m pip install` as `pip install`); or null. */
function moduleForm(words: readonly string[], at: number): string[] | null {
  if (!PYTHON.test(words[at] ?? '')) return null;
  for (let i = at + 1; i < words.length; i++) {
    const w = words[i]!;
    if (w === '-m') return i + 1 < words.length ? [...words.slice(0, at), ...words.slice(i + 1)] : null;
    if (/^-m./.test(w)) return [...words.slice(0, at), w.slice(2), ...words.slice(i + 1)];
    // A script, `-c CODE` or `-` (stdin) runs no module.
    if (!w.startsWith('-') || w === '-' || /^-[a-zA-Z]*c/.test(w)) return null;
    if (/^-[WX]$/.test(w)) i++;
  }
  return null;
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

// git's dashed command names: git runs `git push` as the program `git-push` from its exec path (/usr/lib/git-core), and
// any `git-<sub>` on a path is the command `git <sub>` (`/usr/lib/git-core/git-push -f`, `git-lfs push`).
const GIT_DASHED = /^git-(.+)$/;

/** `git-push …` (any path) read as `git push …`, or null. */
function gitDashedForm(words: readonly string[], at: number): string[] | null {
  const sub = GIT_DASHED.exec(words[at] ?? '')?.[1];
  return sub === undefined ? null : [...words.slice(0, at), 'git', sub, ...words.slice(at + 1)];
}

/** The program names of a command's other readings (program word at `at`, any spelling), so rule indexes offer their rules. */
export function equivalentPrograms(words: readonly string[], at: number, name: string): string[] {
  if (DROP_INS[name] === undefined && !isRunnerProgram(name) && !PYTHON.test(name) && !VERSIONED.test(name) && !GIT_DASHED.test(name)) return [];
  return equivalentForms(words.map((w, i) => (i === at ? name : w)), at).map((f) => f[at]!);
}

/**
 * The other readings of a command (program word at `at`, bare names) that deny and ask rules must also see.
 * Threat: `pnpm publish`, `yarn npm publish`, `npm pub`, `npx npm publish` past a deny `Bash(npm publish:*)`; `podman run` past `Bash(docker:*)`.
 */
export function equivalentForms(words: readonly string[], at: number, depth = 0): string[][] {
  const program = words[at];
  if (program === undefined) return [];
  if (program === 'git') {
    const push = gitPushForm(words, at);
    return push === null ? [] : [push];
  }
  const dashed = gitDashedForm(words, at);
  if (dashed !== null) return [dashed, ...equivalentForms(dashed, at, depth)];
  // Runners run runners (`npx pnpm dlx npm publish`); deeper nesting than this is not followed.
  const module = moduleForm(words, at);
  const runs = depth < MAX_RUNNER_DEPTH ? [...runnerForms(words, at), ...(module === null ? [] : [module])] : [];
  const out: string[][] = runs.flatMap((run) => [run, ...equivalentForms(run, at, depth + 1)]);
  for (const name of familyNames(program)) out.push(words.map((w, i) => (i === at ? name : w)));
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
