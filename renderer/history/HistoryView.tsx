// The History view: dashboard, filters, the audit entries with paging and detail, and export.
import { useEffect } from 'react';
import { api } from '../api/current.js';
import './views.css';
import { AuditDetail } from './AuditDetail.js';
import { AuditList } from './AuditList.js';
import { Dashboard } from './Dashboard.js';
import { ExportControls } from './ExportControls.js';
import { formProblem, toAuditFilter } from './filters.js';
import { HistoryFilters } from './HistoryFilters.js';
import { useHistoryStore } from './historyStore.js';
import { useDebounced } from './useDebounced.js';
import { SessionUndo } from './undo/SessionUndo.js';
import { UndoDialog } from './undo/UndoDialog.js';

const SEARCH_DEBOUNCE_MS = 300;
const REFRESH_DEBOUNCE_MS = 400;

/** Queries the audit whenever the filters settle, and refreshes on new activity while only the first page is shown. */
function useHistoryQueries(): void {
  const form = useHistoryStore((s) => s.form);
  const load = useHistoryStore((s) => s.load);
  const q = useDebounced(form.q, SEARCH_DEBOUNCE_MS);
  // Only the search box is debounced; selects and the other fields apply at once.
  const key = JSON.stringify({ ...form, q });

  useEffect(() => {
    const settled = { ...useHistoryStore.getState().form, q };
    if (formProblem(settled)) return;
    void load(toAuditFilter(settled, new Date()));
  }, [key, load, q]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = api().subscribe((event) => {
      if (event.type !== 'request_pending' && event.type !== 'request_decided') return;
      clearTimeout(timer);
      // Decided when the burst has settled, not when it began: the person may have paged on meanwhile.
      timer = setTimeout(() => useHistoryStore.getState().refreshOrMarkStale(), REFRESH_DEBOUNCE_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, []);
}

/** History of every request and decision (issue 5); mounted by the app frame. */
export function HistoryView(): React.JSX.Element {
  useHistoryQueries();
  const stale = useHistoryStore((s) => s.stale);
  const filter = useHistoryStore((s) => s.filter);
  const load = useHistoryStore((s) => s.load);

  return (
    <section className="gh-view" aria-labelledby="history-title">
      <header className="gh-view-header">
        <h2 id="history-title">History</h2>
        <ExportControls />
      </header>
      <Dashboard />
      <HistoryFilters />
      <SessionUndo />
      {stale && filter && (
        <p className="gh-notice" role="status">
          New requests arrived. <button type="button" className="gh-button" onClick={() => void load(filter)}>Refresh</button>
        </p>
      )}
      <div className="gh-history-body">
        <AuditList />
        <AuditDetail />
      </div>
      <UndoDialog />
    </section>
  );
}
