// A chart.js bar chart in a canvas, registering only the parts it uses so the bundle stays small.
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';
import type { StackedData } from './chartData.js';

// Tree-shaken registration: chart.js/auto would pull every controller, scale and plugin.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/** A bar chart; `stacked` stacks the datasets, `horizontal` lays bars out as a ranking. `label` is its accessible name. */
export function BarChart(props: { data: StackedData; label: string; stacked?: boolean; horizontal?: boolean; height: number }): React.JSX.Element {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'bar'> | null>(null);
  const { data, stacked = false, horizontal = false } = props;

  useEffect(() => {
    if (!canvas.current) return;
    chart.current = new Chart(canvas.current, {
      type: 'bar',
      data: { labels: [], datasets: [] },
      options: {
        // No animation: the dashboard refreshes on every decision and should not flicker.
        animation: false,
        maintainAspectRatio: false,
        indexAxis: horizontal ? 'y' : 'x',
        scales: {
          x: { stacked, beginAtZero: true, ticks: { precision: 0 } },
          y: { stacked, beginAtZero: true, ticks: { precision: 0 } },
        },
        plugins: { legend: { display: stacked, position: 'bottom', labels: { boxWidth: 12, padding: 8 } } },
      },
    });
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, [stacked, horizontal]);

  useEffect(() => {
    if (!chart.current) return;
    chart.current.data = { labels: data.labels, datasets: data.datasets };
    chart.current.update();
  }, [data, stacked, horizontal]);

  return (
    <div className="gh-chart" style={{ height: props.height }}>
      <canvas ref={canvas} role="img" aria-label={props.label} />
    </div>
  );
}
