// The Sessions view: live "approve for session" grants, each revocable at once.
import { useCallback, useEffect, useState } from 'react';
import type { SessionApproval } from '../../common/domain.js';
import { api } from '../api/current.js';
import '../history/views.css';
import { formatRelative, formatTime } from '../history/format.js';
import { inertText } from '../inert/inert.js';
import { InertText } from '../inert/InertText.js';

// Re-render this often so expiries count down and lapsed grants disappear without a reload.
const TICK_MS = 15_000;

/** Live session approvals (issue 5); mounted by the app frame. */
export function SessionsView(): React.JSX.Element {
  const [approvals, setApprovals] = useState<SessionApproval[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [now, setNow] = useState(() => new Date());

  const reload = useCallback(async () => {
    const r = await api().listSessionApprovals();
    if (r.ok) {
      setApprovals(r.value);
      setError(null);
    } else {
      setError(`Could not load session approvals: ${r.error}`);
    }
    setNow(new Date());
  }, []);

  useEffect(() => {
    void reload();
    const timer = setInterval(() => setNow(new Date()), TICK_MS);
    // A decision with scope "session" creates an approval; there is no separate event for it.
    const unsubscribe = api().subscribe((event) => {
      if (event.type === 'request_decided') void reload();
    });
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  }, [reload]);

  const revoke = async (approval: SessionApproval): Promise<void> => {
    setBusyId(approval.id);
    const r = await api().revokeSessionApproval(approval.id);
    setBusyId(null);
    if (!r.ok) setError(`Could not revoke: ${r.error}`);
    await reload();
  };

  const live = approvals?.filter((a) => !a.expires_at || new Date(a.expires_at).getTime() > now.getTime()) ?? null;

  return (
    <section className="gh-view" aria-labelledby="sessions-title">
      <header className="gh-view-header">
        <h2 id="sessions-title">Sessions</h2>
        <button type="button" className="gh-button" onClick={() => void reload()}>Refresh</button>
      </header>
      <p className="gh-muted">What you approved “for session”: identical requests from that agent session are allowed without asking until the grant expires or you revoke it.</p>
      {error && <p className="gh-error" role="alert">{error}</p>}
      {live === null && !error && <p role="status">Loading…</p>}
      {live?.length === 0 && <p className="gh-empty">No live session approvals.</p>}
      {live && live.length > 0 && (
        <table className="gh-table" aria-label="Session approvals">
          <thead>
            <tr>
              <th scope="col">Agent</th>
              <th scope="col">Session</th>
              <th scope="col">Tool</th>
              <th scope="col">Covers</th>
              <th scope="col">Since</th>
              <th scope="col">Expires</th>
              <th scope="col"><span className="gh-sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {live.map((a) => (
              <tr key={a.id} data-approval-id={a.id}>
                <td><InertText text={a.agent} singleLine /></td>
                <td className="gh-mono"><InertText text={a.session_id} singleLine /></td>
                <td><InertText text={a.tool_name} singleLine /></td>
                <td className="gh-summary-cell"><InertText text={a.summary} singleLine /></td>
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
          </tbody>
        </table>
      )}
    </section>
  );
}
