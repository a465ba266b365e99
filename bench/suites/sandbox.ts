// Row `sandbox`: the wall time a contained `true` adds over a bare `true` (p50 of interleaved runs, all through bash),
// against the library's own wrap of the same profile (which starts its relays inside every command), the wrap a contained
// call costs on the decision path, and the sandbox-runtime CLI (`srt true`) and `codex sandbox true` in the same run.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { SandboxManager } from '@anthropic-ai/sandbox-runtime';
import { ContainmentHost } from '../../main/core/sandbox/host.js';
import { homeSecretPaths, workspaceSecretGlobs } from '../../main/core/sandbox/secret-paths.js';
import { percentile, type BenchRow, type BenchSuite } from '../types.js';

const RUNS = 21;
// dist/bench/suites → repository root.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const SRT = join(ROOT, 'node_modules', '@anthropic-ai', 'sandbox-runtime', 'dist', 'cli.js');
/** Codex's own binary as the real-agent suite installs it (its Node launcher would add a Node start). */
const CODEX = join(homedir(), '.cache', 'gatehouse-agents', 'v1', 'node_modules', '@openai', `codex-linux-${process.arch}`, 'vendor', `${process.arch === 'arm64' ? 'aarch64' : 'x86_64'}-unknown-linux-musl`, 'bin', 'codex');

/** Wall time of `command` run through bash, started asynchronously (a wrapped command must never be run with spawnSync). */
function timed(command: string, cwd: string): Promise<number> {
  const start = performance.now();
  return new Promise((done, fail) => {
    const child = spawn('bash', ['-c', command], { cwd, stdio: 'ignore' });
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
      // The library's own form of the same profile: bwrap with a network of its own, two relays started and awaited inside.
      const own = await SandboxManager.wrapWithSandbox('true', undefined, { filesystem: { denyRead: profile.unreadable, allowWrite: profile.writable, denyWrite: [] }, network: { allowedDomains: [], deniedDomains: [] } });
      const codex = existsSync(CODEX);
      const wraps: number[] = [];
      const runs = { contained: [] as number[], library: [] as number[], bare: [] as number[], srt: [] as number[], codex: [] as number[] };
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        const wrapped = await host.wrap('true', profile, `bench-${i}`);
        wraps.push(performance.now() - t);
        runs.contained.push(await timed(wrapped, ws));
        runs.library.push(await timed(own, ws));
        runs.bare.push(await timed('true', ws));
        if (i % 4 === 0) runs.srt.push(await timed(`${process.execPath} ${SRT} true`, ws));
        if (i % 4 === 0 && codex) runs.codex.push(await timed(`${CODEX} sandbox true`, ws));
      }
      const bare = percentile(runs.bare, 50);
      const added = (r: number[]): number => percentile(r, 50) - bare;
      const [ours, library] = [added(runs.contained), added(runs.library)];
      const baseline = { name: 'bare true p50', value: bare, unit: 'ms' };
      return [
        { name: 'contained `true`, added wall time p50', value: ours, unit: 'ms', baseline, goal: '≤ 50 ms', met: ours <= 50 },
        { name: 'library’s own wrap of the same profile (relays per command), added wall time p50', value: library, unit: 'ms', baseline },
        { name: 'contained added / library’s own wrap added', value: ours / library, unit: '×' },
        { name: 'wrap on the decision path p50 (template reused)', value: percentile(wraps, 50), unit: 'ms' },
        { name: 'srt CLI `true`, added wall time p50 (starts Node and its proxies)', value: added(runs.srt), unit: 'ms', baseline },
        codex
          ? { name: '`codex sandbox true`, added wall time p50', value: added(runs.codex), unit: 'ms', baseline }
          : { name: '`codex sandbox true`: codex not installed (npm run test:agents installs it)', value: Number.NaN, unit: 'ms' },
      ];
    } finally {
      rmSync(ws, { recursive: true, force: true });
      await host.stop(); // its proxies would keep `npm run bench` from exiting
    }
  },
};
