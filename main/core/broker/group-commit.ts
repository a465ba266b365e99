// Group commit: audit writes made in the same event-loop turn share one SQLite transaction. Each write still
// commits before its caller goes on (every decision is on record before its answer leaves); what is shared is
// the commit's cost, which is most of a write's cost (dirty index and full-text pages written once, not per request).

/** One queued write and the caller waiting on it. */
interface Queued {
  run: () => unknown;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

/** Batches synchronous store writes into one transaction per turn; each write runs in its own savepoint. */
export class GroupCommit {
  private queue: Queued[] = [];
  private scheduled = false;

  /** `bulk` runs a function in one transaction (nested store calls become savepoints), e.g. OpenStore.bulk. */
  constructor(private readonly bulk: <T>(fn: () => T) => T) {}

  /**
   * Queues `fn` (synchronous store calls) for this turn's transaction; resolves with its result once committed,
   * rejects with its own error (only its savepoint is rolled back) or with the commit's error.
   */
  write<T>(fn: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ run: fn, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Commits everything queued now (also called on shutdown, before the store closes). */
  flush(): void {
    this.scheduled = false;
    const items = this.queue;
    this.queue = [];
    if (items.length === 0) return;
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; err: unknown }> = [];
    try {
      this.bulk(() => {
        for (const item of items) {
          try {
            // A savepoint per write: one bad request rolls back only itself.
            outcomes.push({ ok: true, value: this.bulk(item.run) });
          } catch (err) {
            outcomes.push({ ok: false, err });
          }
        }
      });
    } catch (err) {
      for (const item of items) item.reject(err);
      return;
    }
    items.forEach((item, i) => {
      const outcome = outcomes[i];
      if (outcome?.ok) item.resolve(outcome.value);
      else item.reject(outcome?.err);
    });
  }
}
