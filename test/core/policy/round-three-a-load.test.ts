// Red team, round ten (issue 24 §14): a verdict must not depend on the machine's load. A git that answers slowly (as
// under load) gives the same verdict as a fast one; before, a 5 s timeout turned the probe's answer into "unknown" and
// an allowed read into a question.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bash, setUp, tearDown, why } from './closed-world-harness.js';

beforeAll(setUp);
afterAll(tearDown);

/** Seconds the slow git waits before it runs: a little longer than the old timeout (5 s). */
const SLOW_SECONDS = 5.5;

describe('a slow git gives the verdict a fast one gives', () => {
  let bin = '';
  const path0 = process.env.PATH;

  beforeAll(() => {
    const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    bin = mkdtempSync(path.join(tmpdir(), 'gh-slow-git-'));
    writeFileSync(path.join(bin, 'git'), `#!/bin/sh\nsleep ${SLOW_SECONDS}\nexec ${JSON.stringify(real)} "$@"\n`);
    chmodSync(path.join(bin, 'git'), 0o755);
  });

  afterAll(() => {
    process.env.PATH = path0;
    rmSync(bin, { recursive: true, force: true });
  });

  it.each([['cat src/app.ts'], ['cat .env']])('%j', async (command) => {
    process.env.PATH = path0;
    const fast = await bash(command);
    process.env.PATH = `${bin}${path.delimiter}${path0 ?? ''}`;
    const slow = await bash(command);
    process.env.PATH = path0;
    expect(slow.decision, why(slow)).toBe(fast.decision);
    expect(slow.reasons).toEqual(fast.reasons);
  }, 60_000);
});
