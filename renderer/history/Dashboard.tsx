// The History dashboard: decisions over time, top tools, top rules and median time to decision.
import { lazy, Suspense, useMemo } from 'react';
import { inertText } from '../../common/inert.js';
import { decisionsData, describeRanking, OUTCOMES, outcomeTotals, type StackedData } from './chartData.js';
import { formatDuration } from './format.js';
import { useHistoryStore } from './historyStore.js';

// chart.js loads with the first dashboard, not with the app: the queue must paint fast.
const BarChart = lazy(async () => ({ default: (await import('./BarChart.js')).BarChart }));

function ranking(items: Array<{ label: string; count: number }>, label: string, color: string): StackedData {
  return { labels: items.map((i) => i.label), datasets: [{ label, data: items.map((i) => i.count), backgroundColor: color }] };
}

/** Charts of the audit under the current filters, from `auditStats`. */
export function Dashboard(): React.JSX.Element {
  const stats = useHistoryStore((s) => s.stats);
  const error = useHistoryStore((s) => s.statsError);

  const view = useMemo(() => {
    if (!stats) return null;
    // Chart labels are drawn on a canvas, so they go through the same inert rendering as the rest of the page.
    const tools = stats.top_tools.map((t) => ({ label: inertText(t.tool_name), count: t.count }));
    const rules = stats.top_rules.map((r) => ({ label: inertText(r.pattern), count: r.count }));
    const totals = outcomeTotals(stats);
    return {
      totals,
      decisions: decisionsData(stats),
      decisionsLabel: `Decisions over time: ${OUTCOMES.map((o) => `${totals[o.key]} ${o.label.toLowerCase()}`).join(', ')}`,
      tools: ranking(tools, 'Requests', '#3a6ea5'),
      toolsLabel: `Top tools: ${describeRanking(tools)}`,
      rules: ranking(rules, 'Decisions', '#2a9d8f'),
      rulesLabel: `Top rules: ${describeRanking(rules)}`,
    };
  }, [stats]);

  return (
    <details className="gh-dashboard" open>
      <summary>Dashboard</summary>
      {error && <p className="gh-error" role="alert">{error}</p>}
      {view && stats && (
        <Suspense fallback={<p role="status">Loading charts…</p>}>
          <div className="gh-dashboard-grid">
            <figure className="gh-tile">
              <figcaption>Decisions over time</figcaption>
              <BarChart data={view.decisions} label={view.decisionsLabel} stacked height={150} />
            </figure>
            <figure className="gh-tile">
              <figcaption>Top tools</figcaption>
              {stats.top_tools.length === 0 ? (
                <p className="gh-muted gh-empty-chart">No requests in this period.</p>
              ) : (
                <BarChart data={view.tools} label={view.toolsLabel} horizontal height={150} />
              )}
            </figure>
            <figure className="gh-tile">
              <figcaption>Top rules</figcaption>
              {stats.top_rules.length === 0 ? (
                <p className="gh-muted gh-empty-chart">No request was decided by a rule in this period.</p>
              ) : (
                <BarChart data={view.rules} label={view.rulesLabel} horizontal height={150} />
              )}
            </figure>
            <div className="gh-tile gh-stat" role="group" aria-label="Median time to decision">
              <span className="gh-stat-label">Median time to decision</span>
              <span className="gh-stat-value">{stats.median_decision_ms === null ? '—' : formatDuration(stats.median_decision_ms)}</span>
              <ul className="gh-totals">
                {OUTCOMES.map((o) => (
                  <li key={o.key}><span className="gh-swatch" style={{ background: o.color }} aria-hidden="true" />{o.label}: {view.totals[o.key]}</li>
                ))}
              </ul>
            </div>
          </div>
        </Suspense>
      )}
    </details>
  );
}
