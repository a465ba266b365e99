// Pure shaping of AuditStats into chart.js data, kept apart from the canvas so it can be tested.
import type { AuditStats } from '../../common/api.js';

/** The four outcomes stacked in the "decisions over time" chart, in stacking order. */
export const OUTCOMES = [
  { key: 'auto_allowed', label: 'Auto-allowed', color: '#2a9d8f' },
  { key: 'approved', label: 'Approved', color: '#3a6ea5' },
  { key: 'denied', label: 'Denied', color: '#c0392b' },
  { key: 'expired', label: 'Expired', color: '#8d8d8d' },
] as const;

/** Labels and datasets for a stacked bar chart. */
export interface StackedData {
  labels: string[];
  datasets: Array<{ label: string; data: number[]; backgroundColor: string }>;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * Labels for bucket starts. The store buckets by UTC hour, day or month: hours are shown in local time,
 * days and months by their UTC date (a local date would shift a day's bucket to the day before, west of UTC).
 */
export function bucketLabels(starts: string[]): string[] {
  const times = starts.map((s) => new Date(s));
  const first = times[0]?.getTime() ?? 0;
  const last = times[times.length - 1]?.getTime() ?? 0;
  const step = times.length > 1 ? (times[1]?.getTime() ?? 0) - first : 86_400_000;
  return times.map((d) => {
    const utcDate = `${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
    if (step >= 28 * 86_400_000) return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
    if (step >= 86_400_000) return utcDate;
    const hm = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
    return last - first < 86_400_000 ? hm : `${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${hm}`;
  });
}

/** The stacked "decisions over time" data. */
export function decisionsData(stats: AuditStats): StackedData {
  return {
    labels: bucketLabels(stats.buckets.map((b) => b.start)),
    datasets: OUTCOMES.map((o) => ({
      label: o.label,
      data: stats.buckets.map((b) => b[o.key]),
      backgroundColor: o.color,
    })),
  };
}

/** Totals per outcome over all buckets, for the summary line and the chart's accessible name. */
export function outcomeTotals(stats: AuditStats): Record<(typeof OUTCOMES)[number]['key'], number> {
  const totals = { auto_allowed: 0, approved: 0, denied: 0, expired: 0 };
  for (const b of stats.buckets) {
    for (const o of OUTCOMES) totals[o.key] += b[o.key];
  }
  return totals;
}

/** A sentence describing a ranking ("Bash 12, Read 4"), used as the chart's accessible name. */
export function describeRanking(items: Array<{ label: string; count: number }>): string {
  return items.length ? items.map((i) => `${i.label} ${i.count}`).join(', ') : 'none';
}
