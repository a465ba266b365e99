// "Are you sure?" for a destructive or risky step: Cancel has the focus, so Enter or Escape never does the damage.
import type { ReactNode } from 'react';
import { Modal } from './Modal.js';

/** Props of ConfirmDialog. */
export interface ConfirmDialogProps {
  /** The question, e.g. "Delete this rule?" (also the dialog's accessible name). */
  title: string;
  /** Label of the button that goes ahead, e.g. "Delete". */
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** What will happen, in words. */
  children: ReactNode;
}

/** A modal that asks before a risky step; Cancel and Escape both call onCancel. */
export function ConfirmDialog({ title, confirmLabel, onConfirm, onCancel, children }: ConfirmDialogProps): ReactNode {
  return (
    <Modal title={title} onClose={onCancel}>
      {children}
      <div className="gh-dialog-actions">
        <button type="button" className="gh-button" autoFocus onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="gh-button gh-danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
