// Edit-and-approve args and the keyboard map: pure parts of the review.
import { describe, expect, it } from 'vitest';
import type { FileChangeReview } from '../../common/api.js';
import { editedArgs, isEditable } from '../../renderer/review/editedArgs.js';
import { shortcutFor } from '../../renderer/keyboard/shortcuts.js';

const review = (over: Partial<FileChangeReview> = {}): FileChangeReview => ({
  kind: 'file-change', path: '/w/a.txt', operation: 'edit', language: 'plaintext', original: 'one\ntwo\n', proposed: 'one\n2\n', ...over,
});

describe('editedArgs', () => {
  it('Write: the edited text becomes content, other args kept', () => {
    expect(editedArgs('Write', { file_path: '/w/a.txt', content: 'x' }, review({ operation: 'overwrite' }), 'mine')).toEqual({ file_path: '/w/a.txt', content: 'mine' });
  });
  it('Edit: one whole-file replacement from the reviewed original to the edited text', () => {
    expect(editedArgs('Edit', { file_path: '/w/a.txt', old_string: 'two', new_string: '2', replace_all: true }, review(), 'one\nTWO\n')).toEqual({
      file_path: '/w/a.txt', old_string: 'one\ntwo\n', new_string: 'one\nTWO\n', replace_all: false,
    });
  });
  it('MultiEdit: a single whole-file edit', () => {
    expect(editedArgs('MultiEdit', { file_path: '/w/a.txt', edits: [] }, review({ operation: 'multi-edit' }), 'z')).toEqual({
      file_path: '/w/a.txt', edits: [{ old_string: 'one\ntwo\n', new_string: 'z', replace_all: false }],
    });
  });
  it('NotebookEdit: new_source', () => {
    expect(editedArgs('NotebookEdit', { notebook_path: '/w/n.ipynb', new_source: 'a', cell_id: 'c1' }, review({ operation: 'notebook-edit' }), 'b')).toEqual({
      notebook_path: '/w/n.ipynb', new_source: 'b', cell_id: 'c1',
    });
  });
  it('refuses when the change could not be applied, or for unknown tools', () => {
    expect(editedArgs('Edit', { file_path: '/w/a.txt' }, review({ problem: 'old_string not found' }), 'x')).toBeNull();
    expect(isEditable('Edit', review({ problem: 'old_string not found' }))).toBe(false);
    expect(isEditable('mcp__fs__write', review())).toBe(false);
    expect(isEditable('Write', review())).toBe(true);
  });
});

describe('shortcutFor', () => {
  const press = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) =>
    shortcutFor({ key, ctrlKey: false, metaKey: false, altKey: false, ...mods });
  it.each([
    ['a', 'approve'],
    ['s', 'approve-session'],
    ['A', 'approve-always'],
    ['d', 'deny'],
    ['v', 'view-full'],
    ['j', 'next'],
    ['k', 'previous'],
    ['Escape', 'back'],
    ['Enter', 'open'],
    ['x', 'toggle-select'],
    ['q', null],
    ['D', null],
  ])('%s → %s', (key, action) => expect(press(key)).toBe(action));
  it('leaves modifier chords to the browser (Ctrl+A selects, Cmd+S saves)', () => {
    expect(press('a', { ctrlKey: true })).toBeNull();
    expect(press('s', { metaKey: true })).toBeNull();
    expect(press('d', { altKey: true })).toBeNull();
  });
});
