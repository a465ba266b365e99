// Skipping Bash rules by program must never hide a rule the shell matcher would match (checked against brute force).
import { beforeAll, describe, expect, it } from 'vitest';
import { shellCandidates } from '../../../main/core/policy/rules/shell-index.js';
import { parseRulePattern, specifierProgram } from '../../../main/core/policy/rules/pattern.js';
import type { LiveRule } from '../../../main/core/policy/rules/live-rule.js';
import { analyzeShellCommand, bashSpecifierMatches, initShellParser } from '../../../main/core/shell/index.js';
import { rule } from './fixture.js';

beforeAll(() => initShellParser());

describe('specifierProgram', () => {
  it.each([
    ['git status', 'git'],
    ['git diff:*', 'git'],
    ['/usr/bin/git log:*', 'git'],
    ['FOO=1 npm test', 'npm'],
    ['"rm" -rf:*', 'rm'],
    ['r\\m -rf:*', 'rm'],
    ['*', null],
    ['git* status', null],
    ['* --version', null],
    ['', null],
  ])('%j → %j', (spec, prog) => expect(specifierProgram(spec)).toBe(prog));
});

const SPECS = [
  'git status', 'git diff:*', 'git push --force:*', 'rm -rf:*', 'sudo:*', 'npm run test:*', 'ls *', 'FOO=1 npm test',
  '/bin/rm -rf:*', 'git * main', '* --help', 'timeout:*', 'env:*', 'xargs:*', 'bash:*', 'nice:*', 'python3 -c:*',
];
const COMMANDS = [
  'git status', 'git diff --stat', 'git push -f origin main', 'git push origin +main', '/bin/rm -rf ~/p', '\\rm -fr x',
  'command rm -rf x', 'timeout 5 rm -rf x', 'env FOO=1 npm test', 'FOO=1 npm test', 'nice -n 5 git status', 'sudo -E npm test',
  'bash -c "rm -rf x"', 'ls -la', 'lsof', 'npm run test:unit', 'xargs rm -rf < f', 'git merge main', 'node --help',
  'nohup rm -rf x &', 'python3 -c "print(1)"', './git status',
];

describe('shellCandidates', () => {
  let checked = 0;
  const lrs: LiveRule[] = SPECS.map((s) => ({ rule: rule('deny', `Bash(${s})`), parsed: parseRulePattern(`Bash(${s})`) }));
  for (const command of COMMANDS) {
    it(`keeps every rule that matches ${JSON.stringify(command)}`, () => {
      const analysis = analyzeShellCommand(command, { cwd: '/ws', home: '/home/u' });
      for (const cmd of analysis.commands) {
        const candidates = new Set(shellCandidates(lrs, cmd));
        for (const action of ['allow', 'deny', 'ask'] as const) {
          for (const lr of lrs) {
            if (lr.parsed.kind !== 'bash') continue;
            if (!bashSpecifierMatches(lr.parsed.specifier, cmd, action)) continue;
            checked++;
            expect(candidates.has(lr), `${lr.rule.pattern} ${action}`).toBe(true);
          }
        }
      }
    });
  }
  it('checked a real number of matches (the table is not vacuous)', () => expect(checked).toBeGreaterThan(30));
});

describe('shellCandidates order', () => {
  // Mixed programs and wildcards: the index must hand back exactly the brute-force list, in rule order.
  const lrs: LiveRule[] = [...SPECS, 'git log:*', '* --version', 'rm:*'].map((s, i) => ({ rule: rule(i % 2 ? 'allow' : 'deny', `Bash(${s})`), parsed: parseRulePattern(`Bash(${s})`) }));
  it.each(COMMANDS)('%j', (command) => {
    for (const cmd of analyzeShellCommand(command, { cwd: '/ws', home: '/home/u' }).commands) {
      const names = new Set([cmd.argv[0], cmd.program, ...(cmd.forms ?? []).map((f) => f.find((w) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(w)))].filter((w): w is string => w !== undefined).map((w) => w.slice(w.lastIndexOf('/') + 1)));
      const brute = lrs.filter((lr) => lr.parsed.kind === 'bash' && (lr.parsed.program === null || names.has(lr.parsed.program)));
      expect(shellCandidates(lrs, cmd).map((lr) => lr.rule.pattern)).toEqual(brute.map((lr) => lr.rule.pattern));
    }
  });
});
