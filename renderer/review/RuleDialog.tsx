// "Always": approve and create an allow rule, prefilled with the narrowest sensible pattern; the what-if
// check of the core warns when the pattern would let through much more than this one request.
import { useEffect, useState, type ReactNode } from 'react';
import type { WhatIfReport } from '../../common/api.js';
import { placeholderWords } from '../../common/grants.js';
import { api } from '../api/current.js';
import { InertText } from '../inert/InertText.js';
import { useDialogs } from '../store/dialogs.js';
import { useQueue } from '../store/queue.js';
import { Modal } from '../ui/Modal.js';
import { decide } from './actions.js';
import { CoverPreview } from './CoverPreview.js';
import { useSuggestion } from './useSuggestion.js';

/** Rule creation for an "always" approval of one request. */
export function RuleDialog({ id }: { id: string }): ReactNode {
  const [pattern, setPattern] = useState('');
  const [workspace, setWorkspace] = useState(true);
  const [whatIf, setWhatIf] = useState<WhatIfReport | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  // A refused rule says why in the dialog itself: the notice behind the modal is easy to miss.
  const [refused, setRefused] = useState<string | null>(null);
  const close = (): void => useDialogs.getState().close();
  const { suggestion, error } = useSuggestion(id, (s) => {
    setPattern(s.pattern);
    setWorkspace(s.scope !== null);
  });

  // Only the core's scope: the agent's cwd is no workspace when it is the home, `/` or a system folder.
  const workspacePath = suggestion ? suggestion.scope : null;
  const scope = workspace ? workspacePath : null;
  useEffect(() => {
    if (!pattern) return;
    const timer = setTimeout(() => {
      void api()
        .whatIf({ action: 'allow', pattern, scope })
        .then((r) => setWhatIf(r.ok ? r.value : null));
    }, 250);
    return () => clearTimeout(timer);
  }, [pattern, scope]);

  const warnings = [
    ...(suggestion?.warning && pattern === suggestion.pattern ? [suggestion.warning] : []),
    ...(whatIf?.warnings ?? []),
  ];
  const broad = warnings.length > 0 || (suggestion?.broad === true && pattern === suggestion.pattern);
  // The rules for the other parts of the command come with the suggested pattern or its generalised twin only.
  const general = suggestion?.general;
  const also = pattern === suggestion?.pattern ? suggestion.also ?? [] : pattern === general?.pattern ? general.also : [];

  return (
    <Modal title="Always allow" onClose={close}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!pattern.trim() || (broad && !confirmed)) return;
          setRefused(null);
          void decide(id, { approved: true, scope: 'always', rule: { action: 'allow', pattern: pattern.trim(), scope } }).then((ok) =>
            ok ? close() : setRefused(useQueue.getState().notice?.text ?? 'Gatehouse refused this rule'),
          );
        }}
      >
        {error && <p className="gh-error">{error}</p>}
        {refused && (
          <p className="gh-error" role="alert">
            Not approved: <InertText text={refused} />
          </p>
        )}
        {suggestion && general && (
          <fieldset className="gh-fieldset" aria-label="Which calls">
            <legend>Allow</legend>
            <label className="gh-check">
              <input type="radio" name="rule-general" checked={pattern === suggestion.pattern} onChange={() => setPattern(suggestion.pattern)} />
              Exactly this: <InertText text={suggestion.pattern} singleLine className="gh-path" />
            </label>
            <label className="gh-check">
              <input type="radio" name="rule-general" checked={pattern === general.pattern} onChange={() => setPattern(general.pattern)} />
              Similar calls: <InertText text={general.pattern} singleLine className="gh-path" />
              <span className="gh-muted">
                {' '}
                (any {placeholderWords(general.pattern)} in place of <InertText text={general.parts.map((p) => p.text).join(', ')} singleLine />)
              </span>
            </label>
          </fieldset>
        )}
        <label className="gh-field gh-field-wide">
          Rule pattern
          <input type="text" value={pattern} autoFocus onChange={(e) => setPattern(e.target.value)} spellCheck={false} />
        </label>
        {also.length > 0 && (
          <div className="gh-field gh-field-wide" aria-label="Rules for the other parts">
            Also creates a rule for each other part of the command:
            <ul>
              {also.map((p) => (
                <li key={p}>
                  <InertText text={p} singleLine className="gh-path" />
                </li>
              ))}
            </ul>
          </div>
        )}
        {suggestion?.writes && (
          <div className="gh-field gh-field-wide" aria-label="Files it may write">
            Also creates an Edit rule for exactly each file the command writes:
            <ul>
              {suggestion.writes.map((f) => (
                <li key={f}>
                  <InertText text={f} singleLine className="gh-path" />
                </li>
              ))}
            </ul>
          </div>
        )}
        <fieldset className="gh-fieldset">
          <legend>Where</legend>
          <label className="gh-check">
            <input type="radio" name="rule-scope" checked={workspace} disabled={!workspacePath} onChange={() => setWorkspace(true)} />
            This workspace {workspacePath && <InertText text={workspacePath} singleLine className="gh-path" />}
          </label>
          <label className="gh-check">
            <input type="radio" name="rule-scope" checked={!workspace} onChange={() => setWorkspace(false)} />
            Everywhere
          </label>
        </fieldset>
        {whatIf && <CoverPreview report={whatIf} />}
        {warnings.length > 0 && (
          <ul className="gh-warnings" role="alert" aria-label="Warnings">
            {warnings.map((w, i) => (
              <li key={i}>
                <InertText text={w} singleLine />
              </li>
            ))}
          </ul>
        )}
        {broad && (
          <label className="gh-check gh-confirm">
            <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />I understand this rule is broad
          </label>
        )}
        <div className="gh-dialog-actions">
          <button type="button" className="gh-button" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="gh-button gh-primary" disabled={!pattern.trim() || !suggestion || (broad && !confirmed)}>
            Approve and create rule
          </button>
        </div>
      </form>
    </Modal>
  );
}
