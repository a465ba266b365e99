// The undo dialog History opens from an entry's Undo button or "Undo this session": the preview first; on a
// conflict, the conflict and the choice of "Undo back to here" or Cancel; then the outcome, with the undo's own
// entry one click away. Cancel has the focus, so Enter or Escape never restores anything.
import type { ReactNode } from 'react';
import { Modal } from '../../ui/Modal.js';
import { InertText } from '../../inert/InertText.js';
import { useHistoryStore } from '../historyStore.js';
import { useUndoStore, type UndoTarget } from './undoStore.js';
import { fileCount, files, hasConflicts } from './undoText.js';
import { UndoPreview } from './UndoPreview.js';

function title(target: UndoTarget): string {
  return target.kind === 'session' ? 'Undo this session' : 'Undo this call';
}

/** What the preview is about, above the files. */
function Subject({ target, backToHere }: { target: UndoTarget; backToHere: boolean }): ReactNode {
  if (target.kind === 'session') {
    return <p>Every workspace session <span className="gh-mono">{target.id}</span> changed goes back to before its first change there.</p>;
  }
  return (
    <p>
      <InertText text={target.summary || '(no summary)'} singleLine className="gh-path" />
      {backToHere && <><br /><strong>Back to here:</strong> this call and every later one in its workspace are taken back.</>}
    </p>
  );
}

/** The dialog, mounted while an undo is open. */
export function UndoDialog(): ReactNode {
  const { target, backToHere, phase, reports, error, chooseBackToHere, apply, close } = useUndoStore();
  if (!target) return null;
  const conflict = hasConflicts(reports);
  const count = fileCount(reports);
  const undoIds = reports.map((r) => r.undo_id).filter((id): id is string => id !== null);
  const showUndo = (): void => {
    useHistoryStore.getState().select(undoIds[0] ?? null);
    close();
  };

  return (
    <Modal title={title(target)} onClose={close} className="gh-undo-dialog">
      <Subject target={target} backToHere={backToHere} />
      {phase === 'loading' && <p role="status">Working out what would be restored…</p>}
      {error && <p className="gh-error" role="alert">{error}</p>}
      {phase === 'done' && (
        <p role="status" className="gh-undo-done">
          {count === 0 ? 'Nothing needed restoring.' : `Restored ${files(count)}.`}
          {undoIds.length > 0 && ' The undo is on record as its own entry in History, and can itself be undone.'}
        </p>
      )}
      {(phase === 'preview' || phase === 'applying' || phase === 'done') && reports.map((r) => <UndoPreview key={r.workspace} report={r} />)}
      {phase === 'preview' && conflict && (
        <p>
          Later calls changed the same files, so this call cannot be taken back on its own. <strong>Undo back to here</strong>{' '}
          takes back this call and every later one in the workspace (you see that preview first); Cancel leaves everything as it is.
        </p>
      )}
      <div className="gh-dialog-actions">
        {phase === 'done' ? (
          <>
            {undoIds.length > 0 && <button type="button" className="gh-button" onClick={showUndo}>Show the undo</button>}
            <button type="button" className="gh-button" autoFocus onClick={close}>Close</button>
          </>
        ) : (
          <>
            <button type="button" className="gh-button" autoFocus onClick={close}>Cancel</button>
            {phase === 'preview' && conflict && target.kind === 'call' && (
              <button type="button" className="gh-button gh-danger" onClick={() => void chooseBackToHere()}>Undo back to here</button>
            )}
            {(phase === 'preview' || phase === 'applying') && !conflict && count > 0 && (
              <button type="button" className="gh-button gh-danger" disabled={phase === 'applying'} onClick={() => void apply()}>
                {phase === 'applying' ? 'Restoring…' : `Restore ${files(count)}`}
              </button>
            )}
          </>
        )}
      </div>
    </Modal>
  );
}
