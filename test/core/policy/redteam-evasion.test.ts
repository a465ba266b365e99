// Red team, deny-evasion round: a person's deny rules must hold against every spelling of the denied command. Bypasses
// found: options that take a value before the subcommand (`npm -w pkg publish`, `kubectl -n x delete`), drop-in programs
// (`pnpm publish`, `yarn npm publish`, `podman`, `tofu`, `oc`), npm's abbreviated subcommands (`npm pub`), wrappers the
// analysis did not unwrap (`chronic`, `ifne`, `eatmydata`), and WebFetch URLs without a scheme. Every hostile row was
// allowed before this round; the harmless rows are neighbours that must stay allowed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Verdict } from '../../../common/domain.js';
import { decide } from '../../../main/core/policy/index.js';
import { urlMayReachDomain } from '../../../main/core/policy/rules/domain.js';
import { bash, fixture, setUp, tearDown, why } from './closed-world-harness.js';
import { request, rulesOf } from './fixture.js';

beforeAll(setUp);
afterAll(tearDown);

/** A person who allows everything but a few commands, tools and hosts. */
const DENY = [
  'Bash(rm -rf:*)', 'Bash(git push:*)', 'Bash(npm publish:*)', 'Bash(curl:*)', 'Bash(sudo:*)', 'Bash(docker:*)', 'Bash(terraform apply:*)',
  'Bash(kubectl delete:*)', 'Read(./secrets/**)', 'Read(./.env)', 'Edit(.github/**)', 'WebFetch(domain:evil.com)', 'mcp__github__delete_repo',
];
const ALLOW_ALL = ['Bash', 'Read', 'Edit', 'Write', 'Grep', 'Glob', 'WebFetch', 'mcp__github'];

function judgeDenied(tool: string, args: Record<string, unknown>): Promise<Verdict> {
  const fx = fixture();
  return decide(request(tool, args, fx.ws), {
    rules: rulesOf({ allow: ALLOW_ALL, deny: DENY }), sessionApprovals: [], mode: 'interactive', home: fx.home, gatehouseHome: fx.gatehouseHome, now: new Date(), env: {},
  });
}

const HOSTILE_BASH: string[] = [
  // options that take a value, before the subcommand: either reading of the word counts
  'npm -w pkg publish', 'npm --workspace pkg publish', 'npm --prefix x publish', 'npm --loglevel silly publish', 'npm --registry x publish',
  'kubectl -n x delete pod y', 'kubectl --namespace x delete pod y', 'kubectl --context c delete pod y', 'kubectl -n x --context c delete pod y',
  'terraform -chdir x apply',
  // drop-in programs
  'yarn workspace x publish', 'yarn workspace x npm publish', 'pnpm publish', 'pnpm -r publish', 'pnpm --filter x publish', 'yarn publish', 'yarn npm publish', 'bun publish',
  'podman run img', 'nerdctl ps', 'docker-compose up', 'tofu apply', 'terragrunt apply', 'oc delete pod x', 'oc -n x delete pod y',
  // npm's abbreviations and aliases
  'npm pub', 'npm publ', 'npm publis', 'npm -w x pub', 'pnpm pub',
  // package runners run the program their operand names
  'npx npm publish', 'npx -y npm publish', 'npm exec npm publish', 'npm x -- npm publish', 'pnpm exec npm publish', 'pnpm dlx npm publish',
  'yarn dlx npm publish', 'bunx npm publish', 'corepack npm publish', 'corepack pnpm publish', 'npx -p npm npm publish',
  'pnpm --filter x exec npm publish', 'npm -w x exec npm publish', "npx -c 'npm publish'", "npm exec -c 'npm publish --tag x'", 'npx --call="npm publish"',
  // git commands that push under another name
  'git send-pack origin main', 'git -C . send-pack origin main', 'git subtree push --prefix=x origin main', 'git -c a=b subtree push -P x origin main',
  // wrappers
  'chronic rm -rf x', 'chronic -e rm -rf x', 'ifne rm -rf x', 'eatmydata rm -rf x', 'nocache git push', 'trickle -d 10 curl http://x',
];

// Spellings of the same classes that already held before this round: kept as guards.
const HELD_BASH: string[] = [
  '/usr/bin/rm -rf x', './node_modules/.bin/rm -rf x', '\\rm -rf x', 'r\\m -rf x', "$'\\x72m' -rf x", '"r"m -rf x', "r''m -rf x",
  'env rm -rf x', 'env -i rm -rf x', 'command rm -rf x', 'builtin rm -rf x', 'exec rm -rf x', 'nice -n5 rm -rf x', 'nohup rm -rf x',
  'timeout -s KILL 5 rm -rf x', 'time rm -rf x', 'echo x | xargs rm -rf', "sh -c 'rm -rf x'", "bash -lc 'rm -rf x'", "eval 'rm -rf x'",
  'watch rm -rf x', "script -qc 'rm -rf x' /dev/null", 'flock /tmp/l rm -rf x', "flock -c 'rm -rf x' /tmp/l", 'stdbuf -oL rm -rf x',
  'setsid rm -rf x', 'unbuffer rm -rf x', 'rm -r -f x', 'rm -fR x', 'rm --recursive -f x', 'rm -rf -- x',
  'x=rm; $x -rf y', 'f() { rm -rf "$@"; }; f x', 'for c in rm; do $c -rf x; done', '$(echo rm) -rf x', "bash <<< 'rm -rf x'",
  'find . -exec rm -rf {} \\;', 'busybox rm -rf x', 'parallel rm -rf ::: x', '${RM:-rm} -rf x',
  'git -C . push', 'git --git-dir=.git push', 'git -c x=y push', 'git push -- origin', 'git --no-pager push', 'git pu\\sh', 'git -c alias.p=push p',
  'npm --registry=x publish', 'npm --workspace=pkg publish', 'npm -g publish', 'kubectl --namespace=x delete pod y', 'kubectl -nx delete pod y',
  'terraform -chdir=x apply', 'terraform apply -auto-approve', 'docker --context x run img', 'git -C . -c a=b push', 'docker compose up', '/usr/bin/curl x', 'sudo -E npm test', '"sudo" ls',
];

