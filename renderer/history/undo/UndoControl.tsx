// An entry's undo as History shows it: an Undo button when its snapshots are there, "no undo" with the reason when
// its snapshot failed or was removed by retention, nothing when it could not change files.
import type { ReactNode } from 'react';
import type { AuditEntry } from '../../../common/domain.js';
import { inertText } from '../../../common/inert.js';
import { InertText } from '../../inert/InertText.js';
import { useUndoStore } from './undoStore.js';
import { undoOffer } from './undoText.js';

/** Props of UndoControl. */
export interface UndoControlProps {
  entry: Pick<AuditEntry, 'id' | 'summary' | 'undo'>;
  /** In the list: a small button and a short "no undo" badge (the reason in its tooltip); in the detail: the reason in full. */
  compact?: boolean;
}

/** The Undo button, or why there is none. */
export function UndoControl({ entry, compact = false }: UndoControlProps): ReactNode {
  const offer = undoOffer(entry.undo);
  const open = useUndoStore((s) => s.open);
  if (offer.kind === 'none') return null;
  if (offer.kind === 'no-undo') {
    return compact ? (
      <span className="gh-badge gh-no-undo" title={`No undo: ${inertText(offer.why, { singleLine: true })}`}>no undo</span>
    ) : (
      <p className="gh-no-undo">No undo: <InertText text={offer.why} /></p>
    );
  }
  return (
    <button
      type="button"
      className={`gh-button${compact ? ' gh-small' : ''}`}
      aria-label={`Undo ${inertText(entry.summary || entry.id, { singleLine: true })}`}
      onClick={(ev) => {
        ev.stopPropagation();
        void open({ kind: 'call', id: entry.id, summary: entry.summary });
      }}
    >
      Undo
    </button>
  );
}
