// A persistent warning while approve-all is on (and a quieter note in strict mode), on every view.
import type { ReactNode } from 'react';
import { useSettings } from '../store/settings.js';

/** Shown at the top of the frame whenever the mode is not interactive. */
export function ModeBanner(): ReactNode {
  const mode = useSettings((s) => s.settings?.mode);
  if (mode === 'approve-all') {
    return (
      <div className="gh-mode-banner gh-approve-all" role="alert">
        <strong>Approve-all is on:</strong> every request that would ask you is approved automatically (hard denies
        still deny).{' '}
        <button type="button" className="gh-button" onClick={() => void useSettings.getState().update({ mode: 'interactive' })}>
          Switch back to interactive
        </button>
      </div>
    );
  }
  if (mode === 'strict') {
    return (
      <div className="gh-mode-banner gh-strict" role="status">
        Strict mode: every request that would ask you is denied automatically.
      </div>
    );
  }
  return null;
}
