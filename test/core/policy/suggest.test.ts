// "Always" suggestions, payload fingerprints, what-if matching and the paths handed to the probe.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ToolRequest } from '../../../common/domain.js';
import { parseRulePattern, payloadFingerprint, requestPaths, ruleMatchesRequest, suggestRulePattern } from '../../../main/core/policy/index.js';
import { analyzeShellCommand, initShellParser } from '../../../main/core/shell/index.js';
import { request, rule } from './fixture.js';

const WS = '/ws';
const HOME = '/home/u';
const ws = { cwd: WS, home: HOME, gatehouseHome: `${HOME}/.config/Gatehouse`, paths: new Map() };
const bash = (command: string) => request('Bash', { command }, WS);
const analyse = (r: ToolRequest) => analyzeShellCommand(String(r.args['command']), { cwd: WS, home: HOME });

beforeAll(() => initShellParser());

describe('suggestRulePattern', () => {
  it.each([
    ['git status', 'Bash(git status)', false],
    ['git diff --stat src', 'Bash(git diff:*)', false],
    ['npm run test -- --watch', 'Bash(npm run test:*)', false],
    ['git push origin main', 'Bash(git push:*)', true],
    ['ls -la src', 'Bash(ls -la src)', false],
    ['npm test && rm -rf build', 'Bash(npm test)', false],
  ])('Bash %j → %s (broad: %s)', (command, pattern, broad) => {
    const r = bash(command);
    const s = suggestRulePattern(r, analyse(r), HOME);
    expect(s.pattern).toBe(pattern);
    expect(s.broad).toBe(broad);
    expect(() => parseRulePattern(s.pattern)).not.toThrow();
  });

  it('proposes a rule for every command of a chain or pipeline, not the first only', () => {
    const r = bash('npm test && rm -rf build');
    expect(suggestRulePattern(r, analyse(r), HOME)).toMatchObject({ pattern: 'Bash(npm test)', also: ['Bash(rm -rf build)'] });
    const p = bash('pytest | tee out.txt');
    expect(suggestRulePattern(p, analyse(p), HOME)).toMatchObject({ pattern: 'Bash(pytest)', also: ['Bash(tee out.txt)'] });
  });

  it.each([
    ['Edit', { file_path: '/ws/src/x.ts' }, 'Edit(./src/x.ts)'],
    ['Write', { file_path: '/ws/docs/a b.md' }, 'Edit(./docs/a b.md)'],
    ['Read', { file_path: '/home/u/notes/a.md' }, 'Read(~/notes/a.md)'],
    ['Read', { file_path: '/etc/hosts' }, 'Read(//etc/hosts)'],
    ['Grep', { pattern: 'x', path: '/ws/src' }, 'Read(./src)'],
    ['WebFetch', { url: 'https://Docs.Example.com:8080/x' }, 'WebFetch(domain:docs.example.com)'],
    ['mcp__github__create_issue', { title: 't' }, 'mcp__github__create_issue'],
  ])('%s %j → %s', (tool, args, pattern) => {
    const s = suggestRulePattern(request(tool, args, WS), undefined, HOME);
    expect(s).toMatchObject({ pattern, broad: false });
  });

  it('marks a whole-tool suggestion as broad', () => {
    expect(suggestRulePattern(request('Task', { prompt: 'x' }, WS), undefined, HOME)).toMatchObject({ pattern: 'Task', broad: true });
  });
});

describe('payloadFingerprint', () => {
  it('is canonical: key order does not matter, values do', () => {
    expect(payloadFingerprint('Edit', { b: 1, a: { y: 2, x: 1 } })).toBe(payloadFingerprint('Edit', { a: { x: 1, y: 2 }, b: 1 }));
    expect(payloadFingerprint('Edit', { a: 1 })).not.toBe(payloadFingerprint('Edit', { a: 2 }));
    expect(payloadFingerprint('Edit', { a: 1 })).not.toBe(payloadFingerprint('Write', { a: 1 }));
  });

  it('ignores a shell call\'s description but not its command', () => {
    expect(payloadFingerprint('Bash', { command: 'ls', description: 'List' })).toBe(payloadFingerprint('Bash', { command: 'ls' }));
    expect(payloadFingerprint('Bash', { command: 'ls' })).not.toBe(payloadFingerprint('Bash', { command: 'ls -a' }));
  });
});

describe('ruleMatchesRequest (what-if)', () => {
  it.each([
    ['allow', 'Bash(git status)', 'git status', true],
    ['allow', 'Bash(git status)', 'git status && git push', false],
    ['allow', 'Bash(git:*)', 'git status && git push', true],
    ['allow', 'Bash', 'ls $(id)', false], // an allow never fires past a blocker
    ['deny', 'Bash(git push:*)', 'git status && git push', true],
    ['ask', 'Bash(rm:*)', 'ls', false],
  ])('%s %s vs %j → %s', (action, pattern, command, expected) => {
    const r = bash(command);
    expect(ruleMatchesRequest(rule(action as 'allow', pattern), r, ws, analyse(r))).toBe(expected);
  });

  it('reads unprobed paths lexically', () => {
    const r = request('Read', { file_path: '/ws/src/../.env' }, WS);
    expect(ruleMatchesRequest(rule('deny', 'Read(./.env)'), r, ws, null)).toBe(true);
    expect(ruleMatchesRequest(rule('allow', 'Read(src/**)'), r, ws, null)).toBe(false);
  });

  it('ignores liveness but honours scope', () => {
    const r = request('Edit', { file_path: '/ws/a.ts' }, WS);
    expect(ruleMatchesRequest(rule('allow', 'Edit', { enabled: false }), r, ws, null)).toBe(true);
    expect(ruleMatchesRequest(rule('allow', 'Edit', { scope: '/other' }), r, ws, null)).toBe(false);
  });
});

describe('requestPaths', () => {
  it.each([
    ['Read', { file_path: '/ws/a.ts' }, ['/ws/a.ts']],
    ['Glob', { pattern: 'src/**/*.ts' }, ['.', 'src']],
    ['Glob', { pattern: '../**', path: '/ws/src' }, ['/ws/src', '/ws/src/..']],
    ['Grep', { pattern: 'x' }, ['.']],
    ['read_many_files', { paths: ['src/*.ts', 'README.md'] }, ['src', 'README.md']],
    ['mcp__fs__read', { path: '~/.ssh/id_rsa', n: 1, other: 'plain words' }, ['~/.ssh/id_rsa']],
    ['WebFetch', { url: 'https://x' }, []],
  ])('%s %j → %j', (tool, args, expected) => {
    expect(requestPaths(request(tool, args, WS), null, HOME)).toEqual(expected);
  });

  it('lists a shell command\'s paths, absolute, after a cd too', () => {
    const r = bash('cd src && cat app.ts > ../out.txt');
    const paths = requestPaths(r, analyse(r), HOME);
    expect(paths).toEqual(expect.arrayContaining([path.join(WS, 'src'), path.join(WS, 'src/app.ts'), path.join(WS, 'out.txt')]));
  });
});
