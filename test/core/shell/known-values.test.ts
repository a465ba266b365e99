// Values a command fixes itself (`X=/; rm -rf $X`, `$(pwd)`, `$(echo /)`) reach the deny checks, yet never make a word
// something a rule can vouch for: the word stays run-time for allow rules.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyze, ready } from './helpers.js';

beforeAll(ready);

const argvOf = (command: string): string[][] => analyze(command).commands.map((c) => c.argv);

describe('values the script sets itself', () => {
  it.each([
    ['X=/; rm -rf $X', ['rm', '-rf', '/']],
    ['X=~; rm -rf "${X}"', ['rm', '-rf', '~']],
    ['x=rm; $x -rf build', ['rm', '-rf', 'build']],
    ['rm -rf $(echo /)', ['rm', '-rf', '/']],
    ['rm -rf `echo /`', ['rm', '-rf', '/']],
  ])('%j runs %j', (command, argv) => {
    expect(argvOf(command)).toContainEqual(argv);
  });

  it('reads $(pwd) as the directory the command runs in', () => {
    const a = analyze('rm -rf "$(pwd)"');
    expect(a.commands.find((c) => c.argv[0] === 'rm')?.argv[2]).toMatch(/^\//);
    expect(a.hardDenies.length).toBeGreaterThan(0);
  });

  it.each([
    ['(X=/); rm -rf $X', '$X'], // a subshell's assignment does not reach its parent
    ['X=$(date); rm -rf $X', '$X'], // a run-time value is not known
    ['X=/; X=$Y; rm -rf $X', '$X'], // reassigned to something unknown
    ['rm -rf $X', '$X'],
  ])('%j leaves %j unresolved', (command, word) => {
    expect(analyze(command).commands.find((c) => c.argv[0] === 'rm')?.argv).toContain(word);
  });

  it('never lets a rule vouch for a resolved word', () => {
    expect(analyze('X=src; ls $X').blockers.map((b) => b.reason)).toContain('$X expands at run time, so no rule can vouch for the resulting command');
  });

  it('judges a redirect target set the same way', () => {
    const [cmd] = analyze('F=.claude/settings.json; echo {} > $F').commands;
    expect(cmd!.redirects[0]?.target).toBe('.claude/settings.json');
  });
});
