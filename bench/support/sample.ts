// Timing samples for the benchmark suites: warm up first, then time each call on the monotonic clock.

/**
 * Times `n` calls of `fn` after `warmup` untimed ones (JIT, caches); each sample in microseconds. `pause`, when given,
 * runs untimed before each timed call: what the server does between tool calls.
 */
export function sampleMicros(n: number, fn: () => unknown, warmup = Math.min(200, n), pause?: () => void): number[] {
  for (let i = 0; i < warmup; i++) fn();
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    pause?.();
    const t = process.hrtime.bigint();
    fn();
    out.push(Number(process.hrtime.bigint() - t) / 1000);
  }
  return out;
}

/** Times `n` awaited calls of `fn` after `warmup` untimed ones; each sample in milliseconds. */
export async function sampleMillisAsync(n: number, fn: () => Promise<unknown>, warmup = 5): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    await fn();
    out.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return out;
}
