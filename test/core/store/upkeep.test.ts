// No tool call waits for the store's upkeep: decided requests commit without indexing them for search, and without
// SQLite checkpointing the WAL inside one of them (it does, every ~1,000 WAL pages: a 5–30 ms stall of that request);
// both happen in the pauses between writes, so other processes find the entries and the database file holds them.
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { upkeep } from '../../../main/core/store/upkeep.js';
import { approved, request, tempStore, verdict } from './fixtures.js';

let cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups) c();
  cleanups = [];
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `done` every 20 ms for up to 5 s (timers run late on a loaded machine). */
async function eventually(done: () => boolean): Promise<boolean> {
  for (let waited = 0; waited < 5000; waited += 20) {
    if (done()) return true;
    await sleep(20);
  }
  return done();
}

describe('store upkeep', () => {
  it('checkpoints in the pauses between writes, so no commit reaches the WAL size where SQLite checkpoints itself', async () => {
    const t = tempStore();
    cleanups.push(t.cleanup);
    const size = (suffix = '') => statSync(`${t.path}${suffix}`).size;
    const indexed = () => {
      const raw = new Database(t.path, { readonly: true });
      try {
        return raw.prepare("SELECT count(*) FROM audit_fts WHERE audit_fts MATCH 'terraform'").pluck().get() as number;
      } finally {
        raw.close();
      }
    };
    const before = size();
    // Bursts of tool calls, each decided and committed on its own, with the pauses an agent leaves between them.
    for (let burst = 0; burst < 12; burst++) {
      for (let i = 0; i < 20; i++) t.store.insertDecided(request({ args: { command: `terraform plan -var n=${burst}-${i}` } }), verdict('allow'), approved());
      if (burst === 0) expect(indexed()).toBe(0); // indexing waits for the pause
      await sleep(150);
    }
    // 240 entries of ~12 pages each went through a WAL that never grew to SQLite's 1,000 pages.
    expect(size('-wal')).toBeLessThan(1000 * 4096);
    expect(size()).toBeGreaterThan(before);
    expect(indexed()).toBe(240);
  });

  it('waits for writes to pause, but not longer than its limit under a steady stream', async () => {
    const runs: boolean[] = [];
    const timing = { quietMs: 100, maxDelayMs: 400 };
    const u = upkeep((paused) => runs.push(paused), timing);
    cleanups.push(() => u.stop());
    /** Writes every 10 ms for `ms`; returns the longest gap between two writes (a loaded machine may stall them). */
    const writeFor = async (ms: number): Promise<number> => {
      const start = Date.now();
      let gap = 0;
      while (Date.now() - start < ms) {
        const at = Date.now();
        u.touched();
        await sleep(10);
        gap = Math.max(gap, Date.now() - at);
      }
      return gap;
    };
    // Never quiet for 100 ms, and shorter than the limit: nothing runs (unless the machine itself paused the writes).
    const gap = await writeFor(250);
    if (gap < timing.quietMs) expect(runs).toEqual([]);
    expect(await eventually(() => runs.at(-1) === true)).toBe(true);
    // A stream longer than the limit is kept within it, while the writes go on.
    runs.length = 0;
    const longGap = await writeFor(700);
    expect(runs.length).toBeGreaterThanOrEqual(1);
    if (longGap < timing.quietMs) expect(runs[0]).toBe(false);
    u.stop();
  });
});
