// Rule syntax: Claude Code's Tool(specifier) patterns parse to a typed form; malformed ones are refused with a fix.
import { describe, expect, it } from 'vitest';
import { parseRulePattern, RulePatternError } from '../../../main/core/policy/rules/pattern.js';

describe('parseRulePattern', () => {
  it.each([
    ['Bash', { kind: 'tool', tool: 'Bash' }],
    ['Bash(*)', { kind: 'tool', tool: 'Bash' }],
    ['Bash(npm run test:*)', { kind: 'bash', specifier: 'npm run test:*', program: 'npm' }],
    ['Bash(git status)', { kind: 'bash', specifier: 'git status', program: 'git' }],
    ['  Read(./src/**)  ', { kind: 'path', tool: 'Read', specifier: './src/**' }],
    ['Edit(docs/**)', { kind: 'path', tool: 'Edit', specifier: 'docs/**' }],
    ['Write(//etc/hosts)', { kind: 'path', tool: 'Write', specifier: '//etc/hosts' }],
    ['Read(../shared/**)', { kind: 'path', tool: 'Read', specifier: '../shared/**' }],
    ['WebFetch(domain:Example.COM.)', { kind: 'domain', tool: 'WebFetch', domain: 'example.com' }],
    ['Network(domain:registry.npmjs.org)', { kind: 'domain', tool: 'Network', domain: 'registry.npmjs.org' }],
    ['WebFetch(domain:bücher.de)', { kind: 'domain', tool: 'WebFetch', domain: 'xn--bcher-kva.de' }],
    ['mcp__github', { kind: 'mcp', server: 'github', tool: null }],
    ['mcp__github__*', { kind: 'mcp', server: 'github', tool: null }],
    ['mcp__github__create_issue', { kind: 'mcp', server: 'github', tool: 'create_issue' }],
    ['Task(reviewer)', { kind: 'other', tool: 'Task', specifier: 'reviewer' }],
    ['Bash(echo (x))', { kind: 'bash', specifier: 'echo (x)', program: 'echo' }],
    ['Bash(* --help)', { kind: 'bash', specifier: '* --help', program: null }],
  ])('%s', (pattern, parsed) => {
    expect(parseRulePattern(pattern)).toEqual(parsed);
  });

  it.each([
    ['', /empty rule pattern/],
    ['   ', /empty rule pattern/],
    ['(ls)', /tool name before "\(" is empty/],
    ['Bash(ls', /unbalanced/],
    ['Bash(ls))', /unbalanced/],
    ['Bash)ls(', /unbalanced/],
    ['Bash ls)', /unbalanced/],
    ['Bash()', /empty specifier/],
    ['Read(  )', /empty specifier/],
    ['WebFetch(example.com)', /domain:example.com/],
    ['WebFetch(domain:)', /bare host name/],
    ['WebFetch(domain:example.com/path)', /bare host name/],
    ['WebFetch(domain:user@example.com)', /bare host name/],
    ['WebFetch(domain:*.example.com)', /bare host name/],
    ['mcp__', /mcp__server/],
    ['mcp__a__b__c', /mcp__server/],
    ['mcp__gh__create*', /whole "\*"/],
    ['mcp__gh__x(y)', /no specifier/],
    ['Ba sh', /not a tool name/],
    ['Read(src/**/../x)', /after a wildcard/],
  ])('refuses %j', (pattern, message) => {
    expect(() => parseRulePattern(pattern)).toThrow(RulePatternError);
    expect(() => parseRulePattern(pattern)).toThrow(message);
  });
});
