// Import of a Claude Code settings file's permissions block, reporting every entry that could not be mapped.
import { useState } from 'react';
import type { ImportReport } from '../../common/api.js';
import { api } from '../api/current.js';
import { InertText } from '../inert/InertText.js';
import { Field } from '../history/Field.js';

// A settings file is a few KB; anything far larger is not one, and would only freeze the textarea.
const MAX_FILE_BYTES = 1024 * 1024;

/** Paste or pick a settings.json, import it as rules, and show what was imported and skipped. */
export function ImportPanel(props: { onClose: () => void; onImported: () => void }): React.JSX.Element {
  const [json, setJson] = useState('');
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const pick = async (file: File | undefined): Promise<void> => {
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setError(`${file.name} is ${Math.round(file.size / 1024)} KB; a settings file is expected to be under 1 MB.`);
      return;
    }
    setJson(await file.text());
    setError(null);
  };

  const run = async (): Promise<void> => {
    setBusy(true);
    setReport(null);
    const r = await api().importClaudeSettings(json);
    setBusy(false);
    if (!r.ok) {
      setError(`Import failed: ${r.error}`);
      return;
    }
    setError(null);
    setReport(r.value);
    props.onImported();
  };

  return (
    <section className="gh-panel" aria-label="Import Claude Code settings">
      <h3>Import Claude Code settings</h3>
      <p className="gh-muted">The <code>permissions</code> block (<code>allow</code>, <code>ask</code>, <code>deny</code>) of a <code>settings.json</code> becomes rules.</p>
      <Field label="Settings file">
        {(id) => (
          <input id={id} type="file" accept=".json,application/json" onChange={(e) => void pick(e.target.files?.[0])} />
        )}
      </Field>
      <Field label="Settings JSON">
        {(id) => (
          <textarea id={id} rows={8} value={json} spellCheck={false} onChange={(e) => setJson(e.target.value)} placeholder='{"permissions": {"allow": ["Bash(git status)"]}}' />
        )}
      </Field>
      {error && <p className="gh-error" role="alert">{error}</p>}
      <div className="gh-actions">
        <button type="button" className="gh-button gh-primary" disabled={busy || !json.trim()} onClick={() => void run()}>Import</button>
        <button type="button" className="gh-button" onClick={props.onClose}>Close</button>
      </div>
      {report && <ImportReportView report={report} />}
    </section>
  );
}

/** What an import or a preset added and what it skipped, with the reason for each skip. */
export function ImportReportView(props: { report: ImportReport }): React.JSX.Element {
  const { imported, skipped } = props.report;
  return (
    <div role="status" className="gh-report">
      <p>Imported {imported.length} {imported.length === 1 ? 'rule' : 'rules'}{skipped.length ? `, skipped ${skipped.length}` : ''}.</p>
      {skipped.length > 0 && (
        <ul aria-label="Skipped entries">
          {skipped.map((s, i) => <li key={i}><code><InertText text={s.entry} singleLine /></code>: <InertText text={s.why} /></li>)}
        </ul>
      )}
    </div>
  );
}
