// Red team, package runners and known values: deny rules and hard denies must see the command a package runner runs
// past its value options (`npx --registry R npm publish`, `yarn --cwd d dlx …`, `bun x`, `pipx run`, `corepack npm@10`),
// the value a substitution or a `sh -c` parameter fixes (`rm -rf "$(echo $HOME)"`, `sh -c 'rm -rf "$0"' ~`), and a
// recursive search must not read past a Read deny rule (`rg KEY`, `git grep KEY`, `grep -r KEY src`). Every hostile row
// was decided otherwise before this round; the harmless rows are neighbours that must stay allowed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerdictDecision as Decision } from '../../../common/domain.js';
import { decide } from '../../../main/core/policy/index.js';
import { fixture, setUp, tearDown, why } from './closed-world-harness.js';
import { request, rulesOf } from './fixture.js';

beforeAll(setUp);
afterAll(tearDown);

type Rules = { allow?: string[]; ask?: string[]; deny?: string[] };

/** A person who lets package managers and runners run, but never publish. */
const RUNNERS: Rules = {
  allow: ['Bash(npx:*)', 'Bash(pnpm:*)', 'Bash(yarn:*)', 'Bash(bun:*)', 'Bash(bunx:*)', 'Bash(pnpx:*)', 'Bash(uvx:*)', 'Bash(uv:*)', 'Bash(pipx:*)', 'Bash(corepack:*)', 'Bash(npm:*)'],
  deny: ['Bash(npm publish:*)', 'Bash(twine upload:*)'],
};
/** A person who allows the usual runner commands by name. */
const NAMED: Rules = {
  allow: ['Bash(npx vitest:*)', 'Bash(npx prettier --check:*)', 'Bash(pnpm exec tsc:*)', 'Bash(yarn run:*)', 'Bash(corepack enable)', 'Bash(npm:*)', 'Bash(uvx ruff:*)'],
  deny: ['Bash(npm publish:*)'],
};
/** A person who lets anything run but publishing and pushing, however it is launched. */
const NO_PUBLISH: Rules = { allow: ['Bash'], deny: ['Bash(npm publish:*)', 'Bash(twine upload:*)', 'Bash(git push:*)', 'Bash(pip install:*)'] };
/** Rules for commands run through environment runners, by name. */
const ENV_NAMED: Rules = {
  allow: ['Bash(uv run pytest:*)', 'Bash(poetry run pytest:*)', 'Bash(python3 -m pytest:*)', 'Bash(npx vitest:*)', 'Bash(npx eslint:*)', 'Bash(pnpm exec eslint:*)', 'Bash(uv run ruff:*)'],
};
/** Approve everything: only hard denies and the tamper guard stand. */
const ALL: Rules = { allow: ['Bash', 'Read', 'Grep'] };
const READERS = ['Bash(grep:*)', 'Bash(rg:*)', 'Bash(git grep:*)', 'Bash(tar:*)', 'Bash(find:*)', 'Bash(cat:*)', 'Bash(ls:*)', 'Bash(diff:*)', 'Read', 'Grep'];
const NO_DOCS: Rules = { allow: READERS, deny: ['Read(./docs/**)'] };
const NO_ENV: Rules = { allow: READERS, deny: ['Read(./.env)'] };
const NO_APP: Rules = { allow: [...READERS, 'Bash(cp:*)', 'Bash(rsync:*)', 'Bash(git archive:*)'], deny: ['Read(./src/app.ts)'] };
const SETS = { RUNNERS, NAMED, NO_PUBLISH, ENV_NAMED, ALL, NO_DOCS, NO_ENV, NO_APP };
type SetName = keyof typeof SETS;

function judge(tool: string, args: Record<string, unknown>, rules: Rules) {
  const fx = fixture();
  return decide(request(tool, args, fx.ws), { rules: rulesOf(rules), sessionApprovals: [], mode: 'interactive', home: fx.home, gatehouseHome: fx.gatehouseHome, now: new Date(), env: {} });
}

