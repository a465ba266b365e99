// The Rules view: every rule, create/edit with what-if, enable/disable, delete, import, export and presets.
import { useState } from 'react';
import type { Rule } from '../../common/domain.js';
import { api } from '../api/current.js';
import '../history/views.css';
import { InertText } from '../inert/InertText.js';
import { ConfirmDialog } from '../ui/ConfirmDialog.js';
import { downloadText } from './download.js';
import { ImportPanel } from './ImportPanel.js';
import { PresetsPanel } from './PresetsPanel.js';
import { activeAllowCount, MANY_ALLOW_RULES } from './ruleForm.js';
import { RuleEditor } from './RuleEditor.js';
import { RulesTable } from './RulesTable.js';
import { useRules } from './useRules.js';

type Panel = { kind: 'none' } | { kind: 'edit'; rule: Rule | null } | { kind: 'import' } | { kind: 'presets' };

/** Rule management (issue 5); mounted by the app frame. */
export function RulesView(): React.JSX.Element {
  const { rules, error: loadError, reload, showPatched } = useRules();
  const [panel, setPanel] = useState<Panel>({ kind: 'none' });
  const [deleting, setDeleting] = useState<Rule | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const now = new Date();
  const allowCount = rules ? activeAllowCount(rules, now) : 0;

  const act = async (rule: Rule, run: () => Promise<{ ok: true } | { ok: false; error: string }>, what: string): Promise<void> => {
    setBusyId(rule.id);
    const r = await run();
    setBusyId(null);
    setError(r.ok ? null : `Could not ${what}: ${r.error}`);
    await reload();
  };

  const exportRules = async (): Promise<void> => {
    const r = await api().exportRules();
    if (!r.ok) {
      setError(`Could not export the rules: ${r.error}`);
      return;
    }
    setError(null);
    downloadText('gatehouse-rules.json', `${JSON.stringify(r.value, null, 2)}\n`, 'application/json');
  };

  const closePanel = (): void => setPanel({ kind: 'none' });

  return (
    <section className="gh-view" aria-labelledby="rules-title">
      <header className="gh-view-header">
        <h2 id="rules-title">Rules</h2>
        <div className="gh-toolbar">
          <button type="button" className="gh-button gh-primary" onClick={() => setPanel({ kind: 'edit', rule: null })}>New rule</button>
          <button type="button" className="gh-button" onClick={() => setPanel({ kind: 'import' })}>Import Claude Code settings…</button>
          <button type="button" className="gh-button" onClick={() => void exportRules()}>Export rules</button>
          <button type="button" className="gh-button" onClick={() => setPanel({ kind: 'presets' })}>Presets…</button>
        </div>
      </header>

      {allowCount >= MANY_ALLOW_RULES && (
        <p className="gh-warning-banner" role="alert">
          {allowCount} allow rules are enabled. With this many, it is hard to know what agents may do unasked; disable or delete the ones you no longer need.
        </p>
      )}
      {(loadError ?? error) && <p className="gh-error" role="alert">{loadError ?? error}</p>}

      {panel.kind === 'edit' && (
        <RuleEditor
          key={panel.rule?.id ?? 'new'}
          rule={panel.rule}
          onDone={(saved) => { closePanel(); if (saved) void reload(); }}
        />
      )}
      {panel.kind === 'import' && <ImportPanel onClose={closePanel} onImported={() => void reload()} />}
      {panel.kind === 'presets' && <PresetsPanel onClose={closePanel} onApplied={() => void reload()} />}

      {rules === null && !loadError && <p role="status">Loading…</p>}
      {rules && (
        <RulesTable
          rules={rules}
          now={now}
          busyId={busyId}
          onToggle={(rule, enabled) => {
            showPatched(rule.id, { enabled });
            void act(rule, () => api().updateRule(rule.id, { enabled }), enabled ? 'enable the rule' : 'disable the rule');
          }}
          onEdit={(rule) => setPanel({ kind: 'edit', rule })}
          onDelete={setDeleting}
        />
      )}

      {deleting && (
        <ConfirmDialog
          title="Delete this rule?"
          confirmLabel="Delete"
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const rule = deleting;
            setDeleting(null);
            void act(rule, () => api().deleteRule(rule.id), 'delete the rule');
          }}
        >
          <p>
            <span className={`gh-badge gh-action-${deleting.action}`}>{deleting.action}</span>{' '}
            <InertText text={deleting.pattern} singleLine className="gh-code" /> will be removed. Disable it instead to keep it for later.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
