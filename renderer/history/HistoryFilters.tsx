// The History toolbar: time range, field filters and the full-text search box.
import type { DecidedBy, RequestStatus } from '../../common/domain.js';
import type { HistoryForm, TimeRange } from './filters.js';
import { formProblem, hasFilters } from './filters.js';
import { useHistoryStore } from './historyStore.js';
import { Field, SelectField } from './Field.js';

const RANGES: Array<[TimeRange, string]> = [
  ['all', 'All time'], ['1h', 'Last hour'], ['24h', 'Last 24 hours'], ['7d', 'Last 7 days'], ['30d', 'Last 30 days'], ['custom', 'Custom…'],
];
const STATUSES: RequestStatus[] = ['pending', 'approved', 'denied', 'expired', 'cancelled'];
const DECIDERS: DecidedBy[] = ['rule', 'user', 'session', 'mode', 'timeout', 'policy', 'shutdown'];
const STATUS_OPTIONS: Array<[HistoryForm['status'], string]> = [['', 'Any'], ...STATUSES.map((s): [RequestStatus, string] => [s, s])];
const DECIDER_OPTIONS: Array<[HistoryForm['decided_by'], string]> = [['', 'Anyone'], ...DECIDERS.map((d): [DecidedBy, string] => [d, d])];
const TEXT_FIELDS: Array<[keyof HistoryForm, string, string]> = [
  ['agent', 'Agent', 'claude-code'],
  ['session_id', 'Session', 'session id'],
  ['cwd', 'Workspace', '/path/to/project'],
  ['tool_name', 'Tool', 'Bash'],
  ['rule_id', 'Rule id', 'rule id'],
];

/** Filter inputs bound to the History store; the view turns them into queries. */
export function HistoryFilters(): React.JSX.Element {
  const form = useHistoryStore((s) => s.form);
  const setForm = useHistoryStore((s) => s.setForm);
  const clearForm = useHistoryStore((s) => s.clearForm);
  const problem = formProblem(form);

  return (
    <form className="gh-filters" role="search" aria-label="Filter history" onSubmit={(e) => e.preventDefault()}>
      <Field label="Search" className="gh-field-wide">
        {(id) => (
          <input
            id={id}
            type="search"
            value={form.q}
            placeholder="command, path, tool, reason…"
            onChange={(e) => setForm({ q: e.target.value })}
          />
        )}
      </Field>
      <SelectField label="Time" value={form.range} options={RANGES} onChange={(range) => setForm({ range })} />
      {form.range === 'custom' && (
        <>
          <Field label="From">
            {(id) => (
              <input id={id} type="datetime-local" value={form.from} onChange={(e) => setForm({ from: e.target.value })} />
            )}
          </Field>
          <Field label="To">
            {(id) => (
              <input id={id} type="datetime-local" value={form.to} onChange={(e) => setForm({ to: e.target.value })} />
            )}
          </Field>
        </>
      )}
      <SelectField label="Decision" value={form.status} options={STATUS_OPTIONS} onChange={(status) => setForm({ status })} />
      <SelectField label="Decided by" value={form.decided_by} options={DECIDER_OPTIONS} onChange={(decided_by) => setForm({ decided_by })} />
      {TEXT_FIELDS.map(([key, label, placeholder]) => (
        <Field key={key} label={label}>
          {(id) => (
            <input id={id} type="text" value={form[key]} placeholder={placeholder} onChange={(e) => setForm({ [key]: e.target.value })} />
          )}
        </Field>
      ))}
      {hasFilters(form) && (
        <button type="button" className="gh-button" onClick={clearForm}>Clear filters</button>
      )}
      {problem && <p className="gh-error" role="alert">{problem}</p>}
    </form>
  );
}
