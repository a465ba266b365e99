// Claude Code's Bash(specifier) semantics per simple command, including the reported bypasses.
import { beforeAll, describe, expect, it } from 'vitest';
import { bashSpecifierMatches, tokenizeSpecifier } from '../../../main/core/shell/index.js';
import type { SimpleCommand } from '../../../main/core/shell/index.js';
import { analyze, ready } from './helpers.js';

beforeAll(ready);

type Action = 'allow' | 'deny' | 'ask';

/** The simple command of `command` whose argv starts with `program` (the first when null). */
function pick(command: string, program: string | null = null): SimpleCommand {
  const cmds = analyze(command).commands;
  const c = program === null ? cmds[0] : cmds.find((x) => x.argv[0] === program);
  if (!c) throw new Error(`no ${program ?? 'command'} in ${command}`);
  return c;
}

const TABLE: Array<[string, string, Action, boolean]> = [
  // no wildcard: the exact command
  ['npm test', 'npm test', 'allow', true],
  ['npm test', 'npm  test', 'allow', true],
  ['npm test', 'npm "test"', 'allow', true],
  ['npm test', 'npm test --watch', 'allow', false],
  ['npm test', 'npm tes', 'allow', false],
  ['git commit -m "fix it"', "git commit -m 'fix it'", 'allow', true],
  // trailing :* and " *": prefix at a word boundary
  ['ls:*', 'ls', 'allow', true],
  ['ls:*', 'ls -la', 'allow', true],
  ['ls:*', 'lsof', 'allow', false],
  ['ls *', 'ls -la', 'allow', true],
  ['ls *', 'lsof -i', 'allow', false],
  ['npm run test:*', 'npm run test -- --watch', 'allow', true],
  ['npm run test:*', 'npm run test:unit', 'allow', false],
  ['npm run test:*', 'npm run lint', 'allow', false],
  // * elsewhere: a glob over the normalized text
  ['git * main', 'git push origin main', 'allow', true],
  ['git * main', 'git push origin dev', 'allow', false],
  ['npm run *:ci', 'npm run test:ci', 'allow', true],
  // program normalization
  ['git status', '/usr/bin/git status', 'allow', true],
  ['git status', '"git" status', 'allow', true],
  ['git status', 'g\\it status', 'allow', true],
  ['git status', './git status', 'allow', false],
  ['git status', 'tools/git status', 'allow', false],
  ['./gradlew build', './gradlew build', 'allow', true],
  ['git status', './git status', 'deny', true],
  // env prefixes must be spelled out by allow rules; deny rules see past them
  ['npm test', 'FOO=1 npm test', 'allow', false],
  ['FOO=1 npm test', 'FOO=1 npm test', 'allow', true],
  ['npm test', 'env FOO=1 npm test', 'allow', false],
  ['rm:*', 'FOO=1 rm x', 'deny', true],
  ['git push:*', 'GIT_SSH_COMMAND=x git push', 'deny', true],
  // wrappers are transparent for what they run, never a licence
  ['npm test', 'timeout 5 npm test', 'allow', true],
  ['timeout 5 npm test', 'timeout 5 npm test', 'allow', true],
  ['timeout:*', 'timeout 5 rm -rf x', 'allow', false],
  ['env:*', 'env rm -rf x', 'allow', false],
  ['xargs:*', 'xargs rm', 'allow', false],
  ['wc -l', 'xargs wc -l', 'allow', false],
  ['wc:*', 'xargs wc -l', 'allow', true],
  ['rm:*', 'command rm x', 'deny', true],
  ['rm:*', 'nice -n 5 rm x', 'deny', true],
  ['rm:*', 'bash -c "rm x"', 'deny', true],
  ['sudo:*', 'sudo -E npm test', 'deny', true],
  ['sudo:*', 'timeout 5 sudo rm x', 'deny', true],
  ['bash:*', 'bash -c "ls"', 'deny', true],
  // deny rules catch every spelling of the same options
  ['rm -rf:*', 'rm -rf x', 'deny', true],
  ['rm -rf:*', 'rm -fr x', 'deny', true],
  ['rm -rf:*', 'rm -r -f x', 'deny', true],
  ['rm -rf:*', 'rm -f -r x', 'deny', true],
  ['rm -rf:*', 'rm --recursive --force x', 'deny', true],
  ['rm -rf:*', 'rm --recur --force x', 'deny', true],
  ['rm -rf:*', 'rm -Rf x', 'deny', true],
  ['rm -rf:*', 'rm -rfv x', 'deny', true],
  ['rm -rf:*', 'rm x -rf', 'deny', true],
  ['rm -rf:*', '/bin/rm -rf ~/proj', 'deny', true],
  ['rm -rf:*', '\\rm -rf ~/proj', 'deny', true],
  ['rm -rf:*', '"rm" -rf ~/proj', 'deny', true],
  ['rm -rf:*', 'rm -r x', 'deny', false],
  ['rm -rf:*', 'rm -f x', 'deny', false],
  ['rm -rf:*', 'rmdir x', 'deny', false],
  ['rm -rf /', 'rm -fr /', 'deny', true],
  ['rm -rf /', 'rm -rf / x', 'deny', false],
  ['git push --force:*', 'git push --force', 'deny', true],
  ['git push --force:*', 'git push -f origin main', 'deny', true],
  ['git push --force:*', 'git push origin main --force', 'deny', true],
  ['git push --force:*', 'git push origin +main', 'deny', true],
  ['git push --force:*', 'git push --force-with-lease', 'deny', true],
  ['git push --force:*', 'git -C /p push -f', 'deny', true],
  ['git push --force:*', 'git -c a=b push --force', 'deny', true],
  ['git push --force:*', 'git push origin main', 'deny', false],
  ['git push --force:*', 'git push -u origin feature', 'deny', false],
  ['git push * --force', 'git push origin main -f', 'deny', true],
  ['kill -9:*', 'kill -KILL 12', 'deny', true],
  ['kill -9:*', 'kill -s KILL 12', 'deny', true],
  ['kill -9:*', 'kill -SIGKILL 12', 'deny', true],
  ['kill -9:*', 'kill 12', 'deny', false],
  ['git push:*', 'git -C /p push', 'ask', true],
  ['git push:*', 'git -C /p push', 'allow', false],
  // allow rules do not normalize flags: they match only what they say
  ['rm -rf build', 'rm -fr build', 'allow', false],
];