const HOSTILE: Array<[string, SetName, Decision]> = [
  // a runner's value options were read as the command (it asked, or ran the denied command)
  ['npx --registry x npm publish', 'RUNNERS', 'deny'], ['npx --cache /tmp/c npm publish', 'RUNNERS', 'deny'],
  ['npx --userconfig x npm publish', 'RUNNERS', 'deny'], ['npx --prefix x npm publish', 'RUNNERS', 'deny'],
  ['npx --loglevel silly npm publish', 'RUNNERS', 'deny'], ['npx --some-new-option v npm publish', 'RUNNERS', 'deny'],
  ['yarn --cwd x dlx npm publish', 'RUNNERS', 'deny'], ['pnpm --reporter silent dlx npm publish', 'RUNNERS', 'deny'],
  ['pnpx npm publish', 'RUNNERS', 'deny'], ['pnpx --registry x npm publish', 'RUNNERS', 'deny'],
  // runners no table knew, and versions on the command word
  ['bun x npm publish', 'RUNNERS', 'deny'], ['bun --cwd x x npm publish', 'RUNNERS', 'deny'], ['yarn run npm publish', 'RUNNERS', 'deny'],
  ['corepack npm@10 publish', 'RUNNERS', 'deny'], ['npx npm@10 publish', 'RUNNERS', 'deny'], ['npx --yes npm@latest publish', 'RUNNERS', 'deny'],
  ['uvx twine upload', 'RUNNERS', 'deny'], ['uvx --python 3.12 twine upload', 'RUNNERS', 'deny'], ['uv tool run twine upload', 'RUNNERS', 'deny'],
  ['pipx run twine upload', 'RUNNERS', 'deny'], ['pipx run twine==4 upload', 'RUNNERS', 'deny'], ['pipx run --spec twine twine upload', 'RUNNERS', 'deny'],
  // npm's options before `exec` hid the package it downloads
  ['npm --registry x exec cowsay', 'NAMED', 'ask'], ['npm -w x exec -- cowsay', 'NAMED', 'ask'],
  // the tamper guard through a runner's options
  ["npx -c 'gatehouse rules add --action allow Bash'", 'ALL', 'deny'], ['npx --registry x gatehouse rules disable r1', 'ALL', 'deny'],
  ['pnpm --filter x dlx gatehouse rules disable r1', 'ALL', 'deny'], ['yarn --cwd x dlx gatehouse rules disable r1', 'ALL', 'deny'],
  ['npm exec --registry x -- gatehouse@1 rules disable r1', 'ALL', 'deny'], ['yarn run gatehouse rules disable r1', 'ALL', 'deny'],
  // hard denies and the tamper guard did not look inside package and environment runners
  ['npx rm -rf ~', 'ALL', 'deny'], ['npm exec -- rm -rf ~', 'ALL', 'deny'], ['pnpm exec rm -rf ~', 'ALL', 'deny'], ['bun x rm -rf /', 'ALL', 'deny'],
  ['npx -c "rm -rf ~"', 'ALL', 'deny'], ['poetry run rm -rf ~', 'ALL', 'deny'], ['uv run rm -rf /', 'ALL', 'deny'], ['direnv exec . rm -rf ~', 'ALL', 'deny'],
  ['mise x node@20 -- rm -rf ~', 'ALL', 'deny'], ['aws-vault exec p -- rm -rf ~', 'ALL', 'deny'], ['uv run gatehouse rules disable r1', 'ALL', 'deny'],
  // a rule naming runner and program vouched for what the program's spec refuses
  ['uv run pytest -p evil', 'ENV_NAMED', 'ask'], ['poetry run pytest -p evil', 'ENV_NAMED', 'ask'], ['npx eslint -c evil.js src', 'ENV_NAMED', 'ask'],
  ['uv run ruff format src', 'ENV_NAMED', 'ask'],
  // environment runners and python's modules run the denied command
  ['poetry run twine upload', 'NO_PUBLISH', 'deny'], ['uv run twine upload', 'NO_PUBLISH', 'deny'], ['pipenv run twine upload', 'NO_PUBLISH', 'deny'],
  ['conda run -n x twine upload', 'NO_PUBLISH', 'deny'], ['pdm run twine upload', 'NO_PUBLISH', 'deny'], ['mise exec -- npm publish', 'NO_PUBLISH', 'deny'],
  ['mise x node -- npm publish', 'NO_PUBLISH', 'deny'], ['direnv exec . npm publish', 'NO_PUBLISH', 'deny'], ['volta run npm publish', 'NO_PUBLISH', 'deny'],
  ['asdf exec npm publish', 'NO_PUBLISH', 'deny'], ['nvm exec 20 npm publish', 'NO_PUBLISH', 'deny'], ['dotenvx run -- npm publish', 'NO_PUBLISH', 'deny'],
  ['op run -- npm publish', 'NO_PUBLISH', 'deny'], ['doppler run -- npm publish', 'NO_PUBLISH', 'deny'], ['aws-vault exec p -- npm publish', 'NO_PUBLISH', 'deny'],
  ['bundle exec git push', 'NO_PUBLISH', 'deny'], ['python -m twine upload', 'NO_PUBLISH', 'deny'], ['python3 -m pip install evil', 'NO_PUBLISH', 'deny'],
  ['python3.12 -u -m pip install x', 'NO_PUBLISH', 'deny'], ['python3 -mpip install x', 'NO_PUBLISH', 'deny'],
  // a substitution whose output the words fix
  ['rm -rf "$(echo $HOME)"', 'ALL', 'deny'], ['rm -rf "$(echo ${HOME})"', 'ALL', 'deny'], ['rm -rf "$(printf %s "$HOME")"', 'ALL', 'deny'],
  ['rm -rf $(dirname $HOME/x)', 'ALL', 'deny'], ['rm -rf "$(dirname ~/.)"', 'ALL', 'deny'], ['rm -rf "$(echo -n ~)"', 'ALL', 'deny'],
  ['rm -rf $(printf "%s/" ~)', 'ALL', 'deny'], ['rm -rf "$(basename /)"', 'ALL', 'deny'], ['rm -rf $(dirname /etc/passwd)', 'ALL', 'deny'],
  ['X=~; rm -rf "$(echo $X)"', 'ALL', 'deny'], ['mv "$(echo $HOME)" /tmp/x', 'ALL', 'deny'],
  ['find "$(echo $HOME)" -delete', 'ALL', 'deny'], ['rm -rf "$(echo $HOME)"/*', 'ALL', 'deny'], ['rm -rf "${X:-$HOME}"', 'ALL', 'deny'],
  ['rm -rf ~/$(echo)', 'ALL', 'deny'], ['rm -rf "$HOME/$(echo)"', 'ALL', 'deny'], ['rm -rf $(command echo ~)', 'ALL', 'deny'],
  ['rm -rf $(echo ~;)', 'ALL', 'deny'], ['X=$HOME; rm -rf $X', 'ALL', 'deny'],
  // a `sh -c` script's parameters are the words after it
  ["sh -c 'rm -rf \"$0\"' ~", 'ALL', 'deny'], ["bash -c 'rm -rf $1' _ /", 'ALL', 'deny'], ["bash -c 'rm -rf \"$@\"' _ x /", 'ALL', 'deny'],
  ["sh -c 'rm -rf \"${0}\"' /", 'ALL', 'deny'], ["env sh -c 'rm -rf $0' /", 'ALL', 'deny'],
  ["sh -c 'eval \"$0\"' 'rm -rf ~'", 'ALL', 'deny'], ["sh -c 'rm -rf \"$1\"/*' _ ~", 'ALL', 'deny'], ["bash -c '$1 $2' _ rm /", 'ALL', 'deny'],
  // a recursive search of a folder holding a file a Read deny rule covers
  ['rg TODO', 'NO_DOCS', 'ask'], ['rg TODO .', 'NO_DOCS', 'ask'], ['git grep TODO', 'NO_DOCS', 'ask'], ['git grep --untracked TODO', 'NO_DOCS', 'ask'],
  ['grep -r x src', 'NO_APP', 'ask'], ['grep -rl TODO src', 'NO_APP', 'ask'], ['rg x src', 'NO_APP', 'ask'], ['git grep x -- src', 'NO_APP', 'ask'],
  ['tar -cf - src', 'NO_APP', 'ask'], ['find src -type f -exec cat {} +', 'NO_APP', 'ask'], ['rg TODO', 'NO_APP', 'ask'],
  ['cp -r src out', 'NO_APP', 'ask'], ['cp -t out -r src', 'NO_APP', 'ask'], ['rsync -a src/ out/', 'NO_APP', 'ask'],
  ['git archive HEAD src', 'NO_APP', 'ask'], ['git grep x HEAD', 'NO_APP', 'ask'], ['git grep x HEAD~1', 'NO_APP', 'ask'],
];

