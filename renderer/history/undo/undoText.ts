// Pure wording of undo in History: whether an entry offers Undo or says why not, what each file will do, and the
// sums the dialog shows. Kept apart from the components so the words are tested without a browser.
import type { UndoFile, UndoReport, UndoStatus } from '../../../common/undo.js';

/** What History shows for an entry's undo: a button, "no undo" with the reason, or nothing (no snapshot taken). */
export type UndoOffer = { kind: 'undo' } | { kind: 'no-undo'; why: string } | { kind: 'none' };

/** Pure: the offer for an entry's undo state (absent: it could not change files, so there is nothing to offer). */
export function undoOffer(status: UndoStatus | null | undefined): UndoOffer {
  if (!status) return { kind: 'none' };
  switch (status.state) {
    case 'available':
    case 'pending-after':
      return { kind: 'undo' };
    case 'pruned':
      return { kind: 'no-undo', why: status.why ?? 'its snapshots were removed by retention' };
    case 'none':
      return { kind: 'no-undo', why: status.why ?? 'its snapshot failed' };
  }
}

/** The verb for one file, as `gatehouse undo` prints it: the call deleted it (recreate), created it (delete), or changed it. */
export function fileAction(file: UndoFile): 'Recreate' | 'Delete' | 'Restore' {
  return file.change === 'created' ? 'Recreate' : file.change === 'deleted' ? 'Delete' : 'Restore';
}

const MODE_WORDS: Record<string, string> = {
  '100644': 'regular file',
  '100755': 'executable',
  '120000': 'symbolic link',
  '160000': 'nested repository',
};

const modeWord = (mode: string): string => `${MODE_WORDS[mode] ?? 'mode'} ${mode}`;

/** Pure: the mode change an undo makes, in words ("executable 100755 → regular file 100644"), or null. */
export function modeChange(file: UndoFile): string | null {
  return file.mode ? `${modeWord(file.mode.now)} → ${modeWord(file.mode.restored)}` : null;
}

/** Every file over all reports (a session undo has one report per workspace). */
export function fileCount(reports: readonly UndoReport[]): number {
  return reports.reduce((n, r) => n + r.files.length, 0);
}

/** True when any report holds a conflict: nothing may be applied without "Undo back to here". */
export function hasConflicts(reports: readonly UndoReport[]): boolean {
  return reports.some((r) => r.conflicts.length > 0);
}

/** "1 file" / "3 files". */
export function files(n: number): string {
  return `${n} file${n === 1 ? '' : 's'}`;
}
