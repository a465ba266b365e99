// Snapshots asked for together are taken once (KeyedQueue.runShared); that each call still undoes only its own change
// on a real repository is in undo.test.ts.
import { describe, expect, it } from 'vitest';
import { KeyedQueue } from '../../../main/core/snapshots/queue.js';

describe('KeyedQueue.runShared', () => {
  it('joins a task of the same share queued last and not started; one that runs, or another task after it, starts a new one', async () => {
    const q = new KeyedQueue();
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const task = (wait?: Promise<void>) => async () => {
      const n = ++runs;
      if (wait) await wait;
      return n;
    };
    const first = q.runShared('ws', '[]', task(gate));
    await new Promise((r) => setImmediate(r)); // the first has started: later callers join the next one
    const second = q.runShared('ws', '[]', task());
    const third = q.runShared('ws', '[]', task());
    const otherShare = q.runShared('ws', '["/ws/f"]', task());
    const afterOther = q.runShared('ws', '[]', task());
    const plain = q.run('ws', task());
    const afterPlain = q.runShared('ws', '[]', task());
    release();
    expect(await Promise.all([first, second, third, otherShare, afterOther, plain, afterPlain])).toEqual([1, 2, 2, 3, 4, 5, 6]);
    expect(runs).toBe(6);
  });

  it('a failed shared task fails every request that joined it, and the next one runs afresh', async () => {
    const q = new KeyedQueue();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const running = q.run('ws', () => gate);
    const a = q.runShared('ws', '[]', () => Promise.reject(new Error('no snapshot')));
    const b = q.runShared('ws', '[]', () => Promise.resolve('not run'));
    release();
    await running;
    await expect(a).rejects.toThrow('no snapshot');
    await expect(b).rejects.toThrow('no snapshot');
    expect(await q.runShared('ws', '[]', () => Promise.resolve('fresh'))).toBe('fresh');
  });
});