describe('bashSpecifierMatches', () => {
  it.each(TABLE)('Bash(%s) vs %j as %s → %s', (spec, command, action, expected) => {
    expect(bashSpecifierMatches(spec, pick(command), action)).toBe(expected);
  });

  it('#16180: an allow for git add does not cover the commit and push chained after it', () => {
    const cmds = analyze('git add . && git commit -m x && git push').commands;
    expect(cmds.map((c) => bashSpecifierMatches('git add:*', c, 'allow'))).toEqual([true, false, false]);
  });

  it('#28784: an allow for cd does not cover what runs after the cd', () => {
    const cmds = analyze('cd x && python3 evil.py').commands;
    expect(cmds.map((c) => bashSpecifierMatches('cd:*', c, 'allow'))).toEqual([true, false]);
  });

  it('#59498: an ask rule still sees git push after a cd', () => {
    expect(bashSpecifierMatches('git push:*', pick('cd /p && git push', 'git'), 'ask')).toBe(true);
  });

  it('#66176: git -C and env prefixes do not defeat deny/ask prefixes, nor widen allows', () => {
    expect(bashSpecifierMatches('git push:*', pick('git -C /p push'), 'deny')).toBe(true);
    expect(bashSpecifierMatches('git push:*', pick('FOO=1 git push'), 'deny')).toBe(true);
    expect(bashSpecifierMatches('git push:*', pick('FOO=1 git push'), 'allow')).toBe(false);
  });

  it('#94314: a chained tail is a command of its own', () => {
    const cmds = analyze('git log -1; rm -rf x').commands;
    expect(cmds.map((c) => bashSpecifierMatches('git log:*', c, 'allow'))).toEqual([true, false]);
  });

  it('Roo #11095: the matched command still carries its redirect, which blocks the allow', () => {
    const a = analyze('git show > ~/.ssh/id_rsa');
    expect(bashSpecifierMatches('git show:*', a.commands[0]!, 'allow')).toBe(true);
    expect(a.blockers.length).toBeGreaterThan(0);
  });

  it('matches hand-built commands that carry no optional fields', () => {
    const cmd: SimpleCommand = { argv: ['rm', '-fr', 'x'], text: 'rm -fr x', span: { start: 0, end: 8 }, env: [], redirects: [], wrappers: [], dynamic: false };
    expect(bashSpecifierMatches('rm -rf:*', cmd, 'deny')).toBe(true);
    expect(bashSpecifierMatches('rm -rf:*', cmd, 'allow')).toBe(false);
  });

  it('tokenizes rule text like the shell', () => {
    expect(tokenizeSpecifier(`git commit -m "a b" 'c d' e\\ f`)).toEqual(['git', 'commit', '-m', 'a b', 'c d', 'e f']);
  });
});
