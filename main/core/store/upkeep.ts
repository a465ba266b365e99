// Work no request should wait for, done once writes pause: indexing new entries for full-text search, and the WAL
// checkpoint (copying committed pages back into the database file). SQLite's automatic checkpoint runs inside whichever
// commit crosses 1,000 WAL pages — about every 80 requests, a 5–30 ms stall of that one tool call; checkpointing in the
// pauses between tool calls keeps the WAL below that. Under a steady stream there is no pause to use, and SQLite's own
// checkpoint does its work in pieces as before.

/** Quiet time after the last write before upkeep runs. */
export const UPKEEP_QUIET_MS = 50;
/**
 * Longest upkeep waits under a steady stream of writes, where it cannot wait for a pause; also how long a new entry may
 * stay unsearchable by other processes (the store's own searches index what is missing first).
 */
export const UPKEEP_MAX_DELAY_MS = 100;

/** When to run upkeep. */
export interface UpkeepTiming {
  quietMs: number;
  maxDelayMs: number;
}

/**
 * Runs `work(true)` once writes have paused for `quietMs`, or `work(false)` `maxDelayMs` after the first unkept write
 * when they have not (timers unref'd).
 */
export function upkeep(work: (paused: boolean) => void, timing: UpkeepTiming = { quietMs: UPKEEP_QUIET_MS, maxDelayMs: UPKEEP_MAX_DELAY_MS }) {
  let timer: NodeJS.Timeout | undefined;
  let first = 0;
  let last = 0;
  const arm = (ms: number): void => {
    timer = setTimeout(fire, ms);
    timer.unref();
  };
  function fire(): void {
    const now = Date.now();
    const wait = Math.min(last + timing.quietMs, first + timing.maxDelayMs) - now;
    if (wait > 0) return arm(wait);
    timer = undefined;
    work(now >= last + timing.quietMs);
  }
  return {
    /** A write happened: upkeep is due once writes pause. */
    touched(): void {
      last = Date.now();
      if (timer !== undefined) return;
      first = last;
      arm(timing.quietMs);
    },
    /** Cancels upkeep not yet run (the caller does what it needs itself, e.g. before closing). */
    stop(): void {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
