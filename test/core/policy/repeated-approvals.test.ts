// "You keep approving this": which hand approvals make a rule suggestion, and which never do.
import { describe, expect, it } from 'vitest';
import { repeatedApprovals, type ProposedRow } from '../../../main/core/policy/index.js';

const NOW = new Date('2026-11-28T12:00:00Z');
const DAY = 24 * 3600 * 1000;
const opts = { now: NOW, windowMs: 7 * DAY, min: 3, known: new Set<string>() };

let n = 0;
function row(summary: string, pattern: string | null, over: Partial<ProposedRow['entry']> = {}, daysAgo = 1): ProposedRow {
  n++;
  const received_at = new Date(NOW.getTime() - daysAgo * DAY + n * 1000).toISOString();
  return { entry: { id: `r${n}`, received_at, status: 'approved', decided_by: 'user', summary, cwd: '/ws', ...over }, pattern };
}

const kills = (k: number, over: Partial<ProposedRow['entry']> = {}, daysAgo = 1): ProposedRow[] =>
  Array.from({ length: k }, (_, i) => row(`kill ${1000 + i}`, 'Bash(kill <pid>)', over, daysAgo));

describe('repeatedApprovals', () => {
  it('three hand approvals of the same kind of call suggest its rule, newest examples first', () => {
    expect(repeatedApprovals(kills(3), opts)).toEqual([{ pattern: 'Bash(kill <pid>)', count: 3, examples: ['kill 1002', 'kill 1001', 'kill 1000'], cwd: '/ws' }]);
  });

  it.each([
    ['two approvals', kills(2)],
    ['approvals outside the window', kills(3, {}, 8)],
    ['approvals by a rule or a grant', kills(3, { decided_by: 'rule' })],
    ['calls that were denied', kills(3, { status: 'denied' })],
    ['calls that timed out', kills(3, { status: 'expired', decided_by: 'timeout' })],
    ['calls no rule can allow', [row('a', null), row('b', null), row('c', null)]],
    ['different kinds of call', [row('ls', 'Bash(ls)'), row('pwd', 'Bash(pwd)'), row('kill 1', 'Bash(kill <pid>)')]],
  ])('%s suggest nothing', (_name, rows) => {
    expect(repeatedApprovals(rows, opts)).toEqual([]);
  });

  it('a pattern that already is a rule is not suggested again', () => {
    expect(repeatedApprovals(kills(4), { ...opts, known: new Set(['Bash(kill <pid>)']) })).toEqual([]);
  });

  it('the most approved kind comes first', () => {
    const rows = [...kills(3), ...Array.from({ length: 4 }, () => row('npm test', 'Bash(npm test)'))];
    expect(repeatedApprovals(rows, opts).map((r) => [r.pattern, r.count])).toEqual([['Bash(npm test)', 4], ['Bash(kill <pid>)', 3]]);
  });
});
