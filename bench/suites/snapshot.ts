// Undo's cost on the hot path: the before and after snapshots of one call (10 files changed) in a repository of
// BENCH_SNAPSHOT_FILES (default 10,000) files, as a warm server takes them (its engine in memory, its folder watch
// running), against `git stash create` on the same tree in the same run; beside them the git-only snapshot it
// replaced and the first snapshot after a server restart (the whole workspace walked, nothing hashed again).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeEngines, forgetShadow } from '../../main/core/snapshots/fast/engine.js';
import { gitSnapshot, shadowPaths, snapshot } from '../../main/core/snapshots/shadow.js';
import { percentile, type BenchRow, type BenchSuite } from '../types.js';

const FILES = Number(process.env.BENCH_SNAPSHOT_FILES ?? 10_000);
const CHANGED = 10;
const RUNS = 40;
const SLOW_RUNS = 5;

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

/** The pause between two tool calls (an agent's model turn lasts seconds; this is a fraction of one). */
const agentTurn = () => new Promise((r) => setTimeout(r, 300));

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
      const edit = (run: number) => {
        for (let k = 0; k < CHANGED; k++) {
          const i = (run * CHANGED + k * 997) % FILES;
          writeFileSync(join(ws, `d${Math.floor(i / 100)}`, `f${i}.ts`), `export const v${i} = ${run};\n`);
        }
      };
      /** One call's before-snapshot, its ten edits, its after-snapshot: the snapshots' time. */
      const call = async (run: number, take: () => Promise<string>) => {
        const t = process.hrtime.bigint();
        await take();
        const before = ms(t);
        edit(run);
        const t2 = process.hrtime.bigint();
        await take();
        return before + ms(t2);
      };
      const ours: number[] = [];
      const stash: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        ours.push(await call(run, () => snapshot(shadow)));
        const t3 = process.hrtime.bigint();
        execFileSync('git', ['-C', ws, 'stash', 'create'], { stdio: 'ignore' });
        stash.push(ms(t3));
        await agentTurn(); // the agent's model turn between two calls: the server writes what the snapshots named
      }
      const restart: number[] = [];
      const gitOnly: number[] = [];
      for (let run = RUNS; run < RUNS + SLOW_RUNS; run++) {
        forgetShadow(shadow.gitDir);
        const t = process.hrtime.bigint();
        await snapshot(shadow);
        restart.push(ms(t));
        gitOnly.push(await call(run, () => gitSnapshot(shadow)));
        await agentTurn();
      }
      const p50 = percentile(ours, 50);
      const stashP50 = percentile(stash, 50);
      const stashRow = { name: 'git stash create p50', value: stashP50, unit: 'ms' };
      return [
        {
          name: `before+after snapshots of one call, ${FILES} files, ${CHANGED} changed, warm server, p50`,
          value: p50,
          unit: 'ms',
          baseline: stashRow,
          goal: '≤ 30 ms',
          met: p50 <= 30,
        },
        { name: 'before+after snapshots, p95', value: percentile(ours, 95), unit: 'ms' },
        { name: 'before+after snapshots / git stash create, p50s', value: p50 / stashP50, unit: '×', baseline: stashRow },
        { name: 'the git-only snapshots they replace (git add -A, write-tree), before+after p50', value: percentile(gitOnly, 50), unit: 'ms', baseline: stashRow },
        { name: 'first snapshot after a server restart (index read, whole workspace walked), p50', value: percentile(restart, 50), unit: 'ms' },
      ];
    } finally {
      closeEngines(join(root, 'home', 'snapshots'));
      rmSync(root, { recursive: true, force: true });
    }
  },
};
