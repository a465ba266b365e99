// Recursion into ignored and secret files (issue 12 class 1): what a recursive read reaches meets the same tiers as a read
// by name; recursion into folders that hold only ordinary files stays allowed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bash, judge, setUp, tearDown, why } from './closed-world-harness.js';

beforeAll(setUp);
afterAll(tearDown);

const HOSTILE = [
  'grep -r KEY .', 'grep -rn API_KEY', 'grep -R KEY .', 'grep -d recurse KEY .', 'grep --directories=recurse KEY .', 'grep -r KEY secrets',
  'grep -r compiled build', 'tar -cf - .', 'tar -czf - secrets', 'tar cf - build', 'git grep --no-index KEY', 'git grep --untracked --no-exclude-standard KEY',
  'git ls-files -o | xargs cat', 'git ls-files --others --ignored --exclude-standard | xargs cat', 'find . -name "*.md" -exec cat {} +',
  'find . -type f | xargs cat', 'find . -name ".e*" | xargs cat', 'cd src && grep -rn export ..', 'git add -f .env && git show :.env', 'grep -r KEY *',
  'rg -u KEY', 'rg --no-ignore KEY', 'rg --hidden KEY',
];

const HARMLESS = ['grep -rn export src', 'grep -r TODO docs', 'find src -name "*.ts" -exec wc -l {} +', 'find src -type f | xargs wc -l', 'rg KEY', 'rg -n export src', 'tar -xOf docs.tar README.md', 'git grep -n export'];

describe('recursion: hostile', () => {
  it.each(HOSTILE)('%j is not allowed', async (command) => {
    const v = await bash(command);
    expect(v.decision, why(v)).not.toBe('allow');
  });
  it.each([
    ['glob', { pattern: '**/*', respect_git_ignore: false }],
    ['read_many_files', { paths: ['**/*'], file_filtering_options: { respect_git_ignore: false } }],
  ])('%s %j with ignore-respecting off is not allowed', async (tool, args) => {
    const v = await judge(tool, args, 'interactive', ['Read', 'Glob', 'Grep']);
    expect(v.decision, why(v)).not.toBe('allow');
  });
});

describe('recursion: harmless', () => {
  it.each(HARMLESS)('%j is allowed', async (command) => {
    const v = await bash(command);
    expect(v.decision, why(v)).toBe('allow');
  });
});
