// The native hook client (dist/native/gatehouse-hook, in front of the Node hook as installs write it) against the
// Node hook client, `node -e 0` and a C `true`: each a real process started the same way (spawned with the event on
// stdin), the median of interleaved runs, as ratios to the C `true` of the same run. The native client's floor is a C
// program's start plus one loopback round trip; the Node hook's is Node's start. Two rows split the native figure: the
// client against a listener that answers at once ("instant answer": the client's own cost) and the difference to the
// real server ("server time": what Gatehouse's route, policy and audit add to each call).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { startInstantAnswer } from '../support/instant-answer.js';
import { startRuleDecidedGatehouse } from '../support/rule-decided.js';
import { percentile, type BenchRow, type BenchSuite } from '../types.js';

const RUNS = 41;
// dist/bench/suites → repository root.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const BIN = join(ROOT, 'bin', 'gatehouse.js');
const NATIVE = join(ROOT, 'dist', 'native', 'gatehouse-hook');

/** Runs a program with stdin; resolves with the wall time in ms and stdout. */
function timed(program: string, args: string[], stdin: string, env: NodeJS.ProcessEnv): Promise<{ ms: number; stdout: string }> {
  const start = performance.now();
  return new Promise((done, fail) => {
    const child = spawn(program, args, { env, stdio: ['pipe', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.on('error', fail);
    child.on('close', () => done({ ms: performance.now() - start, stdout }));
    child.stdin.on('error', () => {});
    child.stdin.end(stdin);
  });
}

export const suite: BenchSuite = {
  name: 'hook-native',
  async run(): Promise<BenchRow[]> {
    if (!existsSync(NATIVE)) {
      process.stderr.write('hook-native: dist/native/gatehouse-hook is not built (no C compiler): no rows\n');
      return [];
    }
    const scratch = mkdtempSync(join(tmpdir(), 'gatehouse-bench-true-'));
    const instant = await startInstantAnswer(JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } }));
    const { home, event, close } = await startRuleDecidedGatehouse('hook-native').catch(async (err: unknown) => {
      await instant.close();
      throw err;
    });
    try {
      writeFileSync(join(scratch, 'true.c'), 'int main(void) { return 0; }\n');
      const trueBin = join(scratch, 'true');
      execFileSync(process.env.CC?.trim() || 'cc', ['-O2', '-o', trueBin, join(scratch, 'true.c')]);
      const env = { ...process.env, GATEHOUSE_HOME: home };
      const sides: Array<{ name: string; run: () => Promise<{ ms: number; stdout: string }> }> = [
        { name: 'C true', run: () => timed(trueBin, [], event, env) },
        { name: 'native hook', run: () => timed(NATIVE, [process.execPath, BIN, 'hook', 'claude-code'], event, env) },
        { name: 'instant answer', run: () => timed(NATIVE, [process.execPath, BIN, 'hook', 'claude-code'], event, { ...env, GATEHOUSE_HOME: instant.home }) },
        { name: 'Node hook', run: () => timed(process.execPath, [BIN, 'hook', 'claude-code'], event, env) },
        { name: 'node -e 0', run: () => timed(process.execPath, ['-e', '0'], event, env) },
      ];
      for (const s of sides.slice(1, 4)) {
        const { stdout } = await s.run();
        if (!stdout.includes('"permissionDecision":"allow"')) throw new Error(`the ${s.name} did not answer allow: ${JSON.stringify(stdout)}`);
      }
      const times = new Map<string, number[]>(sides.map((s) => [s.name, []]));
      // Interleaved, so machine load drifts affect every side alike.
      for (let i = 0; i < RUNS; i++) for (const s of sides) times.get(s.name)!.push((await s.run()).ms);
      const median = (name: string) => percentile(times.get(name)!, 50);
      const base = median('C true');
      const native = median('native hook');
      const rows: BenchRow[] = sides.map((s) => ({ name: `${s.name} wall time (median)`, value: median(s.name), unit: 'ms' }));
      for (const s of sides.slice(1)) {
        const ratio = median(s.name) / base;
        const goal = s.name === 'native hook' ? { goal: '≤ 1.1×', met: ratio <= 1.1 } : {};
        rows.push({ name: `${s.name} / C true`, value: ratio, unit: '×', baseline: { name: 'C true', value: base, unit: 'ms' }, ...goal });
      }
      const instantMs = median('instant answer');
      rows.push({ name: 'server time (native hook − instant answer)', value: native - instantMs, unit: 'ms', baseline: { name: 'instant answer', value: instantMs, unit: 'ms' } });
      rows.push({ name: 'native hook / Node hook', value: native / median('Node hook'), unit: '×', baseline: { name: 'Node hook', value: median('Node hook'), unit: 'ms' } });
      return rows;
    } finally {
      await instant.close();
      await close();
      rmSync(scratch, { recursive: true, force: true });
    }
  },
};
