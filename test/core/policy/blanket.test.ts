// blanketReason: which patterns the rule editor warns about and the CLI refuses without --allow-blanket. Hostile
// spellings of "any program" (a first word that is no program name) and "every path" are blanket; rules that name a
// program or a folder are not.
import { describe, expect, it } from 'vitest';
import { blanketReason } from '../../../main/core/policy/rules/blanket.js';

describe('blanketReason', () => {
  it.each([
    ['Bash', /every Bash call/],
    ['Bash(*)', /every Bash call/],
    ['Bash( *)', /every Bash call/],
    ['Bash(:*)', /names no program/],
    ['Bash(* *)', /names no program/],
    ['Bash(**)', /names no program/],
    ['Bash(*:*)', /names no program/],
    ['Bash(n* *)', /names no program/],
    ['Bash(* install *)', /names no program/],
    ['Bash(FOO=1 *)', /names no program/],
    ['Write', /every Write call/],
    ['Edit', /every Edit call/],
    ['Write(*)', /every Write path/],
    ['Read(**)', /every Read path/],
    ['Read(//**)', /every Read path/],
    ['Edit(**/*)', /every Edit path/],
    ['Edit(/**/*)', /every Edit path/],
    ['Edit(./**)', /every Edit path/],
    ['mcp__github', /every tool of the github MCP server/],
    ['mcp__github__*', /every tool of the github MCP server/],
  ])('%s is blanket', (pattern, why) => {
    expect(blanketReason(pattern)).toMatch(why);
  });

  it.each([
    'Bash(npm test)', 'Bash(npm run test:*)', 'Bash(git status:*)', 'Bash(env:*)', 'Bash(xargs:*)', 'Bash(FOO=1 npm test)',
    'Read(./src/**)', 'Edit(docs/**)', 'Read(~/.config/app/*)', 'WebFetch(domain:example.com)', 'mcp__github__create_issue',
  ])('%s is not blanket', (pattern) => {
    expect(blanketReason(pattern)).toBeNull();
  });
});
