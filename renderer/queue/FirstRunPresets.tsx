// The first-run choice: with no rules yet and nothing waiting, the queue offers the presets (the recommended one first),
// each with what it does, so a new user starts from everyday work decided without them instead of a prompt per call.
import { useEffect, useState, type ReactNode } from 'react';
import type { Preset } from '../../common/api.js';
import { api } from '../api/current.js';
import { useRules } from '../rules/useRules.js';
import { useUi } from '../store/ui.js';

/** The presets as one-click starting points; shown only while there are no rules at all. */
export function FirstRunPresets(): ReactNode {
  const { rules, reload } = useRules();
  const [presets, setPresets] = useState<Preset[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    void api().listPresets().then((r) => setPresets(r.ok ? r.value : null));
  }, []);

  if (message !== null) return <p className="gh-first-run" role="status">{message}</p>;
  if (rules === null || rules.length > 0 || presets === null || presets.length === 0) return null;

  const apply = async (preset: Preset): Promise<void> => {
    setBusy(true);
    const r = await api().applyPreset(preset.name);
    setBusy(false);
    setMessage(r.ok ? `${preset.title}: ${r.value.imported.length} rules added. Change them any time under Rules.` : `Could not apply ${preset.title}: ${r.error}`);
    await reload();
  };

  return (
    <section className="gh-first-run" aria-label="Start from a preset">
      <h2>No rules yet: start from a preset</h2>
      <p className="gh-muted">Without rules, every call that Gatehouse cannot prove harmless waits for you. A preset decides everyday work for you and keeps asking about the rest.</p>
      {presets.map((p) => (
        <article key={p.name} className="gh-preset" aria-label={p.title}>
          <h3>{p.title}</h3>
          <p>{p.description}</p>
          <button type="button" className="gh-button gh-primary" disabled={busy} onClick={() => void apply(p)}>
            Use {p.title} ({p.rules.length} rules)
          </button>
        </article>
      ))}
      <button type="button" className="gh-link" onClick={() => useUi.getState().navigate({ view: 'rules' })}>
        Read every rule of each preset first (Rules → Presets)
      </button>
    </section>
  );
}