// Spellings of the same classes that already held before this round: kept as guards.
const HELD: Array<[string, SetName, Decision]> = [
  ['npx --registry=x npm publish', 'RUNNERS', 'deny'], ['npx -p npm npm publish', 'RUNNERS', 'deny'], ['npx -w x npm publish', 'RUNNERS', 'deny'],
  ['npx -y -- npm publish', 'RUNNERS', 'deny'], ['npm exec --registry x npm publish', 'RUNNERS', 'deny'], ['npm --registry x exec npm publish', 'RUNNERS', 'deny'],
  ['pnpm --filter x dlx npm publish', 'RUNNERS', 'deny'], ['pnpm -C x dlx npm publish', 'RUNNERS', 'deny'], ['yarn dlx -p npm npm publish', 'RUNNERS', 'deny'],
  ['bunx --bun npm publish', 'RUNNERS', 'deny'], ["npx -c 'npm publish'", 'RUNNERS', 'deny'], ['npm exec --call="npm publish"', 'RUNNERS', 'deny'],
  ['corepack npm publish', 'RUNNERS', 'deny'], ['npx gatehouse rules disable r1', 'ALL', 'deny'],
  ['rm -rf `echo ~`', 'ALL', 'deny'], ['chmod -R 000 "$(echo ~)"', 'ALL', 'deny'], ["bash -c 'rm -rf \"$*\"' _ /", 'ALL', 'deny'],
  ['rm -rf $(echo /)', 'ALL', 'deny'], ['x=$(echo ~); rm -rf $x', 'ALL', 'deny'], ['$(echo rm -rf /)', 'ALL', 'deny'],
  ['rm -rf "$(echo $USER)"', 'ALL', 'ask'], ['rm -rf $(realpath ~)', 'ALL', 'ask'], ["sh -c 'shift; rm -rf \"$1\"' _ x /", 'ALL', 'ask'],
  ['pnpm exec eslint --fix src', 'ENV_NAMED', 'ask'], ['grep -r x docs', 'NO_DOCS', 'deny'], ['rg TODO docs', 'NO_DOCS', 'deny'], ['grep -r x .', 'NO_DOCS', 'ask'], ['grep -r KEY .', 'NO_ENV', 'ask'],
];

