// The young generation is emptied in the pauses between tool calls, on V8's real heap; the collector it uses stays
// hidden from every script.
import { setTimeout as sleep } from 'node:timers/promises';
import vm from 'node:vm';
import { tempDir } from '../server/helpers.js';
import { describe, expect, it } from 'vitest';
import { createCore } from '../../../main/core/core.js';
import { collectYoungGeneration, idleCollection, youngGenerationUsed, YOUNG_WORTH_COLLECTING } from '../../../main/core/broker/idle-collection.js';

// Each object is dropped as soon as the next replaces it: garbage, not survivors.
const sink: unknown[] = [];

/** Fills the young generation with at least `bytes` of garbage (short-lived objects, as a tool call leaves behind). */
function fillYoung(bytes: number): number {
  collectYoungGeneration(0);
  for (let i = 0; youngGenerationUsed() < bytes && i < 1_000_000; i++) sink[0] = { i, s: `garbage ${i}` };
  return youngGenerationUsed();
}

describe('collectYoungGeneration', () => {
  it('empties a young generation holding garbage', () => {
    const before = fillYoung(4 * YOUNG_WORTH_COLLECTING);
    expect(collectYoungGeneration()).toBe(true);
    expect(youngGenerationUsed()).toBeLessThan(before / 2);
  });

  it('leaves a nearly empty young generation alone', () => {
    collectYoungGeneration(0);
    expect(collectYoungGeneration(64 * 1024 * 1024)).toBe(false);
  });

  it('exposes no gc function to this context or to new ones', () => {
    collectYoungGeneration(0);
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe('undefined');
    expect(vm.runInNewContext('typeof gc')).toBe('undefined');
  });
});

describe('idleCollection', () => {
  it('collects once calls have paused, not while they keep coming', async () => {
    const idle = idleCollection({ quietMs: 30, maxDelayMs: 10_000 });
    try {
      const before = fillYoung(4 * YOUNG_WORTH_COLLECTING);
      idle.touched();
      await sleep(5);
      expect(youngGenerationUsed()).toBeGreaterThanOrEqual(before / 2); // still busy: nothing collected yet
      await sleep(80);
      expect(youngGenerationUsed()).toBeLessThan(before / 2);
    } finally {
      idle.stop();
      sink.length = 0;
    }
  });
});

describe('the core', () => {
  it('collects young garbage in the pause after a tool call', async () => {
    const core = await createCore({ home: tempDir('gatehouse-home-'), logger: () => {} });
    try {
      await core.submit({ tool_name: 'Bash', args: { command: 'git status' }, cwd: '/tmp' });
      const before = fillYoung(4 * YOUNG_WORTH_COLLECTING);
      await sleep(150); // the store's upkeep pause (50 ms) and then some
      expect(youngGenerationUsed()).toBeLessThan(before / 2);
    } finally {
      await core.close();
      sink.length = 0;
    }
  });
});
