// Batch triage: select several pending requests and approve or deny them at once.
import type { ReactNode } from 'react';
import { openDeny } from '../review/actions.js';
import { useQueue } from '../store/queue.js';

/** Select-all plus "Approve selected" / "Deny selected" for the queue's checked requests. */
export function BatchBar({ order }: { order: readonly string[] }): ReactNode {
  const selected = useQueue((s) => s.selected);
  const all = order.length > 0 && selected.length === order.length;
  const n = selected.length;
  return (
    <div className="gh-batch-bar" role="toolbar" aria-label="Batch actions">
      <label className="gh-check">
        <input
          type="checkbox"
          checked={all}
          disabled={order.length === 0}
          onChange={() => useQueue.getState().setSelected(all ? [] : [...order])}
        />
        Select all
      </label>
      <button
        type="button"
        className="gh-button gh-primary"
        disabled={n === 0}
        onClick={() => void useQueue.getState().decideMany(selected, { approved: true, scope: 'once' })}
      >
        Approve selected ({n})
      </button>
      <button type="button" className="gh-button gh-danger" disabled={n === 0} onClick={() => openDeny(selected)}>
        Deny selected ({n})
      </button>
    </div>
  );
}
