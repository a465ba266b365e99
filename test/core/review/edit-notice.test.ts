import { describe, expect, it } from 'vitest';
import { changedFields, editNotice, MAX_NOTE_CHARS, MAX_VALUE_CHARS } from '../../../main/core/review/edit-notice.js';

describe('changedFields', () => {
  it.each([
    ['nothing changed', { command: 'ls' }, { command: 'ls' }, []],
    ['one field changed', { command: 'rm -rf /', description: 'd' }, { command: 'ls', description: 'd' }, ['command']],
    ['a field added', { command: 'ls' }, { command: 'ls', timeout: 5 }, ['timeout']],
    ['a field removed', { command: 'ls', timeout: 5 }, { command: 'ls' }, ['timeout']],
    ['key order alone is no change', { edits: [{ a: 1, b: 2 }] }, { edits: [{ b: 2, a: 1 }] }, []],
    ['a nested change', { edits: [{ a: 1 }] }, { edits: [{ a: 2 }] }, ['edits']],
  ])('%s', (_name, original, edited, fields) => {
    expect(changedFields(original, edited)).toEqual(fields);
  });
});

describe('editNotice', () => {
  it('is null when the edit changed nothing', () => {
    expect(editNotice({ command: 'ls' }, { command: 'ls' }, 'fine')).toBeNull();
  });

  it.each([
    ['a command', { command: 'rm -rf build' }, { command: 'rm -rf build/tmp' }, null, ['- command was changed to `rm -rf build/tmp`']],
    ['a value with backticks', { command: 'a' }, { command: 'echo `date`' }, null, ['- command was changed to `` echo `date` ``']],
    ['a multi-line content', { file_path: '/w/a', content: 'x' }, { file_path: '/w/a', content: 'one\ntwo' }, null, ['- content was changed to \n```\none\ntwo\n```']],
    ['a number set', { command: 'ls' }, { command: 'ls', timeout: 5000 }, null, ['- timeout was set to `5000`']],
    ['a field removed', { command: 'ls', run_in_background: true }, { command: 'ls' }, null, ['- run_in_background was removed']],
    ['the reason', { command: 'a' }, { command: 'b' }, '  only\nthe tmp  folder ', ['- command was changed to `b`', 'Their reason: only the tmp folder']],
  ])('names %s', (_name, original, edited, reason, parts) => {
    const note = editNotice(original, edited, reason);
    expect(note).toMatch(/^The person reviewing this call in Gatehouse edited its arguments before approving it/);
    for (const part of parts) expect(note).toContain(part);
    expect(note).not.toContain('file_path');
  });

  it('cuts a long value and says how long it was', () => {
    const content = 'x'.repeat(5000);
    const note = editNotice({ file_path: '/a', content: 'y' }, { file_path: '/a', content }, null)!;
    expect(note).toContain(`\`${'x'.repeat(MAX_VALUE_CHARS)}\` (cut here: ${5000 - MAX_VALUE_CHARS} more characters, 5000 in all)`);
    expect(note.length).toBeLessThan(MAX_NOTE_CHARS);
  });

  it('stays bounded with many long fields and a long reason, naming the fields it could not show', () => {
    const original: Record<string, unknown> = {};
    const edited: Record<string, unknown> = {};
    for (let i = 0; i < 40; i++) edited[`field${i}`] = 'v'.repeat(2000);
    const note = editNotice(original, edited, 'r'.repeat(5000))!;
    expect(note.length).toBeLessThanOrEqual(MAX_NOTE_CHARS);
    expect(note).toContain('- field0 was set to');
    expect(note).toMatch(/also changed \(too long to show here\): field\d+, field\d+/);
    expect(note).toContain(`Their reason: ${'r'.repeat(300)}…`);
  });
});
