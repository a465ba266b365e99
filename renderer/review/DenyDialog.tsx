// Deny with an optional reason (sent to the agent); Enter sends, Esc cancels.
import { useState, type ReactNode } from 'react';
import { useDialogs } from '../store/dialogs.js';
import { Modal } from '../ui/Modal.js';
import { deny } from './actions.js';

/** The deny dialog for one request or a batch. */
export function DenyDialog({ ids }: { ids: string[] }): ReactNode {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const close = (): void => useDialogs.getState().close();
  const title = ids.length === 1 ? 'Deny this request' : `Deny ${ids.length} requests`;
  return (
    <Modal title={title} onClose={close}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setBusy(true);
          void deny(ids, reason).finally(close);
        }}
      >
        <label className="gh-field gh-field-wide">
          Reason for the agent (optional)
          <input type="text" value={reason} autoFocus maxLength={2000} onChange={(e) => setReason(e.target.value)} placeholder="e.g. use the test database instead" />
        </label>
        <div className="gh-dialog-actions">
          <button type="button" className="gh-button" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="gh-button gh-danger" disabled={busy}>
            Deny
          </button>
        </div>
      </form>
    </Modal>
  );
}
