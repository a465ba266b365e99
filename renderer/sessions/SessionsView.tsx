// The Sessions view: live "approve for session" grants, each revocable at once.
import { useEffect, useState } from 'react';
import type { SessionApproval } from '../../common/domain.js';
import { inertText } from '../../common/inert.js';
import { api } from '../api/current.js';
import { useLiveData, type LiveSource } from '../api/useLiveData.js';
import '../history/views.css';
import { formatRelative, formatTime } from '../history/format.js';
import { DataTable, InertCell } from '../ui/DataTable.js';

// Re-render this often so expiries count down and lapsed grants disappear without a reload.
const TICK_MS = 15_000;

const APPROVALS: LiveSource<SessionApproval[]> = {
  load: () => api().listSessionApprovals(),
  failure: 'Could not load session approvals',
  // A decision with scope "session" creates an approval; there is no separate event for it.
  staleAfter: (event) => event.type === 'request_decided',
};

const COLUMNS = ['Agent', 'Session', 'Tool', 'Covers', 'Since', 'Expires'];

/** Live session approvals (issue 5); mounted by the app frame. */
export function SessionsView(): React.JSX.Element {
  const { value: approvals, error: loadError, reload } = useLiveData(APPROVALS);
  const [error, setError] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [now, setNow] = useState(() => new Date());

  // Fresh data is judged against a fresh clock; between loads the tick moves it on.
  useEffect(() => setNow(new Date()), [approvals]);
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), TICK_MS);
    return () => clearInterval(timer);
  }, []);

  const revoke = async (approval: SessionApproval): Promise<void> => {
    setBusyId(approval.id);
    const r = await api().revokeSessionApproval(approval.id);
    setBusyId(null);
    setError(r.ok ? null : `Could not revoke: ${r.error}`);
    await reload();
  };

  const live = approvals?.filter((a) => !a.expires_at || new Date(a.expires_at).getTime() > now.getTime()) ?? null;
  const shownError = loadError ?? error;

  return (
    <section className="gh-view" aria-labelledby="sessions-title">
      <header className="gh-view-header">
        <h2 id="sessions-title">Sessions</h2>
        <button type="button" className="gh-button" onClick={() => void reload()}>Refresh</button>
      </header>
      <p className="gh-muted">What you approved “for session”: identical requests from that agent session are allowed without asking until the grant expires or you revoke it.</p>
      {shownError && <p className="gh-error" role="alert">{shownError}</p>}
      {live === null && !loadError && <p role="status">Loading…</p>}
      {live?.length === 0 && <p className="gh-empty">No live session approvals.</p>}
      {live && live.length > 0 && (
        <DataTable label="Session approvals" columns={COLUMNS} actions="Actions">
          {live.map((a) => (
            <tr key={a.id} data-approval-id={a.id}>
              <InertCell text={a.agent} />
              <InertCell text={a.session_id} className="gh-mono" />
              <InertCell text={a.tool_name} />
              <InertCell text={a.summary} className="gh-summary-cell" />
              <td className="gh-nowrap" title={formatTime(a.created_at)}>{formatRelative(a.created_at, now)}</td>
              <td className="gh-nowrap">{a.expires_at ? formatRelative(a.expires_at, now) : 'when the session ends'}</td>
              <td>
                <button
                  type="button"
                  className="gh-button gh-danger"
                  disabled={busyId === a.id}
                  aria-label={`Revoke ${inertText(a.summary, { singleLine: true })}`}
                  onClick={() => void revoke(a)}
                >
                  Revoke
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
