// Display formatting shared by the History, Rules and Sessions views (times, durations, outcomes).
import type { DecidedBy, RequestStatus } from '../../common/domain.js';

/** A local date and time for tables ("2025-03-01 14:05:09"); '' for null, the raw text if unparsable. */
export function formatTime(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A compact time for dense lists: "14:05:09" today, "03-01 14:05" on other days (full time in the title). */
export function formatShortTime(iso: string, now: Date): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const pad = (n: number): string => String(n).padStart(2, '0');
  const sameDay = d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth() && d.getDate() === now.getDate();
  return sameDay
    ? `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
    : `${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** "in 5 min", "3 h ago": how far a time is from now, for expiries and "last used". */
export function formatRelative(iso: string, now: Date): string {
  const ms = new Date(iso).getTime() - now.getTime();
  if (Number.isNaN(ms)) return iso;
  const abs = Math.abs(ms);
  const units: Array<[number, string]> = [[86_400_000, 'd'], [3_600_000, 'h'], [60_000, 'min'], [1000, 's']];
  const [size, unit] = units.find(([u]) => abs >= u) ?? [1000, 's'];
  const n = Math.floor(abs / size);
  return ms >= 0 ? `in ${n} ${unit}` : `${n} ${unit} ago`;
}

/** A decision latency for people: "850 ms", "12.3 s", "4 min 5 s"; '' when unknown. */
export function formatDuration(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

const DECIDED_BY: Record<DecidedBy, string> = {
  rule: 'a rule',
  user: 'you',
  session: 'a session approval',
  mode: 'the mode',
  timeout: 'timeout',
  shutdown: 'shutdown',
  policy: 'a built-in check',
  agent: 'the agent (it stopped waiting)',
};

/** Who made a decision, in words ("a rule", "you"). */
export function decidedByLabel(by: DecidedBy | null): string {
  return by ? DECIDED_BY[by] : '';
}

/** The outcome as the dashboard counts it: an approval nobody had to give is "auto-allowed". */
export function outcomeLabel(status: RequestStatus, by: DecidedBy | null): string {
  if (status === 'approved' && by !== null && by !== 'user') return 'auto-allowed';
  return status;
}
