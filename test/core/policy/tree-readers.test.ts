// What reads whole trees (git grep, git archive, cp -r, rsync -a), and git's diffs, patches and commits, which print
// what tracked files hold: under a Read deny rule on a tracked file, `git diff`,
// `git show` and `git log -p` must ask as `git grep` does, while what prints only names, counts or messages (`git log`,
// `git diff --stat`) and diffs kept to other paths stay allowed. Without such a rule nothing changes. And `git grep`
// searches a revision named by a plain word (a branch) as it does `HEAD`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerdictDecision as Decision } from '../../../common/domain.js';
import { decide } from '../../../main/core/policy/index.js';
import { copiedSources, gitArchivePaths, gitContentPaths, gitGrepSearch } from '../../../main/core/shell/operands/tree-readers.js';
import { fixture, setUp, tearDown, why } from './closed-world-harness.js';
import { request, rulesOf } from './fixture.js';

beforeAll(setUp);
afterAll(tearDown);

const GIT = ['Bash(git grep:*)', 'Bash(git diff:*)', 'Bash(git show:*)', 'Bash(git log:*)', 'Bash(git whatchanged:*)', 'Bash(git stash:*)', 'Bash(git format-patch:*)', 'Bash(git status)'];
/** docs/guide.md is tracked in the fixture repository. */
const NO_DOCS = { allow: GIT, deny: ['Read(./docs/**)'] };
/** .env is gitignored: git never prints it. */
const NO_ENV = { allow: GIT, deny: ['Read(./.env)'] };
const NONE = { allow: GIT };
/** src/app.ts is tracked; find feeds what it selects to cat. */
const NO_APP = { allow: [...GIT, 'Bash(find:*)', 'Bash(cat:*)'], deny: ['Read(./src/app.ts)'] };
const SETS = { NO_DOCS, NO_ENV, NONE, NO_APP };

function judge(command: string, set: keyof typeof SETS) {
  const fx = fixture();
  return decide(request('Bash', { command }, fx.ws), { rules: rulesOf(SETS[set]), sessionApprovals: [], mode: 'interactive', home: fx.home, gatehouseHome: fx.gatehouseHome, now: new Date(), env: {} });
}

describe('which git commands print file contents, and of which paths', () => {
  it.each<[string, string[] | null]>([
    ['git diff', ['.']], ['git diff HEAD~1', ['.']], ['git diff --cached', ['.']], ['git diff src/app.ts', ['.']], ['git diff HEAD -- src', ['src']],
    ['git show', ['.']], ['git show HEAD~2', ['.']], ['git -C sub show', ['.']], ['git --no-pager log -p', ['.']], ['git log -p -- docs', ['docs']],
    ['git log --patch', ['.']], ['git log -U5', ['.']], ['git log -S KEY', ['.']], ['git log -GKEY', ['.']], ['git log --word-diff', ['.']],
    ['git whatchanged -p', ['.']], ['git stash show -p', ['.']], ['git format-patch -1', ['.']], ['git diff --stat -p', ['.']], ['git diff-tree -p HEAD', ['.']],
    ['git log', null], ['git log --oneline -n 5', null], ['git log --stat', null], ['git diff --stat', null], ['git diff --name-only', null],
    ['git show -s', null], ['git show --no-patch HEAD', null], ['git show --name-status', null], ['git stash show', null], ['git status', null],
    ['git diff-tree HEAD', null], ['ls -p', null], ['git log -- -p', null],
  ])('%j prints %j', (command, expected) => {
    expect(gitContentPaths(command.split(' '))).toEqual(expected);
  });
});

