// Undo's cost on the hot path: the before and after snapshots of one call (10 files changed) in a repository of
// BENCH_SNAPSHOT_FILES (default 10,000) files, against `git stash create` on the same tree in the same run.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shadowPaths, snapshot } from '../../main/core/snapshots/shadow.js';
import { percentile, type BenchRow, type BenchSuite } from '../types.js';

const FILES = Number(process.env.BENCH_SNAPSHOT_FILES ?? 10_000);
const CHANGED = 10;
const RUNS = 40;

/** A committed repository of FILES small files in folders of 100. */
function makeRepo(ws: string): void {
  for (let i = 0; i < FILES; i++) {
    const dir = join(ws, `d${Math.floor(i / 100)}`);
    if (i % 100 === 0) mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `f${i}.ts`), `export const v${i} = ${i};\n`);
  }
  const git = (...args: string[]) => execFileSync('git', ['-C', ws, '-c', 'user.name=b', '-c', 'user.email=b@b', ...args], { stdio: 'ignore' });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'bench');
}

const ms = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e6;

/** The `snapshot` rows. */
export const suite: BenchSuite = {
  name: 'snapshot',
  async run(): Promise<BenchRow[]> {
    const root = mkdtempSync(join(tmpdir(), 'gatehouse-bench-snap-'));
    try {
      const ws = join(root, 'ws');
      makeRepo(ws);
      const shadow = shadowPaths(join(root, 'home'), ws);
      await snapshot(shadow); // the first snapshot of a workspace hashes every file once
      const ours: number[] = [];
      const stash: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const t = process.hrtime.bigint();
        await snapshot(shadow);
        const before = ms(t);
        for (let k = 0; k < CHANGED; k++) {
          const i = (run * CHANGED + k * 997) % FILES;
          writeFileSync(join(ws, `d${Math.floor(i / 100)}`, `f${i}.ts`), `export const v${i} = ${run};\n`);
        }
        const t2 = process.hrtime.bigint();
        await snapshot(shadow);
        ours.push(before + ms(t2));
        const t3 = process.hrtime.bigint();
        execFileSync('git', ['-C', ws, 'stash', 'create'], { stdio: 'ignore' });
        stash.push(ms(t3));
      }
      const p50 = percentile(ours, 50);
      return [
        {
          name: `before+after snapshots of one call, ${FILES} files, ${CHANGED} changed, p50`,
          value: p50,
          unit: 'ms',
          baseline: { name: 'git stash create p50', value: percentile(stash, 50), unit: 'ms' },
          goal: '≤ 30 ms',
          met: p50 <= 30,
        },
        { name: 'before+after snapshots, p95', value: percentile(ours, 95), unit: 'ms' },
      ];
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  },
};
