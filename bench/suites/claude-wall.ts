// The real Claude Code (the pinned version the agent suite caches), headless (`claude -p`) against the scripted
// Anthropic model, making one tool call a rule allows: with Gatehouse's installed hook (the native client, B) against
// Claude Code's own `--allowedTools` and no hook (A). Interleaved pairs in one run, the order flipped every other pair
// so neither side always runs on a warmer machine; the figure is the median of the pairs' B/A and of their differences.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { anthropic } from '../../test/agents/model/anthropic.js';
import { startModel, type ScriptedModel } from '../../test/agents/model/server.js';
import { agentBin, cleanEnv, runAgent } from '../../test/agents/support/agents.js';
import { startRuleDecidedGatehouse } from '../support/rule-decided.js';
import { percentile, type BenchRow, type BenchSuite } from '../types.js';

// Each run's wall time swings by ±100 ms here while the hooks add about 15 ms: many pairs, judged pair by pair.
const PAIRS = 16;
// A command Claude Code's -p runs only when allowed (by its flag or the hook): the file it makes proves the allow.
const MADE = 'gatehouse-bench.txt';
const COMMAND = `touch ${MADE}`;
// dist/bench/suites → repository root.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const BIN = join(ROOT, 'bin', 'gatehouse.js');

/** One side: Claude Code's HOME and the flags of its run. */
interface Side {
  name: string;
  home: string;
  args: string[];
}

/** Runs Claude Code once with the scripted call; the wall time, after checking the command ran and nothing was denied. */
async function timedRun(claude: string, side: Side, ws: string, model: ScriptedModel, env: NodeJS.ProcessEnv): Promise<number> {
  model.script({ name: 'Bash', input: { command: COMMAND, description: 'as asked' } });
  rmSync(join(ws, MADE), { force: true });
  const start = performance.now();
  const r = await runAgent(claude, ['-p', 'do the task', '--output-format', 'json', ...side.args], { cwd: ws, env: { ...env, HOME: side.home } });
  const ms = performance.now() - start;
  const ran = existsSync(join(ws, MADE));
  const denials = (JSON.parse(r.stdout || '{}') as { permission_denials?: unknown[] }).permission_denials ?? [];
  if (r.code !== 0 || !ran || denials.length > 0) throw new Error(`claude-wall: the ${side.name} run did not run the allowed call (exit ${r.code}):\n${r.stdout}\n${r.stderr}`);
  return ms;
}

export const suite: BenchSuite = {
  name: 'claude-wall',
  async run(): Promise<BenchRow[]> {
    const claude = agentBin('claude');
    if (!claude) {
      process.stderr.write('claude-wall: Claude Code is not cached (run `npm run test:agents -- claude-code` once to install it): no rows\n');
      return [];
    }
    const root = mkdtempSync(join(tmpdir(), 'gatehouse-bench-claude-'));
    const model = await startModel(anthropic);
    const g = await startRuleDecidedGatehouse('claude-wall', [`Bash(${COMMAND})`]);
    try {
      const ws = join(root, 'ws');
      const own: Side = { name: 'Claude Code --allowedTools', home: join(root, 'home-own'), args: ['--allowedTools', `Bash(${COMMAND})`] };
      const hooked: Side = { name: 'Gatehouse hook', home: join(root, 'home-hook'), args: [] };
      for (const d of [ws, own.home, hooked.home]) mkdirSync(d, { recursive: true });
      execFileSync('git', ['init', '-q'], { cwd: ws });
      const env = cleanEnv({ ANTHROPIC_BASE_URL: model.url, ANTHROPIC_API_KEY: 'sk-test', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', DISABLE_AUTOUPDATER: '1', GATEHOUSE_HOME: g.home });
      execFileSync(process.execPath, [BIN, 'install', 'claude-code'], { env: { ...env, HOME: hooked.home }, stdio: 'ignore' });
      const settings = readFileSync(join(hooked.home, '.claude', 'settings.json'), 'utf8');
      if (!settings.includes('gatehouse-hook')) process.stderr.write('claude-wall: the installed hook is the Node one (dist/native/gatehouse-hook is not built)\n');
      // One untimed run a side: Claude Code's first run in a HOME writes its own files there.
      for (const side of [own, hooked]) await timedRun(claude, side, ws, model, env);
      const times = new Map<Side, number[]>([[own, []], [hooked, []]]);
      for (let i = 0; i < PAIRS; i++) {
        for (const side of i % 2 === 0 ? [own, hooked] : [hooked, own]) times.get(side)!.push(await timedRun(claude, side, ws, model, env));
      }
      const a = percentile(times.get(own)!, 50);
      const b = percentile(times.get(hooked)!, 50);
      // The two runs of a pair ran back to back, on the same machine load: their ratio, then the median of those.
      const ratio = percentile(times.get(hooked)!.map((t, i) => t / times.get(own)![i]!), 50);
      const diff = percentile(times.get(hooked)!.map((t, i) => t - times.get(own)![i]!), 50);
      const baseline = { name: own.name, value: a, unit: 'ms' };
      return [
        { name: `${own.name} wall time (median of ${PAIRS})`, value: a, unit: 'ms' },
        { name: `${hooked.name} wall time (median of ${PAIRS})`, value: b, unit: 'ms' },
        { name: 'Gatehouse hook / --allowedTools (median of paired ratios)', value: ratio, unit: '×', baseline, goal: '≤ 1.02×', met: ratio <= 1.02 },
        { name: 'Gatehouse hook − --allowedTools, per call (median of paired differences)', value: diff, unit: 'ms', baseline },
      ];
    } finally {
      await g.close();
      await model.close();
      rmSync(root, { recursive: true, force: true });
    }
  },
};
