// The decision buttons of the review (each with its key), aware of the person's edits.
import type { ReactNode } from 'react';
import { useReview } from '../store/review.js';
import { useArmed } from './useArmed.js';
import { approve, openAlways, openDeny } from './actions.js';

/** Approve once / for session / always, and deny, for one request; inert for a visible moment after the request changes. */
export function DecisionBar({ id, disabled: closed }: { id: string; disabled: boolean }): ReactNode {
  const edited = useReview((s) => s.id === id && s.edited !== null);
  const armed = useArmed();
  const disabled = closed || !armed;
  return (
    <div className="gh-decision-bar" role="toolbar" aria-label="Decision" data-decision-bar="" data-armed={armed ? 'true' : 'false'}>
      {!armed && (
        <span className="gh-arming" role="status">
          New request — decisions wake in a moment
        </span>
      )}
      <button type="button" className="gh-button gh-primary" disabled={disabled} aria-keyshortcuts="a" onClick={() => void approve(id, 'once')}>
        {edited ? 'Approve edited' : 'Approve once'} <kbd>a</kbd>
      </button>
      <button type="button" className="gh-button" disabled={disabled || edited} aria-keyshortcuts="s" onClick={() => void approve(id, 'session')}>
        Approve for session <kbd>s</kbd>
      </button>
      <button type="button" className="gh-button" disabled={disabled || edited} aria-keyshortcuts="Shift+A" onClick={() => openAlways(id)}>
        Always… <kbd>A</kbd>
      </button>
      <button type="button" className="gh-button gh-danger" disabled={disabled} aria-keyshortcuts="d" onClick={() => openDeny([id])}>
        Deny… <kbd>d</kbd>
      </button>
      {edited && (
        <button type="button" className="gh-button gh-link" onClick={() => useReview.getState().resetEdits()}>
          Reset edits
        </button>
      )}
    </div>
  );
}
