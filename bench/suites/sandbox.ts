// Row `sandbox`: the wall time a contained `true` adds over a bare `true` (p50 of interleaved runs, both through bash),
// the wrap a contained call costs on the decision path, and the sandbox-runtime CLI (`srt true`) measured in the same run.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { ContainmentHost } from '../../main/core/sandbox/host.js';
import { homeSecretPaths, workspaceSecretGlobs } from '../../main/core/sandbox/secret-paths.js';
import { percentile, type BenchRow, type BenchSuite } from '../types.js';

const RUNS = 21;
// dist/bench/suites → repository root.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const SRT = join(ROOT, 'node_modules', '@anthropic-ai', 'sandbox-runtime', 'dist', 'cli.js');

/** Wall time of one command, started asynchronously (a wrapped command must never be run with spawnSync). */
function timed(file: string, args: string[], cwd: string): Promise<number> {
  const start = performance.now();
  return new Promise((done, fail) => {
    const child = spawn(file, args, { cwd, stdio: 'ignore' });
    child.on('error', fail);
    child.on('close', () => done(performance.now() - start));
  });
}

export const suite: BenchSuite = {
  name: 'sandbox',
  async run(): Promise<BenchRow[]> {
    const host = new ContainmentHost();
    const state = await host.start(async () => false);
    if (!state.ready) return [{ name: `sandbox cannot start: ${state.why}`, value: Number.NaN, unit: 'ms' }];
    const ws = mkdtempSync(join(tmpdir(), 'gh-bench-sandbox-'));
    execFileSync('git', ['init', '-q', ws]);
    try {
      const profile = { writable: [ws, tmpdir()], unwritable: [], unreadable: [...workspaceSecretGlobs(ws), ...homeSecretPaths(process.env.HOME ?? '/root')], hosts: [] };
      await host.wrap('true', profile, 'bench-template'); // the template, once per profile
      const wraps: number[] = [];
      const contained: number[] = [];
      const bare: number[] = [];
      const srt: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        const wrapped = await host.wrap('true', profile, `bench-${i}`);
        wraps.push(performance.now() - t);
        contained.push(await timed('bash', ['-c', wrapped], ws));
        bare.push(await timed('bash', ['-c', 'true'], ws));
        if (i % 4 === 0) srt.push(await timed(process.execPath, [SRT, 'true'], ws));
      }
      const added = percentile(contained, 50) - percentile(bare, 50);
      return [
        { name: 'contained `true`, added wall time p50', value: added, unit: 'ms', baseline: { name: 'bare true p50', value: percentile(bare, 50), unit: 'ms' }, goal: '≤ 50 ms', met: added <= 50 },
        { name: 'wrap on the decision path p50 (template reused)', value: percentile(wraps, 50), unit: 'ms' },
        { name: 'srt CLI `true` p50 (starts Node and its proxies)', value: percentile(srt, 50), unit: 'ms' },
      ];
    } finally {
      rmSync(ws, { recursive: true, force: true });
    }
  },
};
