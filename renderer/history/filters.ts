// The History filter form and its translation into an AuditFilter the API understands.
import type { AuditFilter, DecidedBy, RequestStatus } from '../../common/domain.js';

/** Time ranges offered in the History toolbar; "custom" uses the from/to inputs. */
export type TimeRange = 'all' | '1h' | '24h' | '7d' | '30d' | 'custom';

/** The History filter form exactly as the inputs hold it (strings, '' = no filter). */
export interface HistoryForm {
  range: TimeRange;
  /** `datetime-local` values, only read when range is "custom". */
  from: string;
  to: string;
  agent: string;
  session_id: string;
  cwd: string;
  tool_name: string;
  status: '' | RequestStatus;
  decided_by: '' | DecidedBy;
  rule_id: string;
  q: string;
}

/** A form with no filter set: the whole audit log. */
export const EMPTY_FORM: HistoryForm = {
  range: 'all', from: '', to: '', agent: '', session_id: '', cwd: '', tool_name: '',
  status: '', decided_by: '', rule_id: '', q: '',
};

const RANGE_MS: Record<Exclude<TimeRange, 'all' | 'custom'>, number> = {
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
};

/** Converts a `datetime-local` value (local wall time) to ISO-8601 UTC, or null when empty or invalid. */
export function localInputToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Converts an ISO time to the `datetime-local` input format in local wall time (minute precision). */
export function isoToLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Builds the API filter from the form: trims text, drops empty fields, resolves the time range against `now`. */
export function toAuditFilter(form: HistoryForm, now: Date): AuditFilter {
  const filter: AuditFilter = {};
  if (form.range === 'custom') {
    const from = localInputToIso(form.from);
    const to = localInputToIso(form.to);
    if (from) filter.from = from;
    if (to) filter.to = to;
  } else if (form.range !== 'all') {
    filter.from = new Date(now.getTime() - RANGE_MS[form.range]).toISOString();
  }
  const text = ['agent', 'session_id', 'cwd', 'tool_name', 'rule_id', 'q'] as const;
  for (const key of text) {
    const value = form[key].trim();
    if (value) filter[key] = value;
  }
  if (form.status) filter.status = form.status;
  if (form.decided_by) filter.decided_by = form.decided_by;
  return filter;
}

/** A one-line problem with the form the user can fix, or null (e.g. a custom range that ends before it starts). */
export function formProblem(form: HistoryForm): string | null {
  if (form.range !== 'custom') return null;
  if (form.from && !localInputToIso(form.from)) return 'The "from" time is not a valid date.';
  if (form.to && !localInputToIso(form.to)) return 'The "to" time is not a valid date.';
  const from = localInputToIso(form.from);
  const to = localInputToIso(form.to);
  if (from && to && from > to) return 'The "from" time is after the "to" time.';
  return null;
}

/** True when the form differs from the empty one (to offer "Clear filters"). */
export function hasFilters(form: HistoryForm): boolean {
  return (Object.keys(EMPTY_FORM) as Array<keyof HistoryForm>).some((key) => form[key] !== EMPTY_FORM[key]);
}
