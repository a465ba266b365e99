// What History offers for an entry's undo, and how the undo preview words each file: tested without a browser.
import { describe, expect, it } from 'vitest';
import type { UndoFile, UndoReport, UndoStatus } from '../../common/undo.js';
import { fileAction, fileCount, files, hasConflicts, modeChange, undoOffer } from '../../renderer/history/undo/undoText.js';

const status = (state: UndoStatus['state'], why: string | null = null): UndoStatus => ({ request_id: 'r', state, why, workspace: '/w', ran: null, not_run_reason: null });
const file = (change: UndoFile['change'], mode: UndoFile['mode'] = null): UndoFile => ({ path: 'p', change, diff: '', binary: false, mode });
const report = (n: number, conflicts = 0): UndoReport => ({
  request_id: 'r', workspace: '/w', calls: ['r'], files: Array.from({ length: n }, () => file('modified')),
  conflicts: Array.from({ length: conflicts }, (_, i) => ({ path: `c${i}`, later_calls: ['l'] })), applied: false, undo_id: null,
});

describe('undo in History', () => {
  it('offers Undo while the snapshots are there (the after-snapshot may still be open)', () => {
    expect(undoOffer(status('available'))).toEqual({ kind: 'undo' });
    expect(undoOffer(status('pending-after'))).toEqual({ kind: 'undo' });
  });

  it('says "no undo" and why when the snapshot failed or retention removed it, with a reason even when none was stored', () => {
    expect(undoOffer(status('none', 'the snapshot before the call failed: disk full'))).toEqual({ kind: 'no-undo', why: 'the snapshot before the call failed: disk full' });
    expect(undoOffer(status('none'))).toEqual({ kind: 'no-undo', why: 'its snapshot failed' });
    expect(undoOffer(status('pruned'))).toEqual({ kind: 'no-undo', why: 'its snapshots were removed by retention' });
  });

  it('offers nothing for an entry that took no snapshot', () => {
    expect(undoOffer(undefined)).toEqual({ kind: 'none' });
    expect(undoOffer(null)).toEqual({ kind: 'none' });
  });

  it('words each file as gatehouse undo does, and the mode it gets back', () => {
    expect([fileAction(file('created')), fileAction(file('deleted')), fileAction(file('modified'))]).toEqual(['Recreate', 'Delete', 'Restore']);
    expect(modeChange(file('modified', { now: '100644', restored: '100755' }))).toBe('regular file 100644 → executable 100755');
    expect(modeChange(file('modified', { now: '120000', restored: '100644' }))).toBe('symbolic link 120000 → regular file 100644');
    expect(modeChange(file('modified', { now: '100664', restored: '100644' }))).toBe('mode 100664 → regular file 100644');
    expect(modeChange(file('modified'))).toBeNull();
  });

  it('counts files over every workspace of a session, and any conflict blocks the whole undo', () => {
    expect(fileCount([report(2), report(3)])).toBe(5);
    expect([files(1), files(5)]).toEqual(['1 file', '5 files']);
    expect(hasConflicts([report(2), report(1, 1)])).toBe(true);
    expect(hasConflicts([report(2)])).toBe(false);
  });
});
