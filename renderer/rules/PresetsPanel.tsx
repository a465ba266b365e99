// Presets (e.g. safe defaults): every rule of a preset is listed before the person applies it.
import { useEffect, useState } from 'react';
import type { ImportReport, Preset } from '../../common/api.js';
import { api } from '../api/current.js';
import { InertText } from '../inert/InertText.js';
import { ImportReportView } from './ImportPanel.js';

/** The preset list with each preset's rules and an Apply button. */
export function PresetsPanel(props: { onClose: () => void; onApplied: () => void }): React.JSX.Element {
  const [presets, setPresets] = useState<Preset[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [applied, setApplied] = useState<{ name: string; report: ImportReport } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    void api().listPresets().then((r) => {
      if (r.ok) setPresets(r.value);
      else setError(`Could not load the presets: ${r.error}`);
    });
  }, []);

  const apply = async (name: string): Promise<void> => {
    setBusy(name);
    const r = await api().applyPreset(name);
    setBusy(null);
    if (!r.ok) {
      setError(`Could not apply the preset: ${r.error}`);
      return;
    }
    setError(null);
    setApplied({ name, report: r.value });
    props.onApplied();
  };

  return (
    <section className="gh-panel" aria-label="Presets">
      <header className="gh-detail-header">
        <h3>Presets</h3>
        <button type="button" className="gh-button" onClick={props.onClose}>Close</button>
      </header>
      {error && <p className="gh-error" role="alert">{error}</p>}
      {!presets && !error && <p role="status">Loading…</p>}
      {presets?.map((preset) => (
        <article key={preset.name} className="gh-preset" aria-label={preset.title}>
          <h4>{preset.title}</h4>
          <p>{preset.description}</p>
          <table className="gh-table gh-compact" aria-label={`Rules in ${preset.title}`}>
            <thead><tr><th scope="col">Action</th><th scope="col">Pattern</th><th scope="col">Note</th></tr></thead>
            <tbody>
              {preset.rules.map((rule, i) => (
                <tr key={i}>
                  <td><span className={`gh-badge gh-action-${rule.action}`}>{rule.action}</span></td>
                  <td className="gh-pattern"><InertText text={rule.pattern} singleLine /></td>
                  <td>{rule.note ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <button type="button" className="gh-button gh-primary" disabled={busy !== null} onClick={() => void apply(preset.name)}>
            Apply {preset.title} ({preset.rules.length} rules)
          </button>
          {applied?.name === preset.name && <ImportReportView report={applied.report} />}
        </article>
      ))}
    </section>
  );
}