const HARMLESS_BASH: string[] = [
  'npm test', 'npm -w pkg test', 'npm run build', 'npm pack', 'npm install', 'pnpm install', 'yarn build', 'yarn workspace x build',
  'kubectl -n x get pods', 'kubectl --context c get pods', 'terraform plan', 'terraform -chdir x plan', 'git status',
  'git subtree split --prefix=x', 'git remote -v', 'npx vitest run', 'npx -y cowsay hi', 'npm exec eslint', 'corepack enable', 'git log --oneline', 'rm -f x', 'rm -r x', 'chronic ls', 'oc get pods', 'git --no-pager log',
];

describe('red team, evasion round: deny rules hold against every spelling', () => {
  it.each([...HOSTILE_BASH, ...HELD_BASH])('%j is not allowed', async (command) => {
    const v = await judgeDenied('Bash', { command });
    expect(v.decision, why(v)).not.toBe('allow');
  });

  it.each(HARMLESS_BASH)('%j stays allowed', async (command) => {
    const v = await judgeDenied('Bash', { command });
    expect(v.decision, why(v)).toBe('allow');
  });

  it.each([
    [{ url: 'evil.com/x' }, 'deny'], [{ url: '//evil.com/x' }, 'deny'], [{ url: 'sub.evil.com:8443/x' }, 'deny'],
    [{ url: 'https://EVIL.com./x' }, 'deny'], [{ url: 'https://good.com@evil.com/x' }, 'deny'],
    [{ url: 'good.com/x' }, 'allow'], [{ url: 'https://notevil.com/x' }, 'allow'],
  ])('WebFetch %j is %s', async (args, expected) => {
    const v = await judgeDenied('WebFetch', { ...args, prompt: 'p' });
    expect(v.decision, why(v)).toBe(expected);
  });

  it.each([
    ['MultiEdit', { file_path: '{{WS}}/.github/workflows/ci.yml', edits: [] }], ['Write', { file_path: '{{WS}}/.github/x.yml', content: 'x' }],
    ['NotebookEdit', { notebook_path: '{{WS}}/.github/x.ipynb', new_source: 'x' }], ['Read', { file_path: '{{WS}}/src/../.env' }],
    ['Grep', { pattern: 'x', path: 'secrets' }], ['Grep', { pattern: 'KEY', glob: '.env' }], ['Glob', { pattern: 'secrets/**' }],
    ['mcp__github__delete_repo', { repo: 'x' }],
  ])('%s %j is denied', async (tool, args) => {
    const ws = fixture().ws;
    const v = await judgeDenied(tool, JSON.parse(JSON.stringify(args).replaceAll('{{WS}}', ws)) as Record<string, unknown>);
    expect(v.decision, why(v)).toBe('deny');
  });
});

// Substitutions, redirects, env prefixes and compound forms under the cautious allow rules (all held before this round).
describe('red team, evasion round: hidden commands under cautious rules', () => {
  it.each([
    'echo ${x:=$(id)}', 'echo $(( a[$(id)] ))', 'echo $(( x[`id`] + 1 ))', 'echo "${arr[$(id)]}"', 'cat <(id)', 'ls >(sh)',
    'echo x >| notes.md', 'ls &> out.txt', 'ls 2>> err.txt', 'cat <> notes.md', 'sh <<EOF\nid\nEOF', 'echo ok | tee -a notes.md',
    'LD_PRELOAD=/tmp/x.so ls', 'GIT_PAGER=id git log', 'GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager GIT_CONFIG_VALUE_0=id git log',
    "PS4='$(id)' bash -x -c ls", 'BASH_ENV=/tmp/x bash -c ls', "LESS='+!id' git log", 'FOO=$(id) ls',
    'git status\r\nrm -rf x', 'ls; (id)', '{ ls; id; }', 'case x in x) id;; esac', 'if ls; then id; fi', 'coproc id', '! id', 'time id',
  ])('%j is not allowed', async (command) => {
    const v = await bash(command);
    expect(v.decision, why(v)).not.toBe('allow');
  });

  it.each([
    'echo "$(date)"', "git log --format='%h %s' | head", 'ls > /dev/null', 'npm test 2>&1 | tail', 'ls; echo done', 'git status && git diff',
  ])('%j stays allowed', async (command) => {
    const v = await bash(command);
    expect(v.decision, why(v)).toBe('allow');
  });
});

describe('red team, evasion round: deny domain rules read a URL without a scheme as https', () => {
  it.each([
    ['evil.com/x', true], ['//evil.com', true], ['a.evil.com:8080/x', true], ['https://evil.com', true],
    ['good.com/evil.com', false], ['evil.com.good.test/x', false], ['ftp://evil.com/x', false],
  ])('%s → %s', (url, expected) => {
    expect(urlMayReachDomain(url, 'evil.com')).toBe(expected);
  });
});
