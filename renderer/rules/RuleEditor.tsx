// Create or edit a rule: the form, a live what-if, and a save that needs explicit confirmation when warned.
import { useEffect, useId, useRef, useState } from 'react';
import type { WhatIfReport } from '../../common/api.js';
import type { Rule, RuleAction, RuleInput } from '../../common/domain.js';
import { api } from '../api/current.js';
import { useDebounced } from '../history/useDebounced.js';
import { InertText } from '../inert/InertText.js';
import { formFromRule, NEW_RULE_FORM, toRuleInput, type ExpiryKind, type RuleForm } from './ruleForm.js';
import { WhatIfPanel } from './WhatIfPanel.js';
import { Field } from '../history/Field.js';

const WHAT_IF_DEBOUNCE_MS = 400;
const EXPIRIES: Array<[ExpiryKind, string]> = [['never', 'Never'], ['until', 'Until a time'], ['uses', 'For the next N uses'], ['30min', 'For 30 minutes']];

// What-if depends only on what the rule matches and does, not on its expiry or note.
function whatIfKey(input: RuleInput): string {
  return JSON.stringify([input.action, input.pattern, input.scope ?? null]);
}

/** The rule form; `rule` null creates a new rule. Calls onDone after a save or a cancel. */
export function RuleEditor(props: { rule: Rule | null; onDone: (saved: boolean) => void }): React.JSX.Element {
  const groupId = useId();
  const [form, setForm] = useState<RuleForm>(() => (props.rule ? formFromRule(props.rule) : NEW_RULE_FORM));
  const [report, setReport] = useState<{ key: string; value: WhatIfReport } | null>(null);
  const [whatIfError, setWhatIfError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const patternInput = useRef<HTMLInputElement>(null);

  const parsed = toRuleInput(form, new Date());
  const key = parsed.ok ? whatIfKey(parsed.input) : null;
  const settledKey = useDebounced(key, WHAT_IF_DEBOUNCE_MS);
  const fresh = report && report.key === key ? report.value : null;
  const needsConfirm = fresh !== null && fresh.warnings.length > 0 && !confirmed;
  // An empty pattern is the starting state, not a mistake worth an alert.
  const problem = error ?? (!parsed.ok && form.pattern.trim() ? parsed.error : null);

  const update = (patch: Partial<RuleForm>): void => {
    setForm((f) => ({ ...f, ...patch }));
    setError(null);
  };

  const check = async (input: RuleInput): Promise<WhatIfReport | null> => {
    setChecking(true);
    const r = await api().whatIf(input);
    setChecking(false);
    if (!r.ok) {
      setWhatIfError(`What-if failed: ${r.error}`);
      return null;
    }
    setWhatIfError(null);
    setReport({ key: whatIfKey(input), value: r.value });
    return r.value;
  };

  useEffect(() => patternInput.current?.focus(), []);
  // A confirmation covers the warnings it was given for, not the next pattern typed.
  useEffect(() => setConfirmed(false), [key]);
  // Runs when the debounced rule settles; `parsed` is the current form's whenever settledKey equals key.
  useEffect(() => {
    if (settledKey === null || settledKey !== key || !parsed.ok) return;
    void check(parsed.input);
  }, [settledKey]);

  const save = async (): Promise<void> => {
    const now = toRuleInput(form, new Date());
    if (!now.ok) {
      setError(now.error);
      return;
    }
    setSaving(true);
    const seen = fresh ?? (await check(now.input));
    if (!seen) {
      setSaving(false);
      setError('Could not check this rule against past requests; not saved.');
      return;
    }
    if (seen.warnings.length > 0 && !confirmed) {
      setSaving(false);
      setError('Read the warnings above and confirm to save this rule.');
      return;
    }
    const r = props.rule ? await api().updateRule(props.rule.id, now.input) : await api().createRule(now.input);
    setSaving(false);
    if (r.ok) props.onDone(true);
    else setError(`Could not save the rule: ${r.error}`);
  };

  return (
    <form
      className="gh-editor"
      aria-label={props.rule ? 'Edit rule' : 'New rule'}
      onSubmit={(e) => { e.preventDefault(); void save(); }}
      onKeyDown={(e) => { if (e.key === 'Escape') { e.stopPropagation(); props.onDone(false); } }}
    >
      <h3>{props.rule ? <>Edit rule <InertText text={props.rule.pattern} singleLine /></> : 'New rule'}</h3>
      <div className="gh-form-grid">
        <Field label="Action">
          {(id) => (
            <select id={id} value={form.action} onChange={(e) => update({ action: e.target.value as RuleAction })}>
              <option value="allow">allow</option>
              <option value="sandbox">allow contained (shell commands)</option>
              <option value="ask">ask</option>
              <option value="deny">deny</option>
            </select>
          )}
        </Field>
        <Field label="Pattern" className="gh-field-wide">
          {(id) => (
            <input
              id={id}
              ref={patternInput}
              type="text"
              value={form.pattern}
              placeholder="Bash(npm run test:*)"
              spellCheck={false}
              onChange={(e) => update({ pattern: e.target.value })}
            />
          )}
        </Field>
        <fieldset className="gh-fieldset">
          <legend>Scope</legend>
          <label><input type="radio" name={`${groupId}-scope`} checked={form.scopeKind === 'everywhere'} onChange={() => update({ scopeKind: 'everywhere' })} /> Everywhere</label>
          <label><input type="radio" name={`${groupId}-scope`} checked={form.scopeKind === 'workspace'} onChange={() => update({ scopeKind: 'workspace' })} /> One workspace</label>
          {form.scopeKind === 'workspace' && (
            <Field label="Workspace path">
              {(id) => (
                <input id={id} type="text" value={form.scopePath} placeholder="/home/me/project" spellCheck={false} onChange={(e) => update({ scopePath: e.target.value })} />
              )}
            </Field>
          )}
        </fieldset>
        <fieldset className="gh-fieldset">
          <legend>Expires</legend>
          {EXPIRIES.map(([value, label]) => (
            <label key={value}><input type="radio" name={`${groupId}-expiry`} checked={form.expiry === value} onChange={() => update({ expiry: value })} /> {label}</label>
          ))}
          {form.expiry === 'until' && (
            <Field label="Expires at">
              {(id) => (
                <input id={id} type="datetime-local" value={form.until} onChange={(e) => update({ until: e.target.value })} />
              )}
            </Field>
          )}
          {form.expiry === 'uses' && (
            <Field label="Number of uses">
              {(id) => (
                <input id={id} type="number" min={1} step={1} value={form.uses} onChange={(e) => update({ uses: e.target.value })} />
              )}
            </Field>
          )}
        </fieldset>
        <Field label="Note" className="gh-field-wide">
          {(id) => (
            <input id={id} type="text" value={form.note} onChange={(e) => update({ note: e.target.value })} />
          )}
        </Field>
        <label className="gh-check"><input type="checkbox" checked={form.enabled} onChange={(e) => update({ enabled: e.target.checked })} /> Enabled</label>
      </div>

      <WhatIfPanel report={fresh} action={form.action} checking={checking} error={whatIfError} />

      {fresh && fresh.warnings.length > 0 && (
        <label className="gh-check gh-confirm">
          <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />
          I have read the warnings and want to save this rule anyway
        </label>
      )}
      {problem && <p className="gh-error" role="alert">{problem}</p>}
      <div className="gh-actions">
        <button type="submit" className="gh-button gh-primary" disabled={saving || needsConfirm}>
          {saving ? 'Saving…' : props.rule ? 'Save changes' : 'Save rule'}
        </button>
        <button type="button" className="gh-button" onClick={() => props.onDone(false)}>Cancel</button>
      </div>
    </form>
  );
}
