// The files a reading program opens: `git diff --no-index` reads any two paths, so its operands are reads too.
import { beforeAll, describe, expect, it } from 'vitest';
import { commandReadOperands } from '../../../main/core/shell/index.js';
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

  it.each(['git diff HEAD~1 -- /etc/passwd', 'git log -p /etc', 'git show --no-index x', 'git diff --no-index - /dev/null'])(
    '%j names no file it reads outside git',
    (command) => {
      expect(only(command)).toEqual([]);
    },
  );
});
