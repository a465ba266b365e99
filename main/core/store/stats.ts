// Dashboard counts over a filtered audit: decisions over time, top tools, top rules, median time to a person's decision.
import type Database from 'better-sqlite3';
import type { AuditFilter } from '../../../common/domain.js';
import type { AuditStats } from '../../../common/api.js';
import { compileFilter, sourceOf, type CompiledFilter } from './audit-filter.js';
import { groupedCountsSql } from './counts.js';

type Bucket = AuditStats['buckets'][number];
type Params = Record<string, string | number>;

const HOUR = 3_600_000;
const MAX_FILLED_BUCKETS = 2000;

// Granularity by the span shown: hours up to two days, days up to ~three months, months beyond.
const GRAINS = [
  { maxSpan: 48 * HOUR, chars: 13, start: (b: string) => `${b}:00:00.000Z`, next: (d: Date) => d.setUTCHours(d.getUTCHours() + 1) },
  { maxSpan: 92 * 24 * HOUR, chars: 10, start: (b: string) => `${b}T00:00:00.000Z`, next: (d: Date) => d.setUTCDate(d.getUTCDate() + 1) },
  { maxSpan: Number.POSITIVE_INFINITY, chars: 7, start: (b: string) => `${b}-01T00:00:00.000Z`, next: (d: Date) => d.setUTCMonth(d.getUTCMonth() + 1) },
] as const;

