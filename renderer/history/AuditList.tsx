// The audit entries, newest first, with "load more" paging; choosing one opens its detail.
import { DataTable, InertCell } from '../ui/DataTable.js';
import { decidedByLabel, formatDuration, formatShortTime, formatTime, outcomeLabel } from './format.js';
import { useHistoryStore } from './historyStore.js';
import { UndoControl } from './undo/UndoControl.js';

// The list shows the head and tail of very long summaries; the detail shows everything.
const SUMMARY_LIMIT = 400;

const COLUMNS = ['Time', 'Agent', 'Tool', 'Request', 'Outcome', 'By', 'Latency'];

/** The entry table of the History view. */
export function AuditList(): React.JSX.Element {
  const entries = useHistoryStore((s) => s.entries);
  const nextCursor = useHistoryStore((s) => s.nextCursor);
  const loading = useHistoryStore((s) => s.loading);
  const error = useHistoryStore((s) => s.error);
  const selectedId = useHistoryStore((s) => s.selectedId);
  const select = useHistoryStore((s) => s.select);
  const loadMore = useHistoryStore((s) => s.loadMore);
  const now = new Date();

  return (
    <div className="gh-list">
      {error && <p className="gh-error" role="alert">{error}</p>}
      <DataTable label="Audit entries" columns={COLUMNS} actions="Actions" busy={loading}>
        {entries.map((e) => {
          const outcome = outcomeLabel(e.status, e.decided_by);
          return (
            // The whole row opens the entry for pointer users; the Open button is the keyboard path.
            <tr key={e.id} aria-current={e.id === selectedId ? 'true' : undefined} data-entry-id={e.id} onClick={() => select(e.id)}>
              <td className="gh-nowrap" title={formatTime(e.received_at)}>{formatShortTime(e.received_at, now)}</td>
              <InertCell text={e.agent} />
              <InertCell text={e.tool_name} />
              <InertCell text={e.summary || '(no summary)'} className="gh-summary-cell" limit={SUMMARY_LIMIT} />
              <td>
                <span className={`gh-badge gh-outcome-${outcome}`}>{outcome}</span>
                {e.undo?.ran === 'not-run' && <span className="gh-badge gh-outcome-denied" title={e.undo.not_run_reason ?? ''}>not run</span>}
              </td>
              <td>{decidedByLabel(e.decided_by)}</td>
              <td className="gh-nowrap">{formatDuration(e.latency_ms)}</td>
              <td className="gh-row-actions">
                <button type="button" className="gh-button gh-small" onClick={(ev) => { ev.stopPropagation(); select(e.id); }}>Open</button>
                <UndoControl entry={e} compact />
              </td>
            </tr>
          );
        })}
      </DataTable>
      {!loading && !error && entries.length === 0 && <p className="gh-empty">No entries match these filters.</p>}
      <div className="gh-list-footer">
        {nextCursor && (
          <button type="button" className="gh-button" onClick={() => void loadMore()} disabled={loading}>
            {loading ? 'Loading…' : 'Load more'}
          </button>
        )}
        {loading && !nextCursor && <span role="status">Loading…</span>}
      </div>
    </div>
  );
}
