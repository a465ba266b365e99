// The files a reading program opens: `git diff --no-index` reads any two paths, so its operands are reads too.
import { beforeAll, describe, expect, it } from 'vitest';
import { commandReadOperands } from '../../../main/core/shell/index.js';
import { listsWorkspaceNames } from '../../../main/core/shell/operands/read-operands.js';
import { analyze, ready } from './helpers.js';

beforeAll(ready);

const only = (command: string): string[] => commandReadOperands(analyze(command).commands[0]!);

describe('commandReadOperands: git diff --no-index', () => {
  it.each([
    ['git diff --no-index /etc/passwd x', ['/etc/passwd', 'x']],
    ['git diff --no-index -- ~/.ssh/id_rsa README.md', ['~/.ssh/id_rsa', 'README.md']],
    ['git diff --no-index --stat a -- -weird', ['a', '-weird']],
    ['git --no-pager diff --no-index /etc/hosts b', ['/etc/hosts', 'b']],
  ])('%j reads %j', (command, expected) => {
    expect(only(command)).toEqual(expected);
  });

  it.each(['git diff --no-index - /dev/null'])('%j names no file it reads outside git', (command) => {
    expect(only(command)).toEqual([]);
  });

  // Closed world (issue 12): an operand of git's diff family may be a file git reads (`git diff /dev/null FILE` outside the
  // work tree is --no-index), so each is judged by the tiers; a revision names no file and passes them.
  it.each([
    ['git diff HEAD~1 -- /etc/passwd', ['HEAD~1', '/etc/passwd']],
    ['git log -p /etc', ['/etc']],
    ['git show --no-index x', ['x']],
    ['git diff /dev/null .env', ['.env']],
  ])('%j has its operands judged as reads: %j', (command, expected) => {
    expect(only(command)).toEqual(expected);
  });
});

describe('commandReadOperands: where cd goes, files named by options, what tar packs', () => {
  it.each([
    ['cd ~/.ssh', ['~/.ssh']],
    ['cd', ['~']],
    ['cd -', ['/']],
    ['popd', ['/']],
    ['pushd -P ..', ['..']],
    ['grep -f ~/.ssh/id_rsa .', ['~/.ssh/id_rsa', '.']],
    ['grep --file=/etc/passwd -r x src', ['/etc/passwd', 'x', 'src']], // with -f, every operand is a file
    ['rg --ignore-file /etc/ignore x', ['/etc/ignore', '.']], // rg with no path searches where it runs
    ['rg --max-count 1 x ~/.aws', ['~/.aws']],
    ['sed -f /tmp/x.sed README.md', ['/tmp/x.sed', 'README.md']],
    ['sort --files0-from=/etc/x', ['/etc/x']],
    ['date -f ~/.ssh/id_rsa', ['~/.ssh/id_rsa']],
    ['tar -czf - ~/.ssh', ['~/.ssh']],
    ['tar czf - src', ['src']],
    ['tar -C ~ -czf - .ssh', ['~/.ssh']],
    ['tar -tzf ~/x.tgz', ['~/x.tgz']],
    ['tar -xf a.tar -T ~/list', ['a.tar', '~/list']],
  ])('%j reads %j', (command, expected) => {
    expect(only(command)).toEqual(expected);
  });

  it.each(['grep -e x', 'date -d tomorrow', 'sort -k 2', 'tar -cf - -'])('%j names no file it reads', (command) => {
    expect(only(command)).toEqual([]);
  });
});

describe('listsWorkspaceNames: what xargs may take file names from', () => {
  it.each([
    ['find src -name "*.ts"', true],
    ['git ls-files', true],
    ['git diff --name-only', true],
    ['grep -rl export src', true],
    ['rg --files-with-matches x', true],
    ['cat list', false],
    ['grep x notes.md', false],
    ['git log --format=%s', false],
    ['echo /etc/passwd', false],
  ])('%j → %s', (command, expected) => {
    expect(listsWorkspaceNames(analyze(command).commands[0]!.argv)).toBe(expected);
  });
});
