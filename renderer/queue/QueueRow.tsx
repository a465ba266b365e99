// One pending request in the queue: what it does, who asks, how long it has, and why it is waiting.
import { useEffect, useRef, type ReactNode } from 'react';
import type { RequestRecord } from '../../common/domain.js';
import { InertText } from '../inert/InertText.js';
import { useNow } from '../store/clock.js';
import { useQueue } from '../store/queue.js';
import { useUi } from '../store/ui.js';
import { RiskBadges } from '../ui/RiskBadges.js';
import { subagentLabel } from '../ui/subagent.js';
import { Countdown } from './Countdown.js';
import { requestSummary } from './summary.js';
import { ago } from './time.js';

/** Characters of a summary shown in a row before its middle collapses (its tail stays visible). */
const ROW_LIMIT = 240;

/** A focusable row; Enter opens the review, x selects it for a batch. */
export function QueueRow({ record }: { record: RequestRecord }): ReactNode {
  const { request, verdict } = record;
  const id = request.id;
  const focused = useQueue((s) => s.focusedId === id);
  const selected = useQueue((s) => s.selected.includes(id));
  const now = useNow();
  const ref = useRef<HTMLDivElement>(null);
  const summary = requestSummary(request);

  useEffect(() => {
    const active = document.activeElement;
    if (focused && (active === document.body || active?.closest('.gh-queue'))) ref.current?.focus({ preventScroll: false });
  }, [focused]);

  return (
    <div
      ref={ref}
      className={`gh-queue-row ${focused ? 'gh-focused' : ''} ${selected ? 'gh-selected' : ''}`}
      data-request-id={id}
      role="listitem"
      aria-current={focused ? 'true' : undefined}
      aria-label={`${request.tool_name} request from ${request.agent}`}
      tabIndex={focused ? 0 : -1}
      onFocus={() => useQueue.getState().focus(id)}
      onDoubleClick={() => useUi.getState().navigate({ view: 'review', id })}
    >
      <input
        type="checkbox"
        checked={selected}
        onChange={() => useQueue.getState().toggleSelected(id)}
        aria-label={`Select ${request.tool_name} request ${id}`}
      />
      <div className="gh-queue-main">
        <div className="gh-queue-line">
          <span className="gh-tool">{request.tool_name}</span>
          <InertText text={summary} singleLine limit={ROW_LIMIT} className="gh-summary" />
        </div>
        <div className="gh-queue-meta gh-muted">
          <span>{request.agent}</span>
          {request.subagent && <InertText text={subagentLabel(request.subagent)} singleLine limit={120} className="gh-subagent" />}
          {request.cwd && <InertText text={request.cwd} singleLine limit={120} className="gh-path" />}
          <span title={request.received_at}>{ago(request.received_at, now)}</span>
          {record.expires_at && <Countdown expiresAt={record.expires_at} />}
          <RiskBadges risks={verdict.risks} />
          {verdict.reasons[0] && <InertText text={verdict.reasons[0]} singleLine limit={160} className="gh-reason" />}
        </div>
      </div>
      <button type="button" className="gh-button" onClick={() => useUi.getState().navigate({ view: 'review', id })}>
        Review
      </button>
    </div>
  );
}
