// `gatehouse hook claude-code` wall time (a real process against a running Gatehouse, rule-decided) as a ratio to
// `node -e 0`, both measured here as the median of the same number of runs.
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { startRuleDecidedGatehouse } from '../support/rule-decided.js';
import { percentile, type BenchRow, type BenchSuite } from '../types.js';

const RUNS = 21;
// dist/bench/suites → repository root.
const BIN = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'bin', 'gatehouse.js');

/** Runs node with args and stdin; resolves with the wall time in ms and stdout. */
function timed(args: string[], stdin: string, env: NodeJS.ProcessEnv): Promise<{ ms: number; stdout: string }> {
  const start = performance.now();
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, { env, stdio: ['pipe', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.on('error', fail);
    child.on('close', () => done({ ms: performance.now() - start, stdout }));
    child.stdin.end(stdin);
  });
}

export const suite: BenchSuite = {
  name: 'hook',
  async run(): Promise<BenchRow[]> {
    const { home, event, close } = await startRuleDecidedGatehouse('hook');
    try {
      const env = { ...process.env, GATEHOUSE_HOME: home };
      const check = await timed([BIN, 'hook', 'claude-code'], event, env);
      if (!check.stdout.includes('"permissionDecision":"allow"')) throw new Error(`the hook did not answer allow: ${JSON.stringify(check.stdout)}`);
      const hook: number[] = [];
      const bare: number[] = [];
      // Interleaved, so machine load drifts affect both sides alike.
      for (let i = 0; i < RUNS; i++) {
        bare.push((await timed(['-e', '0'], '', env)).ms);
        hook.push((await timed([BIN, 'hook', 'claude-code'], event, env)).ms);
      }
      const hookMs = percentile(hook, 50);
      const bareMs = percentile(bare, 50);
      const ratio = hookMs / bareMs;
      return [
        { name: 'gatehouse hook claude-code wall time (median)', value: hookMs, unit: 'ms', baseline: { name: 'node -e 0', value: bareMs, unit: 'ms' } },
        { name: 'hook wall time ratio', value: ratio, unit: '×', baseline: { name: 'node -e 0', value: 1, unit: '×' }, goal: '≤ 1.5×', met: ratio <= 1.5 },
      ];
    } finally {
      await close();
    }
  },
};
