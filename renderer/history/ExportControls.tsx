// Export of the filtered audit log, with the number of rows written so far.
import { useState } from 'react';
import type { ExportFormat } from '../../common/api.js';
import { api } from '../api/current.js';
import { useHistoryStore } from './historyStore.js';
import { Field } from './Field.js';

type ExportState = { phase: 'idle' } | { phase: 'running'; rows: number } | { phase: 'done'; rows: number } | { phase: 'failed'; error: string };

/** Format picker and Export button; exports exactly what the current filters show. */
export function ExportControls(): React.JSX.Element {
  const filter = useHistoryStore((s) => s.filter);
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [state, setState] = useState<ExportState>({ phase: 'idle' });

  const run = async (): Promise<void> => {
    setState({ phase: 'running', rows: 0 });
    const result = await api().exportAudit(filter ?? {}, format, (rows) => setState({ phase: 'running', rows }));
    setState(result.ok ? { phase: 'done', rows: result.value.rows } : { phase: 'failed', error: `Export failed: ${result.error}` });
  };

  return (
    <div className="gh-export" role="group" aria-label="Export">
      <Field label="Format" className="gh-inline">
        {(id) => (
          <select id={id} value={format} onChange={(e) => setFormat(e.target.value as ExportFormat)}>
            <option value="csv">CSV</option>
            <option value="json">JSON</option>
            <option value="ndjson">NDJSON</option>
          </select>
        )}
      </Field>
      <button type="button" className="gh-button" onClick={() => void run()} disabled={state.phase === 'running'}>
        Export
      </button>
      {state.phase === 'running' && (
        <span role="status" className="gh-progress">
          <progress aria-label="Export progress" /> Exporting… {state.rows.toLocaleString()} rows
        </span>
      )}
      {state.phase === 'done' && <span role="status">Exported {state.rows.toLocaleString()} rows.</span>}
      {state.phase === 'failed' && <span role="alert" className="gh-error">{state.error}</span>}
    </div>
  );
}
