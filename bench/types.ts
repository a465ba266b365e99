// The shape every benchmark suite returns, so `npm run bench` can print one table and write one JSON file.

/** One row of the benchmark table: a measurement and, where the issue sets one, its goal. */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  /** The baseline measured in the same run, when the row is a ratio or compared against one. */
  baseline?: { name: string; value: number; unit: string };
  goal?: string;
  /** Whether the goal was met (undefined when there is no goal). */
  met?: boolean;
}

/** A benchmark suite: `bench/suites/*.ts` each export one. */
export interface BenchSuite {
  name: string;
  run(): Promise<BenchRow[]>;
}

/** Percentile of a sorted-or-not sample (nearest-rank). */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}
