// Settings the core honours: mode (approve-all only after confirmation), contain instead of asking, request timeout and
// its outcome, session-approval lifetime.
import { useEffect, useState, type ReactNode } from 'react';
import type { CoreSettings, Mode } from '../../common/domain.js';
import { useSettings } from '../store/settings.js';
import { ConfirmDialog } from '../ui/ConfirmDialog.js';
import { ContainSetting } from './ContainSetting.js';
import { NotificationsSetting } from '../notifications/NotificationsSetting.js';

const MODES: Array<{ mode: Mode; label: string; help: string }> = [
  { mode: 'interactive', label: 'Interactive', help: 'Ask me whenever no rule decides.' },
  { mode: 'approve-all', label: 'Approve all', help: 'Approve everything that would ask (audited). Hard denies still deny.' },
  { mode: 'strict', label: 'Strict', help: 'Deny everything that would ask.' },
];

/** The Settings view. */
export function SettingsView(): ReactNode {
  const settings = useSettings((s) => s.settings);
  const error = useSettings((s) => s.error);
  const [draft, setDraft] = useState<CoreSettings | null>(settings);
  const [confirming, setConfirming] = useState(false);
  const [saved, setSaved] = useState(false);
  useEffect(() => setDraft(settings), [settings]);

  if (!draft) return <section className="gh-view"><h1>Settings</h1>{error ? <p className="gh-error">{error}</p> : <p className="gh-muted">Loading…</p>}</section>;

  const setMode = (mode: Mode): void => {
    if (mode === 'approve-all') setConfirming(true);
    else void useSettings.getState().update({ mode });
  };
  const number = (key: 'timeout_seconds' | 'session_ttl_seconds', value: string): void => {
    setSaved(false);
    setDraft({ ...draft, [key]: Math.max(0, Math.floor(Number(value) || 0)) });
  };

  return (
    <section className="gh-view gh-settings" aria-labelledby="settings-title">
      <header className="gh-view-header">
        <h1 id="settings-title">Settings</h1>
      </header>
      {error && <p className="gh-error" role="alert">{error}</p>}
      <fieldset className="gh-fieldset">
        <legend>Mode (applies at once)</legend>
        {MODES.map((m) => (
          <label key={m.mode} className="gh-check">
            <input type="radio" name="mode" checked={settings?.mode === m.mode} onChange={() => setMode(m.mode)} />
            <strong>{m.label}</strong> <span className="gh-muted">{m.help}</span>
          </label>
        ))}
      </fieldset>
      <ContainSetting on={settings?.contain_unvouched === true} />
      {/* The desktop app notifies natively (its tray menu switches that). */}
      {!window.gatehouse && <NotificationsSetting />}
      <form
        className="gh-form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          const { timeout_seconds, timeout_outcome, session_ttl_seconds } = draft;
          void useSettings.getState().update({ timeout_seconds, timeout_outcome, session_ttl_seconds }).then(setSaved);
        }}
      >
        <label className="gh-field">
          Request timeout (seconds, 0 = wait forever)
          <input type="number" min={0} value={draft.timeout_seconds} onChange={(e) => number('timeout_seconds', e.target.value)} />
        </label>
        <label className="gh-field">
          When a request times out
          <select
            value={draft.timeout_outcome}
            onChange={(e) => {
              setSaved(false);
              setDraft({ ...draft, timeout_outcome: e.target.value === 'deny' ? 'deny' : 'no-decision' });
            }}
          >
            <option value="deny">Deny it</option>
            <option value="no-decision">Let the agent ask in its own prompt</option>
          </select>
        </label>
        <label className="gh-field">
          Session approvals last (seconds, 0 = until the session ends)
          <input type="number" min={0} value={draft.session_ttl_seconds} onChange={(e) => number('session_ttl_seconds', e.target.value)} />
        </label>
        <div className="gh-actions">
          <button type="submit" className="gh-button gh-primary">
            Save
          </button>
          {saved && <span role="status">Saved.</span>}
        </div>
      </form>
      {confirming && (
        <ConfirmDialog
          title="Turn on approve-all?"
          confirmLabel="Turn on approve-all"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void useSettings.getState().update({ mode: 'approve-all' });
          }}
        >
          <p>
            Every tool call that would ask you — file writes, shell commands, network access — will run without asking,
            until you switch back. Hard denies still apply, and every approval is audited.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
