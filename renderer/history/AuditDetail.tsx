// The full record of one audit entry: request (redacted), verdict reasons and risks, decision and what was reviewed.
import { useEffect, useRef, useState } from 'react';
import type { AuditEntry } from '../../common/domain.js';
import { inertText } from '../../common/inert.js';
import { api } from '../api/current.js';
import { InertText } from '../inert/InertText.js';
import { VerdictPanel } from '../review/VerdictPanel.js';
import { decidedByLabel, formatDuration, formatTime, outcomeLabel } from './format.js';
import { useHistoryStore } from './historyStore.js';
import { reviewedMaterial } from './reviewed.js';
import { ReviewedView } from './ReviewedView.js';
import { UndoControl } from './undo/UndoControl.js';
import { RefusalList } from './RefusalList.js';
import { subagentLabel } from '../ui/subagent.js';

function Field(props: { label: string; value: string | null; inert?: boolean }): React.JSX.Element | null {
  if (!props.value) return null;
  return (
    <>
      <dt>{props.label}</dt>
      <dd>{props.inert ? <InertText text={props.value} singleLine /> : props.value}</dd>
    </>
  );
}

// Risk ranges index the command as the agent sent it; redaction changes its length, so only an unredacted command can be sliced.
function rangedCommand(entry: AuditEntry): string | undefined {
  const material = reviewedMaterial(entry.tool_name, entry.args);
  return material.kind === 'command' && !material.command.includes('[REDACTED') ? material.command : undefined;
}

/** Detail panel for the selected entry; fetched fresh so a request decided since the list loaded shows its decision. */
export function AuditDetail(): React.JSX.Element | null {
  const selectedId = useHistoryStore((s) => s.selectedId);
  const select = useHistoryStore((s) => s.select);
  const setForm = useHistoryStore((s) => s.setForm);
  // Refetch when the list learns that the open entry was decided meanwhile.
  const listedStatus = useHistoryStore((s) => s.entries.find((e) => e.id === s.selectedId)?.status);
  const [entry, setEntry] = useState<AuditEntry | null>(null);
  const [error, setError] = useState<string | null>(null);
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    // Move focus to the panel so keyboard users land on what they opened (and Escape closes it).
    if (selectedId) panel.current?.focus({ preventScroll: true });
  }, [selectedId]);

  useEffect(() => {
    if (!selectedId) return;
    let live = true;
    // Keep showing the entry while its newer state loads; clear only when another entry is opened.
    setEntry((shown) => (shown?.id === selectedId ? shown : null));
    setError(null);
    void api().getAuditEntry(selectedId).then((r) => {
      if (!live) return;
      if (r.ok) setEntry(r.value);
      else setError(`Could not open the entry: ${r.error}`);
    });
    return () => { live = false; };
  }, [selectedId, listedStatus]);

  if (!selectedId) return null;
  const close = (): void => {
    select(null);
    // Return focus to the row that opened the panel, so keyboard users keep their place in the list.
    document.querySelector<HTMLElement>(`tr[data-entry-id="${CSS.escape(selectedId)}"] button`)?.focus();
  };

  return (
    <section
      className="gh-detail"
      aria-label="Entry detail"
      tabIndex={-1}
      ref={panel}
      onKeyDown={(e) => { if (e.key === 'Escape') { e.stopPropagation(); close(); } }}
    >
      <header className="gh-detail-header">
        <h3>Entry detail</h3>
        <button type="button" className="gh-button" onClick={close}>Close</button>
      </header>
      {error && <p className="gh-error" role="alert">{error}</p>}
      {!entry && !error && <p role="status">Loading…</p>}
      {entry && (
        <>
          <dl className="gh-dl">
            <Field label="Received" value={formatTime(entry.received_at)} />
            <Field label="Agent" value={entry.agent} inert />
            <Field label="Asked" value={entry.subagent ? subagentLabel(entry.subagent) : null} inert />
            {entry.session_id && (
              <>
                <dt>Session</dt>
                <dd>
                  <button
                    type="button"
                    className="gh-link"
                    aria-label={`Show entries of session ${inertText(entry.session_id, { singleLine: true })}`}
                    onClick={() => setForm({ session_id: entry.session_id ?? '' })}
                  >
                    <InertText text={entry.session_id} singleLine />
                  </button>
                </dd>
              </>
            )}
            <Field label="Workspace" value={entry.cwd} inert />
            <Field label="Tool" value={entry.tool_name} inert />
            <Field label="Description" value={entry.description} inert />
            <dt>Outcome</dt>
            <dd><span className={`gh-badge gh-outcome-${outcomeLabel(entry.status, entry.decided_by)}`}>{outcomeLabel(entry.status, entry.decided_by)}</span></dd>
            <Field label="Decided by" value={decidedByLabel(entry.decided_by)} />
            {entry.undo?.ran === 'not-run' && (
              // The person approved it, but the agent's own permission system did not run it: the record says so.
              <Field
                label="Ran"
                value={`not run: ${entry.undo.not_run_reason ?? 'the agent gave no reason'} — \`gatehouse rules sync ${entry.agent}\` lets the agent's own policy allow what Gatehouse allows`}
                inert
              />
            )}
            {entry.undo?.ran === 'ran' && <Field label="Ran" value="ran (the agent reported its result)" />}
            {entry.undo && (
              <>
                <dt>Undo</dt>
                <dd><UndoControl entry={entry} /></dd>
              </>
            )}
            {entry.rule_id && (
              <>
                <dt>Rule</dt>
                <dd>
                  <button
                    type="button"
                    className="gh-link"
                    aria-label={`Show entries decided by rule ${entry.rule_id}`}
                    onClick={() => setForm({ rule_id: entry.rule_id ?? '' })}
                  >
                    {entry.rule_id}
                  </button>
                </dd>
              </>
            )}
            <Field label="Reason given" value={entry.reason} inert />
            <Field label="Decided at" value={formatTime(entry.decided_at)} />
            <Field label="Time to decision" value={formatDuration(entry.latency_ms)} />
          </dl>

          <VerdictPanel verdict={entry.verdict} command={rangedCommand(entry)} title={`Verdict: ${entry.verdict.decision}`} />

          <RefusalList refusals={entry.refusals} contained={entry.verdict.contained !== undefined && entry.status === 'approved'} />

          <h4>As reviewed</h4>
          <ReviewedView toolName={entry.tool_name} args={entry.args} />
          {entry.updated_args && (
            <>
              <h4>{entry.verdict.contained ? 'As run (inside the sandbox)' : 'As approved (edited by the person)'}</h4>
              <ReviewedView toolName={entry.tool_name} args={entry.updated_args} />
            </>
          )}

          <details className="gh-raw">
            <summary>Request as stored (redacted)</summary>
            <div className="gh-code"><InertText text={JSON.stringify(entry.args, null, 2)} block /></div>
            <p className="gh-muted">Entry #{entry.seq} · hash {entry.hash.slice(0, 16)}… · id {entry.id}</p>
          </details>
        </>
      )}
    </section>
  );
}
