// Tcl's and expect's `exec`/`spawn` take a command's words unquoted, and Perl's `q{…}` is a string like '…': both hand
// commands and paths to the same checks as other interpreters' calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellStrings } from '../../../main/core/shell/checks/embedded.js';
import { bashUnder, setUp, tearDown } from '../policy/closed-world-harness.js';

describe('shellStrings of Tcl and expect code', () => {
  it.each([
    ['exec rm -rf ~', 'tclsh', ['rm -rf ~']], ['puts [exec ls -la]', 'tclsh', ['ls -la']], ['spawn sh -c {rm -rf /}; expect eof', 'expect', ["sh -c 'rm -rf /'"]],
    ['set x 1\nexec make test', 'wish', ['make test']], ['exec rm -rf ~', 'python3', []], ['puts execution', 'tclsh', []],
  ] as const)('%j via %s → %j', (code, via, expected) => {
    expect(shellStrings(code, via)).toEqual(expected);
  });
});

describe('interpreters under a blanket Bash rule', () => {
  beforeAll(setUp);
  afterAll(tearDown);
  const ALL = { allow: ['Bash'] };

  it.each([
    'perl -MFile::Path=remove_tree -e "remove_tree(q{/})"', 'perl -e "use File::Path; rmtree(qq(/))"', "perl -e 'system q{rm -rf ~}'", "tclsh <<< 'exec rm -rf ~'",
    "expect -c 'spawn rm -rf ~'", "expect -c 'spawn sh -c {rm -rf /}; expect eof'",
  ])('%s is denied', async (command) => {
    expect((await bashUnder(command, ALL)).decision).toBe('deny');
  });

  it.each(["perl -e 'print q{hello}'", "tclsh <<< 'puts [exec ls]'"])('%s asks, as inline code does', async (command) => {
    expect((await bashUnder(command, ALL)).decision).toBe('ask');
  });
});
