// "Approve for session": the person picks what the grant covers — this file or the workspace, this exact command or
// a prefix they can narrow, this MCP tool — in the same words the Sessions view and the audit will use.
import { useState, type ReactNode } from 'react';
import { describeGrant } from '../../common/grants.js';
import { InertText } from '../inert/InertText.js';
import { useDialogs } from '../store/dialogs.js';
import { useQueue } from '../store/queue.js';
import { Modal } from '../ui/Modal.js';
import { decide } from './actions.js';
import { useSuggestion } from './useSuggestion.js';

/** The grant choices for one request, then the approval with the chosen one. */
export function SessionDialog({ id }: { id: string }): ReactNode {
  const tool = useQueue((s) => s.records[id]?.request.tool_name ?? '');
  const [picked, setPicked] = useState(0);
  const [prefix, setPrefix] = useState('');
  // A refused grant says why in the dialog itself: the notice behind the modal is easy to miss.
  const [refused, setRefused] = useState<string | null>(null);
  const close = (): void => useDialogs.getState().close();
  const { suggestion, error } = useSuggestion(id, (s) => setPrefix(s.grants.find((c) => c.editable)?.grant.value ?? ''));
  const choices = suggestion?.grants ?? null;

  const choice = choices?.[picked];
  const grant = choice?.editable ? { kind: choice.grant.kind, value: prefix.trim() } : choice?.grant;
  return (
    <Modal title="Approve for this session" onClose={close}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!grant || (choice?.editable && grant.value === '')) return;
          setRefused(null);
          void decide(id, { approved: true, scope: 'session', grant }).then((ok) => (ok ? close() : setRefused(useQueue.getState().notice?.text ?? 'Gatehouse refused this grant')));
        }}
      >
        {error && <p className="gh-error" role="alert">{error}</p>}
        {refused && (
          <p className="gh-error" role="alert">
            Not approved: <InertText text={refused} />
          </p>
        )}
        {!choices && !error && <p className="gh-muted">Loading the choices…</p>}
        {choices && (
          <fieldset className="gh-grant-choices">
            <legend>Until this agent session ends, allow:</legend>
            {choices.map((c, i) => (
              <label key={c.grant.kind} className="gh-radio">
                <input type="radio" name="grant" checked={picked === i} autoFocus={i === 0} onChange={() => setPicked(i)} />
                <InertText text={c.editable && picked === i ? describeGrant(tool, { kind: 'prefix', value: prefix.trim() }, c.writes) : c.label} singleLine />
              </label>
            ))}
            {choice?.editable && (
              <label className="gh-field gh-field-wide">
                Command prefix (make it longer to narrow the grant)
                <input type="text" value={prefix} maxLength={2000} onChange={(e) => setPrefix(e.target.value)} aria-label="Command prefix" />
              </label>
            )}
          </fieldset>
        )}
        <div className="gh-dialog-actions">
          <button type="button" className="gh-button" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="gh-button gh-primary" disabled={!grant}>
            Approve for session
          </button>
        </div>
      </form>
    </Modal>
  );
}