/** Computes the dashboard's numbers for the entries a filter selects. */
export function auditStats(db: Database.Database, filter: AuditFilter): AuditStats {
  const compiled = compileFilter(filter);
  const { from, conditions, params } = sourceOf(compiled);
  const where = (...extra: string[]) => {
    const all = [...conditions, ...extra];
    return all.length > 0 ? `WHERE ${all.join(' AND ')}` : '';
  };
  // With a filter, `+col` keeps SQLite from walking the GROUP BY column's index (probing every row for the filter);
  // it then starts from the filter's own index. Unfiltered, the column's index alone answers (a covering scan).
  const group = (col: string) => (conditions.length > 0 ? `+${col}` : col);
  const get = <T>(sql: string) => db.prepare<[Params], T>(sql).get(params);
  const all = <T>(sql: string) => db.prepare<[Params], T>(sql).all(params);

  // Two subqueries, not min() and max() in one: each alone is a single index probe when nothing else filters.
  const range = get<{ lo: string | null; hi: string | null }>(
    `SELECT (SELECT min(a.received_at) FROM ${from} ${where()}) AS lo, (SELECT max(a.received_at) FROM ${from} ${where()}) AS hi`,
  );
  const lo = typeof compiled.params.from === 'string' ? compiled.params.from : range?.lo ?? null;
  const hi = typeof compiled.params.to === 'string' ? compiled.params.to : range?.hi ?? null;
  const span = lo !== null && hi !== null ? Date.parse(hi) - Date.parse(lo) : 0;
  const grain = GRAINS.find((g) => span <= g.maxSpan) ?? GRAINS[2];

  let counted: Array<{ b: string } & Omit<Bucket, 'start'>>;
  let top_tools: Array<{ tool_name: string; count: number }>;
  let topRules: Array<{ rule_id: string; pattern: string | null; count: number }>;
  const counters = countersFor(filter, compiled);
  let median: number | null | undefined;
  if (counters !== null) {
    // Only a time range (or nothing): the hourly counters answer, plus the entries of the partial hours at its edges.
    const c = `WITH c AS (${counters.sql})`;
    const run = <T>(sql: string): T[] => db.prepare<[Params], T>(`${c} ${sql}`).all(counters.params);
    counted = run(
      `SELECT substr(hour, 1, ${grain.chars}) AS b, total(n) FILTER (WHERE outcome = 'auto_allowed') AS auto_allowed,
         total(n) FILTER (WHERE outcome = 'approved') AS approved, total(n) FILTER (WHERE outcome = 'denied') AS denied,
         total(n) FILTER (WHERE outcome = 'expired') AS expired
       FROM c WHERE kind = 'tool' GROUP BY b HAVING sum(n) > 0 ORDER BY b`,
    );
    top_tools = run(`SELECT key AS tool_name, sum(n) AS count FROM c WHERE kind = 'tool' GROUP BY key HAVING count > 0 ORDER BY count DESC, key LIMIT 10`);
    topRules = run(
      `SELECT key AS rule_id, sum(n) AS count, (SELECT pattern FROM rules r WHERE r.id = c.key) AS pattern FROM c WHERE kind = 'rule'
       GROUP BY key HAVING count > 0 ORDER BY count DESC, key LIMIT 10`,
    );
    median = medianOf(run<{ ms: number; n: number }>(`SELECT key AS ms, sum(n) AS n FROM c WHERE kind = 'latency' GROUP BY key HAVING n > 0 ORDER BY key`));
  } else {
    counted = all<{ b: string } & Omit<Bucket, 'start'>>(
      `SELECT substr(a.received_at, 1, ${grain.chars}) AS b,
         sum(a.status = 'approved' AND a.decided_by IN ('rule', 'session', 'mode', 'policy')) AS auto_allowed,
         sum(a.status = 'approved' AND a.decided_by = 'user') AS approved,
         sum(a.status = 'denied') AS denied,
         sum(a.status IN ('expired', 'cancelled')) AS expired
       FROM ${from} ${where()} GROUP BY b ORDER BY b`,
    );
    top_tools = all<{ tool_name: string; count: number }>(
      `SELECT a.tool_name AS tool_name, count(*) AS count FROM ${from} ${where()} GROUP BY ${group('a.tool_name')} ORDER BY count DESC, tool_name LIMIT 10`,
    );
    topRules = all<{ rule_id: string; pattern: string | null; count: number }>(
      `SELECT a.rule_id AS rule_id, count(*) AS count, (SELECT pattern FROM rules r WHERE r.id = a.rule_id) AS pattern
       FROM ${from} ${where('a.rule_id IS NOT NULL')} GROUP BY ${group('a.rule_id')} ORDER BY count DESC, rule_id LIMIT 10`,
    );
  }
  const buckets = fillBuckets(counted.map(({ b, ...n }) => ({ start: grain.start(b), ...n })), lo, hi, grain);
  const top_rules = topRules.map((r) => ({ rule_id: r.rule_id, pattern: r.pattern ?? '(deleted rule)', count: r.count }));

  // Time to decision means a person's decisions; automatic ones take no time worth charting. SQLite prefers the
  // decided_by index here even after ANALYZE; the partial latency index answers in order, without a sort (50x faster).
  if (median === undefined) {
    const humanFrom = compiled.match === null ? 'audit a INDEXED BY audit_user_latency' : from;
    const human = `FROM ${humanFrom} ${where("a.decided_by = 'user'", 'a.latency_ms IS NOT NULL')}`;
    const n = get<{ n: number }>(`SELECT count(*) AS n ${human}`)?.n ?? 0;
    const middle =
      n === 0 ? [] : db.prepare<[Params], number>(`SELECT a.latency_ms ${human} ORDER BY a.latency_ms LIMIT @take OFFSET @skip`).pluck().all({ ...params, take: 2 - (n % 2), skip: Math.floor((n - 1) / 2) });
    median = middle.length === 0 ? null : middle.reduce((a, b) => a + b, 0) / middle.length;
  }

  return { buckets, top_tools, top_rules, median_decision_ms: median };
}

