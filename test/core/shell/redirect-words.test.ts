// tree-sitter-bash hangs the words after a mid-command redirect on the redirect node (`rm 2>/dev/null -rf /`); bash
// gives them to the command. Every one of them must reach the rules, the checks and the hard denies.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyze, ready } from './helpers.js';

beforeAll(ready);

describe('words after a redirect belong to the command', () => {
  it.each([
    ['rm 2>/dev/null -rf /', ['rm', '-rf', '/']],
    ['rm < /dev/null -rf ~', ['rm', '-rf', '~']],
    ['cat 2>&1 x y', ['cat', 'x', 'y']],
    ['git push >/dev/null -f origin main', ['git', 'push', '-f', 'origin', 'main']],
    ['rm -rf 2>/dev/null / > out x', ['rm', '-rf', '/', 'x']],
    ['FOO=1 rm 2>/dev/null -rf /', ['rm', '-rf', '/']],
    ['cat <<X ~/.ssh/id_rsa\nhi\nX', ['cat', '~/.ssh/id_rsa']],
    ['cat<<X 2>/dev/null ~/.ssh/id_rsa\nX', ['cat', '~/.ssh/id_rsa']],
  ])('%j runs %j', (command, argv) => {
    expect(analyze(command).commands.map((c) => c.argv)).toEqual([argv]);
  });

  it('gives them to the last command of a pipeline, as bash does', () => {
    expect(analyze('ls | rm 2>/dev/null -rf /').commands.map((c) => c.argv)).toEqual([['ls'], ['rm', '-rf', '/']]);
  });

  it('keeps the whole command, redirect included, as its text and range', () => {
    const [cmd] = analyze('cat 2>/dev/null ~/.ssh/id_rsa').commands;
    expect(cmd!.text).toBe('cat 2>/dev/null ~/.ssh/id_rsa');
  });

  it.each(['rm 2>/dev/null -rf /', 'chmod 2>/dev/null -R 777 /', 'dd 2>/dev/null if=/dev/zero of=/dev/sda'])('%j is a hard deny', (command) => {
    expect(analyze(command).hardDenies.length).toBeGreaterThan(0);
  });

  it('blocks words after the redirect of a compound command, which bash refuses', () => {
    expect(analyze('{ ls; } 2>/dev/null x').blockers.map((b) => b.reason)).toContain('words follow the redirect of a compound command, which bash does not accept');
  });
});
