// Codex / Gemini argv forms become the command text they run, and quoting keeps words intact.
import { beforeAll, describe, expect, it } from 'vitest';
import { commandFromArgv, shellQuote } from '../../../main/core/shell/index.js';
import { analyze, argvs, outcome, ready } from './helpers.js';

beforeAll(ready);

describe('commandFromArgv', () => {
  it('unwraps a shell -c script', () => {
    expect(commandFromArgv(['bash', '-lc', 'git status && ls'])).toBe('git status && ls');
    expect(commandFromArgv(['/bin/zsh', '-c', 'ls'])).toBe('ls');
    expect(commandFromArgv(['sh', '-c', 'ls'])).toBe('ls');
  });

  it('quotes any other argv so analysis sees the same words', () => {
    const cases: string[][] = [
      ['rm', '-rf', 'a b'],
      ['echo', "it's", '$(id)', '`id`', 'a;b', ''],
      ['git', 'commit', '-m', 'x\ny'],
      ['bash', '-lc', 'ls', 'extra'],
      ['python3', '-c', 'print("hi")'],
    ];
    for (const argv of cases) {
      const text = commandFromArgv(argv);
      const a = analyze(text);
      if (argv[0] === 'bash') expect(argvs(a)).toEqual([['ls']]);
      else expect(argvs(a)).toEqual([argv]);
    }
    expect(outcome(analyze(commandFromArgv(['echo', '$(rm -rf ~)'])))).toBe('clean');
  });

  it('leaves plain words unquoted', () => {
    expect(commandFromArgv(['git', 'log', '--oneline', '-n', '5', 'src/a.ts'])).toBe('git log --oneline -n 5 src/a.ts');
    expect(shellQuote('')).toBe("''");
    expect(shellQuote("a'b")).toBe(`'a'\\''b'`);
  });
});
