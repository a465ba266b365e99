// One workspace, one snapshot or undo at a time: git's index lock and a consistent before/after need it.

/** Runs tasks per key in order; different keys run side by side. */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();
  /** Per key: the shared task at the tail of its queue that has not started yet, and what it shares. */
  private readonly waiting = new Map<string, { share: string; result: Promise<unknown> }>();

  /** Runs `task` after every earlier task of `key` has ended (whether it failed or not). */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    this.waiting.delete(key); // a shared task queued before this one would no longer run where its joiners expect
    const prev = this.tails.get(key) ?? Promise.resolve();
    const next = prev.then(task, task);
    const tail = next.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }

  /**
   * As `run`, but a caller finding the same `share` of `key` queued last and not started yet gets that task's result
   * instead of queueing its own: one snapshot of the workspace "now" serves every request that asked for it while the
   * one before it ran. It starts after the call, as the caller's own would have, with nothing queued in between.
   */
  runShared<T>(key: string, share: string, task: () => Promise<T>): Promise<T> {
    const queued = this.waiting.get(key);
    if (queued !== undefined && queued.share === share) return queued.result as Promise<T>;
    const entry: { share: string; result: Promise<unknown> } = { share, result: Promise.resolve() };
    entry.result = this.run(key, () => {
      if (this.waiting.get(key) === entry) this.waiting.delete(key);
      return task();
    });
    this.waiting.set(key, entry);
    return entry.result as Promise<T>;
  }
}
