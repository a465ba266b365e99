// A command name bound to another program runs that program: `hash -p /bin/rm ls; ls -rf ~` is `rm -rf ~`, and the
// hard denies judge it so, as they judge an alias.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerdictDecision as Decision } from '../../../common/domain.js';
import { hashBindings } from '../../../main/core/shell/walk/scope.js';
import { APPROVE_ALL, redTeamTables, setUp, tearDown } from './closed-world-harness.js';

beforeAll(setUp);
afterAll(tearDown);

describe('hashBindings', () => {
  it.each([
    [['-p', '/bin/rm', 'ls'], [['ls', '/bin/rm']]], [['-p/bin/rm', 'ls', 'cat'], [['ls', '/bin/rm'], ['cat', '/bin/rm']]], [['-tp', '/bin/rm', 'ls'], [['ls', '/bin/rm']]],
    [['-p', '/bin/rm', '--', 'ls'], [['ls', '/bin/rm']]], [['--', '-p'], null], [['-r'], null], [['ls'], null], [[], null],
  ] as const)('hash %j binds %j', (args, expected) => {
    expect(hashBindings(args)).toEqual(expected);
  });
});

const ALL = APPROVE_ALL;

const DECIDED: Array<[string, 'ALL', Decision]> = [
  ['hash -p /bin/rm ls; ls -rf ~', 'ALL', 'deny'], ['hash -p/usr/bin/rm x && x -rf /', 'ALL', 'deny'], ['hash -p /bin/rm ls cat; cat -rf ~', 'ALL', 'deny'],
  ["hash -p /usr/bin/bash ls; ls -c 'rm -rf ~'", 'ALL', 'deny'],
  // held: hash asks whatever it binds, as before
  ['hash -p /bin/ls l; l', 'ALL', 'ask'], ['hash -r; ls -la', 'ALL', 'ask'],
];

const HARMLESS: Array<[string, 'ALL']> = [['ls -la', 'ALL'], ['echo hash -p /bin/rm ls', 'ALL'], ['type -p ls', 'ALL']];

redTeamTables('names bound to another program', { ALL }, DECIDED, HARMLESS);
