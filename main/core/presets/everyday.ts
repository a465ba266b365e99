// "Everyday work", built from what coding agents really do (the shared corpus of real agent calls): the prefix rules
// vouch for a command only within what the engine proves of it — its reads meet the workspace tiers (`cat .env` still
// asks), its writes stay in the workspace and off git's and the agents' code paths, its substitutions and redirects
// are judged on their own — so inspection, git's local work, file edits in the project and the project's own build
// and test commands go through, while pushes, publishing, installs, uploads, secrets and the world outside the
// workspace still come to the person.
import type { Preset } from '../../../common/api.js';
import { allowBash, noted } from './rules.js';

/** Reading and inspecting: what each reads still meets the tiers; what it writes (sed -i, find -delete) still asks. */
const INSPECT = allowBash(
  'ls:*', 'cat:*', 'head:*', 'tail:*', 'wc:*', 'grep:*', 'egrep:*', 'rg:*', 'find:*', 'sed:*', 'awk:*', 'jq:*', 'sort:*', 'uniq:*',
  'cut:*', 'tr:*', 'diff:*', 'cmp:*', 'file:*', 'stat:*', 'du:*', 'df:*', 'tree:*', 'echo:*', 'printf:*', 'true', 'false', 'sleep:*',
  'pwd', 'which:*', 'type:*', 'date:*', 'cd:*', 'basename:*', 'dirname:*', 'realpath:*', 'readlink:*', 'nl:*', 'column:*', 'ps:*',
  'test:*', 'xxd:*', 'od:*', 'sha256sum:*', 'md5sum:*',
  // Exact: pretty-printing what comes in (`curl … | python3 -m json.tool`); with operands it would write its output file.
  'python -m json.tool', 'python3 -m json.tool',
);

/** git reading the repository, and git's local work (every step of it can be taken back with git itself). */
const GIT = allowBash(
  'git status:*', 'git diff:*', 'git log:*', 'git show:*', 'git branch:*', 'git remote -v', 'git remote', 'git rev-parse:*',
  'git ls-files:*', 'git blame:*', 'git describe:*', 'git grep:*', 'git shortlog:*', 'git tag -l:*', 'git config --get:*',
  'git worktree list:*', 'git add:*', 'git commit:*', 'git switch:*', 'git checkout -b:*', 'git stash:*', 'git mv:*', 'git rm:*',
  'git restore --staged:*', 'git init', 'git fetch:*', 'git pull:*', 'git merge:*',
);

/** Making and moving files inside the workspace (the engine asks for any operand outside it). */
const FILES = allowBash('mkdir:*', 'touch:*', 'cp:*', 'mv:*', 'rmdir:*', 'chmod +x:*');

/** The project's own build, test and lint commands of common toolchains. */
const BUILD = allowBash(
  'npm test:*', 'npm run:*', 'npx tsc:*', 'npx vitest:*', 'npx jest:*', 'npx eslint:*', 'pnpm test:*', 'pnpm run:*', 'yarn test:*',
  'yarn run:*', 'bun test:*', 'bun run:*', 'tsc:*', 'pytest:*', 'python -m pytest:*', 'python3 -m pytest:*', 'python -m py_compile:*',
  'python3 -m py_compile:*', 'cargo build:*', 'cargo test:*', 'cargo check:*', 'cargo clippy:*', 'cargo fmt:*', 'go build:*',
  'go test:*', 'go vet:*', './gradlew:*', 'gradle:*', 'mvn test:*', 'make:*', 'bundle exec rspec:*',
);

/** The recommended preset: everyday work decided without the person, the rest still asked. */
export const EVERYDAY: Preset = {
  name: 'everyday',
  title: 'Everyday work (recommended)',
  description:
    "Allows what agents do all day — reading and searching, git's local work, editing files in the project, its build and test commands, plain reads of a local dev server (curl localhost:5173) — runs the other commands contained (writes only in the project, no secrets, each new host asked, so installs still come to you; asked where the agent or this machine cannot contain them), and keeps asking for pushes, publishing, network uploads, secrets, deletions and anything outside the project.",
  rules: [
    ...noted(
      'deny',
      ['Bash(sudo:*)', 'privilege escalation'],
      ['Bash(su:*)', 'privilege escalation'],
      ['Bash(git push --force:*)', 'rewrites shared history'],
      ['Bash(git push -f:*)', 'rewrites shared history'],
      ['Bash(chmod -R 777:*)', 'opens permissions to everyone'],
      ['Read(~/.ssh/**)', 'SSH keys'],
      ['Read(~/.aws/**)', 'cloud credentials'],
      ['Read(./**/*.pem)', 'private keys'],
      ['Read(./**/*.key)', 'private keys'],
    ),
    ...noted(
      'ask',
      ['Bash(git push:*)', 'publishes commits'],
      ['Bash(npm publish:*)', 'publishes a package'],
      ['Bash(git reset --hard:*)', 'discards uncommitted work'],
      ['Bash(git clean:*)', 'deletes untracked files'],
      ['Read(./.env)', 'secrets'],
    ),
    ...INSPECT,
    ...GIT,
    ...FILES,
    ...BUILD,
    ...noted('allow', ['Edit(./**)', 'edits inside the project (git and agent configuration stay protected)']),
    { action: 'allow', pattern: 'WebSearch' },
    { action: 'allow', pattern: 'TodoWrite' },
  ],
  // What no rule vouches for runs contained (policy/vouch/contain-limits.ts says what still asks: deletions, the network,
  // paths outside the workspace, secrets); an agent that cannot run a rewritten command, or no sandbox, asks instead.
  settings: { contain_unvouched: true },
};
