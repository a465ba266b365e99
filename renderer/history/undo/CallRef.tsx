// A call an undo names (taken back, or a later call in a conflict): its summary when History has it loaded, and its id.
import type { ReactNode } from 'react';
import { InertText } from '../../inert/InertText.js';
import { useHistoryStore } from '../historyStore.js';

/** One call, as "summary (id)" or just the id. */
export function CallRef({ id }: { id: string }): ReactNode {
  const summary = useHistoryStore((s) => s.entries.find((e) => e.id === id)?.summary);
  return (
    <span className="gh-call-ref">
      {summary && <><InertText text={summary} singleLine limit={120} className="gh-path" />{' '}</>}
      <span className="gh-mono gh-muted">({id})</span>
    </span>
  );
}

/** Several calls, comma-separated. */
export function CallRefs({ ids }: { ids: readonly string[] }): ReactNode {
  return ids.map((id, i) => (
    <span key={id}>
      {i > 0 && ', '}
      <CallRef id={id} />
    </span>
  ));
}
