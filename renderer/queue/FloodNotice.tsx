// A flood of requests is visible as such, with one step to deny a whole session's worth of them.
import type { ReactNode } from 'react';
import type { QueueSession } from './grouping.js';
import { InertText } from '../inert/InertText.js';
import { openDeny } from '../review/actions.js';

/** From this many waiting requests on, the queue says it is being flooded. */
export const FLOOD_AT = 20;

/** The notice, with "Deny all" per flooding session; nothing below FLOOD_AT. */
export function FloodNotice({ sessions, total }: { sessions: readonly QueueSession[]; total: number }): ReactNode {
  if (total < FLOOD_AT) return null;
  const heavy = sessions.filter((s) => s.batches.reduce((n, b) => n + b.records.length, 0) >= FLOOD_AT / 2);
  return (
    <div className="gh-notice gh-flood" role="alert" aria-label="Many requests waiting">
      <strong>{total} requests are waiting.</strong> An agent may be flooding the queue; nothing is allowed while they wait.
      {heavy.map((s) => {
        const ids = s.batches.flatMap((b) => b.records.map((r) => r.request.id));
        return (
          <div key={s.key}>
            {s.agent} · session <InertText text={s.sessionId ?? '—'} singleLine limit={60} />: {ids.length} requests{' '}
            <button type="button" className="gh-button gh-danger" onClick={() => openDeny(ids)}>
              Deny all {ids.length}…
            </button>
          </div>
        );
      })}
    </div>
  );
}
