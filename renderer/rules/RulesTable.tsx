// Every rule with its scope, state, use and expiry, and the per-rule actions.
import type { Rule } from '../../common/domain.js';
import { inertText } from '../../common/inert.js';
import { formatRelative, formatTime } from '../history/format.js';
import { InertText } from '../inert/InertText.js';
import { DataTable, InertCell } from '../ui/DataTable.js';
import { expiryLabel, isExpired } from './ruleForm.js';

const COLUMNS = ['Action', 'Pattern', 'Scope', 'Enabled', 'Note', 'Created', 'Last used', 'Hits', 'Expiry'];

/** The rules table; the parent performs the actions. */
export function RulesTable(props: {
  rules: Rule[];
  now: Date;
  busyId: string | null;
  onToggle: (rule: Rule, enabled: boolean) => void;
  onEdit: (rule: Rule) => void;
  onDelete: (rule: Rule) => void;
}): React.JSX.Element {
  const { rules, now } = props;
  if (rules.length === 0) return <p className="gh-empty">No rules yet. Everything not covered by the built-in checks is asked.</p>;
  return (
    <DataTable label="Rules" columns={COLUMNS} actions="Actions">
      {rules.map((rule) => {
        // Accessible names carry the pattern too, so they get the same inert form as the visible text.
        const label = inertText(rule.pattern, { singleLine: true });
        return (
          <tr key={rule.id} data-rule-id={rule.id} className={!rule.enabled || isExpired(rule, now) ? 'gh-inactive' : undefined}>
            <td><span className={`gh-badge gh-action-${rule.action}`}>{rule.action}</span></td>
            <InertCell text={rule.pattern} className="gh-pattern" />
            <td>
              {rule.scope === null ? 'everywhere' : <InertText text={rule.scope} singleLine />}
              {rule.agent ? <>, <InertText text={`${rule.agent} only`} singleLine /></> : null}
            </td>
            <td>
              <input
                type="checkbox"
                checked={rule.enabled}
                disabled={props.busyId === rule.id}
                aria-label={`Enabled: ${label}`}
                onChange={(e) => props.onToggle(rule, e.target.checked)}
              />
            </td>
            <td>{rule.note ? <InertText text={rule.note} /> : ''}</td>
            <td className="gh-nowrap" title={rule.source === 'user' ? undefined : `from ${rule.source}`}>
              {formatTime(rule.created_at)}{rule.source !== 'user' && <span className="gh-muted"> · {rule.source}</span>}
            </td>
            <td className="gh-nowrap" title={formatTime(rule.last_used_at)}>{rule.last_used_at ? formatRelative(rule.last_used_at, now) : 'never'}</td>
            <td>{rule.hit_count}</td>
            <td className="gh-nowrap">{expiryLabel(rule, now)}</td>
            <td className="gh-nowrap">
              <button type="button" className="gh-button" aria-label={`Edit rule ${label}`} onClick={() => props.onEdit(rule)}>Edit</button>{' '}
              <button type="button" className="gh-button gh-danger" aria-label={`Delete rule ${label}`} onClick={() => props.onDelete(rule)}>Delete</button>
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
