// Splitting a command into the simple commands it runs, across every construct that can hide one.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyze, argvs, explain, outcome, ready } from './helpers.js';

beforeAll(ready);

const SPLITS: Array<[string, string[][]]> = [
  ['git status && git diff', [['git', 'status'], ['git', 'diff']]],
  ['ls -la src | wc -l', [['ls', '-la', 'src'], ['wc', '-l']]],
  ['a || b; c & d |& e', [['a'], ['b'], ['c'], ['d'], ['e']]],
  ['git status\nrm -rf build', [['git', 'status'], ['rm', '-rf', 'build']]],
  ['git status\r\nrm -rf build', [['git', 'status'], ['rm', '-rf', 'build']]],
  ['(cd src && make)', [['cd', 'src'], ['make']]],
  ['{ ls; pwd; }', [['ls'], ['pwd']]],
  ['if test -f x; then cat x; elif ls; then pwd; else echo no; fi', [['test', '-f', 'x'], ['cat', 'x'], ['ls'], ['pwd'], ['echo', 'no']]],
  ['for f in a b; do echo hi; done', [['echo', 'hi']]],
  ['while read l; do echo x; done', [['read', 'l'], ['echo', 'x']]],
  ['until false; do sleep 1; done', [['false'], ['sleep', '1']]],
  ['case x in x) rm -rf build;; *) ls;; esac', [['rm', '-rf', 'build'], ['ls']]],
  ['! grep -q x f', [['grep', '-q', 'x', 'f']]],
  ['[[ -f x ]] && ls', [['ls']]],
  ['[ -f x ] || ls', [['ls']]],
  ['ls # ; rm -rf ~', [['ls']]],
  ["echo 'a; rm -rf ~'", [['echo', 'a; rm -rf ~']]],
  ['echo "a && b | c"', [['echo', 'a && b | c']]],
  ['r\\\nm -rf build', [['rm', '-rf', 'build']]],
  ['ls \\\n  -la', [['ls', '-la']]],
];

describe('splitting into simple commands', () => {
  it.each(SPLITS)('%j', (command, expected) => {
    expect(argvs(analyze(command)), explain(analyze(command))).toEqual(expected);
  });

  it('keeps benign compound commands free of blockers', () => {
    for (const c of ['git status && git diff', 'ls -la src | wc -l', 'cd src && ls', '(cd src && ls)', '{ ls; pwd; }', '[[ -f x ]] && ls']) {
      expect(outcome(analyze(c)), c).toBe('clean');
    }
  });

  it('notes background commands without blocking them', () => {
    const a = analyze('npm run dev & npm test');
    expect(a.commands.map((c) => c.background ?? false)).toEqual([true, false]);
    expect(outcome(a)).toBe('clean');
  });

  it('blocks function definitions and analyzes their bodies', () => {
    const a = analyze('ls() { rm -rf build; }; ls');
    expect(argvs(a)).toContainEqual(['rm', '-rf', 'build']);
    expect(a.blockers.some((b) => /function ls/.test(b.reason))).toBe(true);
  });

  it('never allows what does not parse, but still finds denied parts', () => {
    const a = analyze('ls `# x` ; rm -rf ~');
    expect(a.parsed).toBe(false);
    expect(outcome(a)).toBe('hard');
    expect(argvs(a)).toContainEqual(['rm', '-rf', '~']);
    for (const broken of ['echo "unterminated', 'ls &&', 'if true; then ls', 'cat <> f']) {
      const b = analyze(broken);
      expect(b.parsed, broken).toBe(false);
      expect(outcome(b), broken).not.toBe('clean');
    }
  });

  it('treats empty, blank and comment-only commands as not allowable', () => {
    for (const c of ['', '   ', '\n\t', '# just a comment', 'x=1']) expect(outcome(analyze(c)), JSON.stringify(c)).toBe('block');
  });

  it('records cd so later relative paths resolve where they run', () => {
    const a = analyze('cd src && ls && (cd /tmp; pwd); cat x');
    expect(a.commands.map((c) => c.cwd)).toEqual([undefined, '/home/u/ws/src', '/home/u/ws/src', '/tmp', '/home/u/ws/src']);
  });
});
