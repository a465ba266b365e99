// A deliberate confirmation before approving what the verdict marks destructive or code-executing: Cancel has the
// focus, so a stray Enter or a repeated key never approves it.
import type { ReactNode } from 'react';
import { InertText } from '../inert/InertText.js';
import { useDialogs } from '../store/dialogs.js';
import { useQueue } from '../store/queue.js';
import { ConfirmDialog } from '../ui/ConfirmDialog.js';
import { decide } from './actions.js';
import { seriousRisks } from './serious.js';

/** Asks once more before approving request `id`. */
export function ConfirmApproval({ id }: { id: string }): ReactNode {
  const record = useQueue((s) => s.records[id]);
  const close = (): void => useDialogs.getState().close();
  const risks = record ? seriousRisks(record.verdict.risks) : [];
  return (
    <ConfirmDialog
      title="Approve a risky request?"
      confirmLabel="Approve anyway"
      onCancel={close}
      onConfirm={() => void decide(id, { approved: true, scope: 'once' }).then(close)}
    >
      <p>Gatehouse marks this request:</p>
      <ul className="gh-risks">
        {risks.map((r, i) => (
          <li key={i}>
            <span className={`gh-badge gh-risk gh-risk-${r.flag}`}>{r.flag}</span> <InertText text={r.reason} singleLine />
          </li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}
