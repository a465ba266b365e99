// Shell analysis speed: parser start-up in a fresh process, and analysis + matching of a 10-part command against
// 1,000 Bash rules (goal p99 ≤ 1 ms), each as a ratio against a bare tree-sitter parse measured in the same run.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { analyzeShellCommand, bashSpecifierMatches, initShellParser } from '../../main/core/shell/index.js';
import type { SimpleCommand } from '../../main/core/shell/index.js';
import { parseBash } from '../../main/core/shell/parser.js';
import type { BenchRow, BenchSuite } from '../types.js';
import { sampleMicros } from '../support/sample.js';
import { percentile } from '../types.js';

const COMMAND = [
  'git status && git diff --stat | head -20',
  'ls -la src | wc -l',
  'npm test 2>&1 | tail -5 && echo done',
  'cd src && grep -rn "TODO" .',
  'git log --oneline -n 5',
].join('; ');

// Untimed calls before each measurement (the tree-sitter parser and the matchers warm up).
const WARMUP = 300;

type Action = 'allow' | 'deny' | 'ask';

type RuleSet = Record<Action, string[]>;

function rules(): RuleSet {
  const shapes = [(i: number) => `tool${i} run:*`, (i: number) => `script-${i} --flag`, (i: number) => `cmd${i} * --x`, (i: number) => `rm -rf /data${i}:*`];
  const out: Array<{ action: Action; spec: string }> = [];
  for (let i = 0; i < 1000; i++) out.push({ action: i % 10 === 0 ? 'deny' : i % 10 === 1 ? 'ask' : 'allow', spec: shapes[i % shapes.length]!(i) });
  // The rules that allow the measured command come last, so every other rule is tried first.
  for (const spec of ['git status', 'git diff:*', 'head:*', 'ls:*', 'wc:*', 'npm test', 'tail:*', 'echo:*', 'cd:*', 'grep:*', 'git log:*']) out.push({ action: 'allow', spec });
  const by = (a: Action) => out.filter((r) => r.action === a).map((r) => r.spec);
  return { allow: by('allow'), deny: by('deny'), ask: by('ask') };
}

/** What the policy does per simple command: deny, then ask, then allow rules. */
function decide(cmds: SimpleCommand[], r: RuleSet): boolean {
  return cmds.every((c) => !r.deny.some((s) => bashSpecifierMatches(s, c, 'deny')) && !r.ask.some((s) => bashSpecifierMatches(s, c, 'ask')) && r.allow.some((s) => bashSpecifierMatches(s, c, 'allow')));
}

function startupMs(): number {
  const parser = fileURLToPath(new URL('../../main/core/shell/parser.js', import.meta.url));
  const script = `const t=performance.now();const m=await import(${JSON.stringify(parser)});await m.initShellParser();process.stdout.write(String(performance.now()-t));`;
  const runs = [0, 1, 2].map(() => Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })));
  return percentile(runs, 50);
}

/** The `shell` suite for `npm run bench`. */
export const suite: BenchSuite = {
  name: 'shell',
  async run(): Promise<BenchRow[]> {
    await initShellParser();
    const ctx = { cwd: '/home/u/ws', home: '/home/u' };
    const all = rules();
    const count = all.allow.length + all.deny.length + all.ask.length;
    const parts = analyzeShellCommand(COMMAND, ctx).commands.length;
    if (!decide(analyzeShellCommand(COMMAND, ctx).commands, all)) throw new Error('bench command should be allowed by its rules');
    const parse = sampleMicros(3000, () => parseBash(COMMAND).delete(), WARMUP);
    const analyze = sampleMicros(3000, () => analyzeShellCommand(COMMAND, ctx), WARMUP);
    const full = sampleMicros(3000, () => decide(analyzeShellCommand(COMMAND, ctx).commands, all), WARMUP);
    const base = (p: number) => ({ name: `bare parse p${p}`, value: percentile(parse, p), unit: 'µs' });
    const p99 = percentile(full, 99);
    const start = startupMs();
    return [
      { name: 'parser start-up (fresh process: import + grammar load)', value: start, unit: 'ms' },
      { name: `analyze ${parts}-part command p50`, value: percentile(analyze, 50), unit: 'µs', baseline: base(50) },
      { name: `analyze + match ${parts} parts × ${count} rules p50`, value: percentile(full, 50), unit: 'µs', baseline: base(50) },
      { name: `analyze + match ${parts} parts × ${count} rules p99`, value: p99, unit: 'µs', baseline: base(99), goal: 'p99 ≤ 1000 µs', met: p99 <= 1000 },
      { name: 'analyze + match p99 / bare parse p99', value: p99 / percentile(parse, 99), unit: '×' },
    ];
  },
};
