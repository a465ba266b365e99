// A core with the OS sandbox hosted in this process, on a fixture workspace with a throwaway HOME and temp folder: what
// the tests of contained runs share (the sandbox's proxies live in this process, so commands run asynchronously).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { createCore, type Core } from '../../../main/core/core.js';
import { ContainmentHost } from '../../../main/core/sandbox/host.js';
import { networkQuestion } from '../../../main/core/sandbox/network-question.js';
import { type Fixture, makeFixture } from '../policy/fixture.js';

/** The fixture, its core, and how to put HOME and TMPDIR back and remove it all. */
export interface ContainedCore {
  fx: Fixture;
  core: Core;
  close(): Promise<void>;
}

/** Starts a core whose sandbox is running (asserted ready); `prepare` runs on the fixture before the core starts. */
export async function startContainedCore(prepare: (fx: Fixture) => void = () => {}): Promise<ContainedCore> {
  const saved = { HOME: process.env.HOME, TMPDIR: process.env.TMPDIR };
  const fx = makeFixture();
  mkdirSync(path.join(fx.root, 'tmp'));
  // The temp folder a contained command may write, and the home it may not, kept apart (both live in /tmp here).
  process.env.TMPDIR = path.join(fx.root, 'tmp');
  process.env.HOME = fx.home;
  prepare(fx);
  const containment = new ContainmentHost();
  const core = await createCore({ home: fx.gatehouseHome, containment, logger: () => {} });
  expect(await containment.start(networkQuestion(() => core), (id, refusal) => core.refused(id, refusal))).toEqual({ ready: true });
  return {
    fx,
    core,
    async close() {
      await core.close();
      process.env.HOME = saved.HOME;
      if (saved.TMPDIR === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved.TMPDIR;
      fx.cleanup();
    },
  };
}
