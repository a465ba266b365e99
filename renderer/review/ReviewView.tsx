// The review of one request: what it is, why Gatehouse asks, exactly what would happen, and the decision.
import { useEffect, useState, type ReactNode } from 'react';
import type { Review } from '../../common/api.js';
import type { RequestRecord } from '../../common/domain.js';
import { api } from '../api/current.js';
import { InertText } from '../inert/InertText.js';
import { Countdown } from '../queue/Countdown.js';
import { useQueue, useQueueLayout } from '../store/queue.js';
import { useReview } from '../store/review.js';
import { useUi } from '../store/ui.js';
import { useArming } from './arming.js';
import { CommandView } from './CommandView.js';
import { DecisionBar } from './DecisionBar.js';
import { isEditable } from './editedArgs.js';
import { FileChangeView } from './FileChangeView.js';
import { PresentationView } from './PresentationView.js';
import { StructuredView } from './StructuredView.js';
import { VerdictPanel } from './VerdictPanel.js';
import { subagentLabel } from '../ui/subagent.js';

/** The request record: live from the queue while pending, fetched once it is not (to show its outcome). */
function useRecord(id: string): { record: RequestRecord | null; error: string | null } {
  const pending = useQueue((s) => s.records[id]);
  const [settled, setSettled] = useState<{ id: string; record: RequestRecord | null; error: string | null } | null>(null);
  useEffect(() => {
    if (pending) return;
    let live = true;
    void api()
      .getRequest(id)
      .then((r) => live && setSettled({ id, record: r.ok ? r.value : null, error: r.ok ? null : r.error }));
    return () => {
      live = false;
    };
  }, [id, pending]);
  if (pending) return { record: pending, error: null };
  return settled?.id === id ? settled : { record: null, error: null };
}

function ReviewBody({ record, review }: { record: RequestRecord; review: Review }): ReactNode {
  switch (review.kind) {
    case 'file-change':
      // A request listed with its long strings cut (queue-bounds.ts) is approved or denied as a whole, not edited here.
      return <FileChangeView review={review} editable={record.status === 'pending' && !record.args_truncated && isEditable(record.request.tool_name, review)} />;
    case 'command':
      return <CommandView review={review} risks={record.verdict.risks} />;
    case 'structured':
      return <StructuredView key={record.request.id} review={review} />;
  }
}

/** Outcome line for a request that is no longer pending. */
function outcome(record: RequestRecord): string {
  const d = record.decision;
  return d ? `This request was ${d.status} (by ${d.decided_by}${d.reason ? `: ${d.reason}` : ''}).` : `This request is ${record.status}.`;
}

/** Full review of request `id`. */
export function ReviewView({ id }: { id: string }): ReactNode {
  const { record, error } = useRecord(id);
  const { order } = useQueueLayout();
  const review = useReview((s) => (s.id === id ? s.review : null));
  const [reviewError, setReviewError] = useState<string | null>(null);

  useEffect(() => {
    useQueue.getState().focus(id);
    useArming.getState().hold();
    useReview.getState().show(id, null);
    setReviewError(null);
    let live = true;
    void api()
      .getReview(id)
      .then((r) => {
        if (!live) return;
        performance.mark('gatehouse:review-loaded'); // the UI bench splits review time at these marks
        if (r.ok) useReview.getState().show(id, r.value);
        else setReviewError(r.error);
      });
    return () => {
      live = false;
    };
  }, [id]);

  const back = (): void => useUi.getState().navigate({ view: 'queue' });
  const at = order.indexOf(id);
  const pending = record?.status === 'pending';
  const { request, verdict } = record ?? {};

  return (
    <section className="gh-view gh-review" aria-labelledby="review-title" data-request-id={id}>
      {/* Header and decision stay in view (sticky) however long the command, reasons or diff below. */}
      <div className="gh-review-top">
        <header className="gh-view-header gh-review-header">
          <button type="button" className="gh-button" onClick={back} aria-keyshortcuts="Escape">
            ← Queue <kbd>Esc</kbd>
          </button>
          <span className="gh-muted">{at >= 0 ? `Request ${at + 1} of ${order.length}` : ''}</span>
          <h1 id="review-title">
            {request ? (
              <>
                <InertText text={request.tool_name} singleLine limit={120} />{' '}
                <span className="gh-muted">
                  from <InertText text={request.agent} singleLine limit={80} />
                </span>
              </>
            ) : (
              'Review'
            )}
          </h1>
          {record?.expires_at && pending && <Countdown expiresAt={record.expires_at} />}
        </header>
        {pending && <DecisionBar id={id} disabled={!pending} />}
      </div>
      {error && <p className="gh-error" role="alert">{error}</p>}
      {record && !pending && (
        <p className="gh-notice" role="status">
          {outcome(record)}
        </p>
      )}
      {record && request && verdict && (
        <>
          <dl className="gh-dl gh-request-facts">
            <dt>Session</dt>
            <dd>
              <InertText text={request.session_id ?? '—'} singleLine />
            </dd>
            {request.subagent && (
              <>
                <dt>Asked</dt>
                <dd>
                  <InertText text={subagentLabel(request.subagent)} singleLine />
                </dd>
              </>
            )}
            <dt>Working directory</dt>
            <dd>{request.cwd ? <InertText text={request.cwd} singleLine className="gh-path" /> : '—'}</dd>
            <dt>Received</dt>
            <dd>{new Date(request.received_at).toLocaleString()}</dd>
            {request.description && (
              <>
                {/* `gatehouse mcp-proxy` sends the tool's own description, as the MCP server listed it: not the agent's words. */}
                <dt>{request.agent === 'mcp' ? 'Tool description (from the MCP server)' : "Agent's description"}</dt>
                <dd>
                  <InertText text={request.description} limit={2000} />
                </dd>
              </>
            )}
          </dl>
          {/* A command is short and is the thing to read first; a diff is tall, so the reasons come before it. */}
          {review?.kind === 'command' && <ReviewBody record={record} review={review} />}
          <VerdictPanel verdict={verdict} command={review?.kind === 'command' ? review.command : undefined} />
          {request.presentation && <PresentationView presentation={request.presentation} />}
          {reviewError && <p className="gh-error" role="alert">Could not prepare the review: {reviewError}</p>}
          {!review && !reviewError && <p className="gh-muted">Preparing the review…</p>}
          {review && review.kind !== 'command' && <ReviewBody record={record} review={review} />}
        </>
      )}
    </section>
  );
}