/** The exact median of values given as (value, how many) in ascending order; null when there are none. */
function medianOf(counts: Array<{ ms: number; n: number }>): number | null {
  const total = counts.reduce((sum, c) => sum + c.n, 0);
  if (total === 0) return null;
  // The 0-based ranks of the middle value(s).
  const lo = Math.floor((total - 1) / 2);
  const hi = Math.floor(total / 2);
  let seen = 0;
  let loValue: number | null = null;
  for (const c of counts) {
    if (loValue === null && lo < seen + c.n) loValue = c.ms;
    if (hi < seen + c.n) return ((loValue ?? c.ms) + c.ms) / 2;
    seen += c.n;
  }
  return loValue;
}

const HOUR_FIELDS = new Set(['from', 'to', 'cursor', 'limit']);
const hourOf = (iso: string) => iso.slice(0, 13);
const hourStart = (hour: string) => `${hour}:00:00.000Z`;
const hourEnd = (hour: string) => `${hour}:59:59.999Z`;
const nextHour = (hour: string, step: number) => new Date(Date.parse(hourStart(hour)) + step * HOUR).toISOString().slice(0, 13);

/**
 * The counter rows (hour, tool_name, rule_id, outcome, n) for a filter of at most a time range, or null when the
 * filter needs the entries themselves: whole hours from audit_counts, the partial hours at the edges grouped from audit.
 */
function countersFor(filter: AuditFilter, compiled: CompiledFilter): { sql: string; params: Params } | null {
  for (const [key, value] of Object.entries(filter)) if (value !== undefined && !HOUR_FIELDS.has(key)) return null;
  const from = typeof compiled.params.from === 'string' ? compiled.params.from : null;
  const to = typeof compiled.params.to === 'string' ? compiled.params.to : null;
  // The first and last whole hours inside the range.
  const firstHour = from === null ? null : from === hourStart(hourOf(from)) ? hourOf(from) : nextHour(hourOf(from), 1);
  const lastHour = to === null ? null : to === hourEnd(hourOf(to)) ? hourOf(to) : nextHour(hourOf(to), -1);
  const params: Params = {};
  if (firstHour !== null && lastHour !== null && firstHour > lastHour) {
    // No whole hour inside: the range is under two hours of entries, read them.
    return { sql: groupedCountsSql('WHERE a.received_at >= @from AND a.received_at <= @to'), params: { from: from ?? '', to: to ?? '' } };
  }
  const whole: string[] = [];
  const parts: string[] = [];
  if (firstHour !== null && from !== null) {
    whole.push('hour >= @first_hour');
    params.first_hour = firstHour;
    params.from = from;
    params.first_start = hourStart(firstHour);
    parts.push(groupedCountsSql('WHERE a.received_at >= @from AND a.received_at < @first_start'));
  }
  if (lastHour !== null && to !== null) {
    whole.push('hour <= @last_hour');
    params.last_hour = lastHour;
    params.to = to;
    params.last_end = hourEnd(lastHour);
    parts.push(groupedCountsSql('WHERE a.received_at > @last_end AND a.received_at <= @to'));
  }
  const counters = `SELECT hour, kind, key, outcome, n FROM audit_counts${whole.length > 0 ? ` WHERE ${whole.join(' AND ')}` : ''}`;
  return { sql: [counters, ...parts].join(' UNION ALL '), params };
}

/** Adds zero buckets between the first and last, so a chart's time axis has no silent holes. */
function fillBuckets(buckets: Bucket[], lo: string | null, hi: string | null, grain: (typeof GRAINS)[number]): Bucket[] {
  if (lo === null || hi === null) return buckets;
  const byStart = new Map(buckets.map((b) => [b.start, b]));
  const out: Bucket[] = [];
  const cursor = new Date(grain.start(lo.slice(0, grain.chars)));
  const end = Date.parse(hi);
  while (cursor.getTime() <= end && out.length < MAX_FILLED_BUCKETS) {
    const start = cursor.toISOString();
    out.push(byStart.get(start) ?? { start, auto_allowed: 0, approved: 0, denied: 0, expired: 0 });
    grain.next(cursor);
  }
  return out.length < MAX_FILLED_BUCKETS ? out : buckets;
}