describe('what git grep, git archive, cp -r and rsync -a read whole, options read as their programs read them', () => {
  const words = (c: string) => c.split(' ');
  it.each<[string, { paths: string[]; mayBeRevisions: string[] } | null]>([
    ['git grep KEY', { paths: ['.'], mayBeRevisions: [] }], ['git grep KEY src', { paths: ['src'], mayBeRevisions: ['src'] }],
    ['git grep KEY -- src', { paths: ['src'], mayBeRevisions: [] }], ['git grep KEY main -- src', { paths: ['src'], mayBeRevisions: [] }],
    ['git grep -e KEY src', { paths: ['src'], mayBeRevisions: ['src'] }], ['git grep -eKEY docs', { paths: ['docs'], mayBeRevisions: ['docs'] }],
    ['git grep --regexp=KEY docs', { paths: ['docs'], mayBeRevisions: ['docs'] }], ['git grep -m 1 KEY docs', { paths: ['docs'], mayBeRevisions: ['docs'] }],
    ['git grep --max-depth 2 KEY docs', { paths: ['docs'], mayBeRevisions: ['docs'] }], ['git grep --max-d 2 KEY docs', { paths: ['docs'], mayBeRevisions: ['docs'] }],
    ['git grep -C 3 KEY', { paths: ['.'], mayBeRevisions: [] }], ['git grep -e -- x', { paths: ['x'], mayBeRevisions: ['x'] }], ['git grep KEY main --', { paths: ['.'], mayBeRevisions: [] }],
    ['git -C sub grep KEY', { paths: ['.'], mayBeRevisions: [] }], ['git log KEY', null], ['grep -r KEY', null],
  ])('%j searches %j', (command, expected) => {
    expect(gitGrepSearch(words(command))).toEqual(expected);
  });
  it.each<[string, string[] | null]>([
    ['git archive HEAD', ['.']], ['git archive HEAD src', ['src']], ['git archive -o out.tar HEAD docs', ['docs']], ['git archive --output out.tar HEAD docs', ['docs']],
    ['git archive --prefix p/ HEAD docs', ['docs']], ['git archive --format=tar HEAD -- docs', ['docs']], ['git archive --add-file x HEAD', ['.']], ['git log', null],
  ])('%j packs %j', (command, expected) => {
    expect(gitArchivePaths(words(command))).toEqual(expected);
  });
  it.each<[string, string[] | null]>([
    ['cp -r src out', ['src']], ['cp -a src docs out', ['src', 'docs']], ['cp -R src out', ['src']], ['cp --recursive src out', ['src']], ['cp --rec src out', ['src']],
    ['cp -t out -r src', ['src']], ['cp -tout -r src', ['src']], ['cp --target-directory=out -r src docs', ['src', 'docs']], ['cp --target out -r src', ['src']],
    ['cp -S .bak -r src out', ['src']], ['cp -rS.bak src out', ['src']], ['rsync -a src/ out/', ['src/']], ['rsync -avz -e ssh src host:x', ['src']],
    ['rsync --exclude node_modules -a src out', ['src']], ['rsync -r --files-from list src out', ['src']], ['rsync --archive src out', ['src']],
    ['cp src out', null], ['rsync src out', null], ['mv -r src out', null],
  ])('%j copies %j whole', (command, expected) => {
    expect(copiedSources(words(command))).toEqual(expected);
  });
});

describe('git commands that print contents meet the Read rules of tracked files', () => {
  it.each<[string, keyof typeof SETS, Decision]>([
    ['git diff', 'NO_DOCS', 'ask'], ['git show', 'NO_DOCS', 'ask'], ['git show HEAD', 'NO_DOCS', 'ask'], ['git log -p', 'NO_DOCS', 'ask'],
    ['git log -S KEY', 'NO_DOCS', 'ask'], ['git diff HEAD~1', 'NO_DOCS', 'ask'], ['git stash show -p', 'NO_DOCS', 'ask'], ['git -C . show', 'NO_DOCS', 'ask'],
    ['git log -p -- docs', 'NO_DOCS', 'deny'], ['git diff HEAD -- docs/guide.md', 'NO_DOCS', 'deny'],
    // a branch is a plain word: before `--`, git grep may search a revision's whole tree
    ['git grep x main', 'NO_DOCS', 'ask'], ['git grep -n x origin/main', 'NO_DOCS', 'ask'], ['git grep x v1', 'NO_DOCS', 'ask'],
    ['git grep x src main', 'NO_DOCS', 'ask'], ['git grep -e x main', 'NO_DOCS', 'ask'], ['cd src && git grep x main', 'NO_DOCS', 'ask'],
    // neighbours that print no contents, or other paths only, or meet no rule on a tracked file
    ['git log', 'NO_DOCS', 'allow'], ['git log --stat', 'NO_DOCS', 'allow'], ['git diff --stat', 'NO_DOCS', 'allow'], ['git show -s', 'NO_DOCS', 'allow'],
    ['git diff HEAD -- src', 'NO_DOCS', 'allow'], ['git grep x main -- src', 'NO_DOCS', 'allow'],
    ['git grep x src', 'NO_DOCS', 'allow'], ['git grep -e x src README.md', 'NO_DOCS', 'allow'], ['git grep x main', 'NO_ENV', 'allow'], ['git status', 'NO_DOCS', 'allow'], ['git diff', 'NO_ENV', 'allow'], ['git show', 'NO_ENV', 'allow'],
    ['git log -p', 'NO_ENV', 'allow'], ['git diff', 'NONE', 'allow'], ['git log -p', 'NONE', 'allow'],
    // find's name tests narrow what it reads only before its action
    ["find src -name '*.md' -exec cat {} +", 'NO_APP', 'allow'], ["find src -exec cat {} + -name '*.md'", 'NO_APP', 'ask'],
  ])('%j under %s is %s', async (command, set, expected) => {
    const v = await judge(command, set);
    expect(v.decision, why(v)).toBe(expected);
  });

  it('says which rule and file made it ask', async () => {
    const v = await judge('git show', 'NO_DOCS');
    expect(v.reasons.join('; ')).toMatch(/rule Read\(\.\/docs\/\*\*\) covers .*docs\/guide\.md, which the command reads through/);
  });
});
