import { describe, expect, it } from 'vitest';
import { diffRows, reviewedMaterial } from '../../renderer/history/reviewed.js';

describe('reviewedMaterial', () => {
  it.each<[string, string, Record<string, unknown>, object]>([
    ['Bash command', 'Bash', { command: 'git status', description: 'x' }, { kind: 'command', command: 'git status' }],
    ['Gemini shell', 'run_shell_command', { command: 'ls -la' }, { kind: 'command', command: 'ls -la' }],
    ['Codex argv', 'shell', { command: ['git', 'push'] }, { kind: 'command', command: 'git push' }],
    ['any tool with a string command', 'mcp__x__run', { command: 'make' }, { kind: 'command', command: 'make' }],
    ['Edit', 'Edit', { file_path: '/w/a.ts', old_string: 'a', new_string: 'b' }, { kind: 'edit', path: '/w/a.ts', edits: [{ before: 'a', after: 'b' }] }],
    ['MultiEdit', 'MultiEdit', { file_path: '/w/a.ts', edits: [{ old_string: '1', new_string: '2' }, { old_string: '3', new_string: '4' }] },
      { kind: 'edit', path: '/w/a.ts', edits: [{ before: '1', after: '2' }, { before: '3', after: '4' }] }],
    ['Write', 'Write', { file_path: '/w/n.md', content: '# hi' }, { kind: 'write', path: '/w/n.md', content: '# hi' }],
    ['Gemini write_file', 'write_file', { file_path: '/w/n.md', content: 'x' }, { kind: 'write', path: '/w/n.md', content: 'x' }],
    ['Read falls back to args', 'Read', { file_path: '/w/a' }, { kind: 'args', json: '{\n  "file_path": "/w/a"\n}' }],
    ['Edit with a redacted non-string falls back', 'Edit', { file_path: '/w/a', old_string: 1, new_string: 'b' }, { kind: 'args', json: JSON.stringify({ file_path: '/w/a', old_string: 1, new_string: 'b' }, null, 2) }],
    ['MultiEdit with a bad edit falls back', 'MultiEdit', { file_path: '/w/a', edits: [null] }, { kind: 'args', json: JSON.stringify({ file_path: '/w/a', edits: [null] }, null, 2) }],
    ['Bash without a command falls back', 'Bash', { cmd: 'x' }, { kind: 'args', json: '{\n  "cmd": "x"\n}' }],
    ['argv with a non-string falls back', 'shell', { command: ['rm', 1] }, { kind: 'args', json: JSON.stringify({ command: ['rm', 1] }, null, 2) }],
  ])('%s', (_name, tool, args, expected) => {
    expect(reviewedMaterial(tool, args)).toEqual(expected);
  });
});

describe('diffRows', () => {
  it('marks removed and added lines and keeps common ones', () => {
    expect(diffRows('a\nb\nc\n', 'a\nB\nc\n')).toEqual([
      { type: 'same', text: 'a' },
      { type: 'del', text: 'b' },
      { type: 'add', text: 'B' },
      { type: 'same', text: 'c' },
    ]);
  });
  it('handles text without a final newline and empty sides', () => {
    expect(diffRows('', 'x')).toEqual([{ type: 'add', text: 'x' }]);
    expect(diffRows('x', '')).toEqual([{ type: 'del', text: 'x' }]);
    expect(diffRows('one', 'one')).toEqual([{ type: 'same', text: 'one' }]);
  });
  it('keeps blank lines that are content', () => {
    expect(diffRows('a\n\nb', 'a\n\nb')).toEqual([{ type: 'same', text: 'a' }, { type: 'same', text: '' }, { type: 'same', text: 'b' }]);
  });
});
