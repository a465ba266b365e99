// The queue: every pending request across agents and sessions, grouped, oldest first, live.
import type { ReactNode } from 'react';
import { InertText } from '../inert/InertText.js';
import { SHORTCUT_HELP } from '../keyboard/shortcuts.js';
import { useQueue, useQueueLayout } from '../store/queue.js';
import type { QueueBatch } from './grouping.js';
import { BatchBar } from './BatchBar.js';
import { FirstRunPresets } from './FirstRunPresets.js';
import { FloodNotice } from './FloodNotice.js';
import { QueueRow } from './QueueRow.js';
import { RepeatSuggestions } from './RepeatSuggestions.js';

function Batch({ batch }: { batch: QueueBatch }): ReactNode {
  const rows = batch.records.map((r) => <QueueRow key={r.request.id} record={r} />);
  if (!batch.groupId) return rows;
  const ids = batch.records.map((r) => r.request.id);
  return (
    <div className="gh-batch" role="group" aria-label={`Batch ${batch.groupId}`}>
      <div className="gh-batch-header gh-muted">
        Batch <InertText text={batch.groupId} singleLine limit={80} /> · {ids.length} requests{' '}
        <button type="button" className="gh-link" onClick={() => useQueue.getState().setSelected(ids)}>
          select batch
        </button>
      </div>
      {rows}
    </div>
  );
}

/** Pending requests grouped by session and batch; decide with the keyboard or the batch bar. */
export function QueueView(): ReactNode {
  const { sessions, order } = useQueueLayout();
  const phase = useQueue((s) => s.phase);
  const loadError = useQueue((s) => s.loadError);
  return (
    <section className="gh-view gh-queue" aria-labelledby="queue-title">
      <header className="gh-view-header">
        <h1 id="queue-title">
          Queue <span className="gh-count">{order.length}</span>
        </h1>
        <BatchBar order={order} />
      </header>
      <FloodNotice sessions={sessions} total={order.length} />
      <RepeatSuggestions />
      {loadError && (
        <p className="gh-error" role="alert">
          Could not load the queue. {loadError}
        </p>
      )}
      {phase === 'ready' && order.length === 0 && (
        <p className="gh-empty">Nothing is waiting. When an agent asks for a tool call that needs you, it appears here.</p>
      )}
      {phase === 'ready' && order.length === 0 && <FirstRunPresets />}
      <div className="gh-queue-sessions">
        {sessions.map((session) => (
          <section key={session.key} className="gh-session" aria-label={`Session ${session.sessionId ?? 'none'} of ${session.agent}`}>
            <h2 className="gh-session-title">
              {session.agent} · session <InertText text={session.sessionId ?? '—'} singleLine limit={60} />
            </h2>
            <div role="list">
              {session.batches.map((batch, i) => (
                <Batch key={batch.groupId ?? batch.records[0]?.request.id ?? i} batch={batch} />
              ))}
            </div>
          </section>
        ))}
      </div>
      <footer className="gh-shortcuts gh-muted" aria-label="Keyboard shortcuts">
        {SHORTCUT_HELP.map(([key, label]) => (
          <span key={key}>
            <kbd>{key}</kbd> {label}
          </span>
        ))}
      </footer>
    </section>
  );
}
