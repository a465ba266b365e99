// The History toolbar: time range, field filters and the full-text search box.
import type { DecidedBy, RequestStatus } from '../../common/domain.js';
import type { HistoryForm, TimeRange } from './filters.js';
import { formProblem, hasFilters } from './filters.js';
import { useHistoryStore } from './historyStore.js';
import { Field } from './Field.js';

const RANGES: Array<[TimeRange, string]> = [
  ['all', 'All time'], ['1h', 'Last hour'], ['24h', 'Last 24 hours'], ['7d', 'Last 7 days'], ['30d', 'Last 30 days'], ['custom', 'Custom…'],
];
const STATUSES: RequestStatus[] = ['pending', 'approved', 'denied', 'expired', 'cancelled'];
const DECIDERS: DecidedBy[] = ['rule', 'user', 'session', 'mode', 'timeout', 'policy', 'shutdown'];
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
      <Field label="Time">
        {(id) => (
          <select id={id} value={form.range} onChange={(e) => setForm({ range: e.target.value as TimeRange })}>
            {RANGES.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </select>
        )}
      </Field>
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
      <Field label="Decision">
        {(id) => (
          <select id={id} value={form.status} onChange={(e) => setForm({ status: e.target.value as HistoryForm['status'] })}>
            <option value="">Any</option>
            {STATUSES.map((s) => <option key={s} value={s}>{s}</option>)}
          </select>
        )}
      </Field>
      <Field label="Decided by">
        {(id) => (
          <select id={id} value={form.decided_by} onChange={(e) => setForm({ decided_by: e.target.value as HistoryForm['decided_by'] })}>
            <option value="">Anyone</option>
            {DECIDERS.map((d) => <option key={d} value={d}>{d}</option>)}
          </select>
        )}
      </Field>
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