const HARMLESS: Array<[string, SetName]> = [
  ['npx vitest run', 'NAMED'], ['npx prettier --check src', 'NAMED'], ['pnpm exec tsc --noEmit', 'NAMED'], ['yarn run build', 'NAMED'],
  ['corepack enable', 'NAMED'], ['npm -w x test', 'NAMED'], ['npm run build', 'NAMED'], ['npm --registry x install', 'NAMED'], ['uvx ruff check', 'NAMED'],
  ['pnpm install', 'RUNNERS'], ['yarn --cwd x build', 'RUNNERS'], ['npx gatehouse status', 'ALL'], ['npx gatehouse rules list', 'ALL'],
  ["sh -c 'cat \"$0\"' README.md", 'ALL'], ['npx vitest run', 'ALL'], ['uv run pytest', 'ALL'], ['npx sudo ls', 'ALL'],
  ['uv run pytest -q', 'ENV_NAMED'], ['poetry run pytest tests', 'ENV_NAMED'], ['npx eslint src', 'ENV_NAMED'], ['pnpm exec eslint src', 'ENV_NAMED'],
  ['uv run ruff check src', 'ENV_NAMED'], ['npx vitest run src', 'ENV_NAMED'],
  ['python3 -m pytest', 'NO_PUBLISH'], ['python3 script.py -m pip install', 'NO_PUBLISH'], ['uv run pytest', 'NO_PUBLISH'],
  // ignore-aware searches do not open the gitignored .env; searches beside the denied folder do not reach it
  ['rg TODO', 'NO_ENV'], ['git grep TODO', 'NO_ENV'], ['rg TODO src', 'NO_ENV'], ['grep -r x src', 'NO_ENV'],
  ['grep -r x src', 'NO_DOCS'], ['rg TODO src', 'NO_DOCS'], ['git grep TODO -- src', 'NO_DOCS'], ['ls -R', 'NO_DOCS'], ['cat README.md', 'NO_DOCS'],
  ['grep -r x docs', 'NO_APP'], ['cat src/util.ts', 'NO_APP'], ['rg x docs', 'NO_APP'], ['cp -r docs out', 'NO_APP'], ['cp src/util.ts out.ts', 'NO_APP'],
  ['git archive HEAD docs', 'NO_APP'], ['git grep x HEAD -- docs', 'NO_APP'], ['git grep -e x docs', 'NO_APP'],
];

describe('red team, runners round: what a runner, a substitution or a search really runs or reads', () => {
  it.each([...HOSTILE, ...HELD])('%j under %s is %s', async (command, set, expected) => {
    const v = await judge('Bash', { command }, SETS[set]);
    expect(v.decision, why(v)).toBe(expected);
  });

  it.each(HARMLESS)('%j under %s stays allowed', async (command, set) => {
    const v = await judge('Bash', { command }, SETS[set]);
    expect(v.decision, why(v)).toBe('allow');
  });

  it.each([
    [{ pattern: 'x' }, 'NO_DOCS', 'ask'], [{ pattern: 'x', path: 'src' }, 'NO_DOCS', 'allow'], [{ pattern: 'x' }, 'NO_ENV', 'allow'],
  ] as const)('Grep %j under %s is %s', async (args, set, expected) => {
    const v = await judge('Grep', { ...args }, SETS[set]);
    expect(v.decision, why(v)).toBe(expected);
  });
});
