// Policy evaluation with 1,000 rules (goal p99 ≤ 1 ms), against evaluation with no rules measured in the same run.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Rule, RuleAction, ToolRequest } from '../../common/domain.js';
import { decide, evaluatePolicy, payloadFingerprint, probeWorkspace, requestPaths } from '../../main/core/policy/index.js';
import { analyzeShellCommand, initShellParser } from '../../main/core/shell/index.js';
import { sampleMicros, sampleMillisAsync } from '../support/sample.js';
import { MAKE_WORKSPACE_SCRIPT } from '../support/fixtures.js';
import type { BenchRow, BenchSuite } from '../types.js';
import { percentile } from '../types.js';

function rules(count: number): Rule[] {
  const out: Rule[] = [];
  const kinds = [
    (i: number) => `Bash(tool${i} run:*)`,
    (i: number) => `Bash(script-${i} --flag)`,
    (i: number) => `Read(./area${i}/**)`,
    (i: number) => `Edit(docs/section-${i}/*.md)`,
    (i: number) => `WebFetch(domain:host${i}.example.org)`,
    (i: number) => `mcp__server${i}__tool`,
  ];
  for (let i = 0; i < count; i++) {
    const action: RuleAction = i % 10 === 0 ? 'deny' : i % 10 === 1 ? 'ask' : 'allow';
    // Frozen, as the store's rulesSnapshot hands rules to the policy.
    out.push(Object.freeze({
      id: `r${i}`, action, pattern: kinds[i % kinds.length]!(i), scope: null, enabled: true, expires_at: null, uses_left: null,
      note: null, created_at: '2026-01-01T00:00:00.000Z', last_used_at: null, hit_count: 0, source: 'user',
    }));
  }
  // The rules that decide the measured requests sit at the end, so every other rule is looked at first.
  out.push({ ...out[0]!, id: 'git', action: 'allow', pattern: 'Bash(git status)' }, { ...out[0]!, id: 'gitlog', action: 'allow', pattern: 'Bash(git log:*)' }, { ...out[0]!, id: 'head', action: 'allow', pattern: 'Bash(head:*)' });
  return out;
}

function request(tool: string, args: Record<string, unknown>, cwd: string): ToolRequest {
  return { id: 'b', received_at: '2026-01-01T00:00:00.000Z', agent: 'claude-code', session_id: 's', cwd, tool_name: tool, args, payload: payloadFingerprint(tool, args) };
}

/** The `policy` suite for `npm run bench`. */
export const suite: BenchSuite = {
  name: 'policy',
  async run(): Promise<BenchRow[]> {
    const root = execFileSync('realpath', [mkdtempSync(path.join(tmpdir(), 'gh-bench-policy-'))], { encoding: 'utf8' }).trim();
    try {
      const ws = execFileSync('bash', [MAKE_WORKSPACE_SCRIPT, root], { encoding: 'utf8' }).trim();
      const home = path.join(root, 'home');
      const gatehouseHome = path.join(home, '.config', 'Gatehouse');
      await initShellParser();
      const many = rules(1000);
      const bash = request('Bash', { command: 'git status && git log --oneline | head -5' }, ws);
      const analysis = analyzeShellCommand('git status && git log --oneline | head -5', { cwd: ws, home });
      const read = request('Read', { file_path: path.join(ws, 'src/app.ts') }, ws);
      const bashWs = await probeWorkspace(ws, home, gatehouseHome, requestPaths(bash, analysis, home), { ignoreFor: new Set() });
      const readWs = await probeWorkspace(ws, home, gatehouseHome, requestPaths(read, null, home));
      const now = new Date();
      const input = (req: ToolRequest, workspace: typeof bashWs, r: Rule[]) => ({ request: req, rules: r, sessionApprovals: [], mode: 'interactive' as const, workspace, now });
      const eventText = JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: bash.args, cwd: ws, session_id: 's' });

      if (evaluatePolicy(input(bash, bashWs, many), analysis).decision !== 'allow') throw new Error('bench setup: the Bash request should be allowed by its rules');
      const parse = sampleMicros(5000, () => JSON.parse(eventText));
      const bash0 = sampleMicros(5000, () => evaluatePolicy(input(bash, bashWs, []), analysis));
      const bash1k = sampleMicros(5000, () => evaluatePolicy(input(bash, bashWs, many), analysis));
      const read0 = sampleMicros(5000, () => evaluatePolicy(input(read, readWs, []), undefined));
      // As a caller that reloads its rules for every request would (new objects each time; copied outside the timing).
      const copies = Array.from({ length: 300 }, () => many.map((r) => ({ ...r })));
      let next = 0;
      const fresh = sampleMicros(300, () => evaluatePolicy(input(bash, bashWs, copies[next++ % copies.length]!), analysis));
      const read1k = sampleMicros(5000, () => evaluatePolicy(input(read, readWs, many), undefined));
      const ctx = { rules: many, sessionApprovals: [], mode: 'interactive' as const, home, gatehouseHome, now };
      const decideBash = await sampleMillisAsync(200, () => decide(bash, ctx));
      const decideRead = await sampleMillisAsync(100, () => decide(read, ctx));

      const us = (name: string, v: number, base: { name: string; value: number }, goal?: number): BenchRow => {
        const row: BenchRow = { name, value: v, unit: 'µs', baseline: { ...base, unit: 'µs' } };
        if (goal !== undefined) Object.assign(row, { goal: `≤ ${goal} µs`, met: v <= goal });
        return row;
      };
      const b0 = { name: 'same eval, 0 rules p50', value: percentile(bash0, 50) };
      const r0 = { name: 'same eval, 0 rules p50', value: percentile(read0, 50) };
      return [
        us('eval Bash (3 parts), 1,000 rules p50', percentile(bash1k, 50), b0),
        us('eval Bash (3 parts), 1,000 rules p99', percentile(bash1k, 99), { name: 'JSON.parse(event) p99', value: percentile(parse, 99) }, 1000),
        us('eval Read, 1,000 rules p50', percentile(read1k, 50), r0),
        us('eval Read, 1,000 rules p99', percentile(read1k, 99), { name: 'same eval, 0 rules p99', value: percentile(read0, 99) }, 1000),
        us('eval Bash, 1,000 freshly loaded rules p99 (info)', percentile(fresh, 99), { name: 'same eval, 0 rules p99', value: percentile(bash0, 99) }),
        { name: 'eval Bash, 1,000 rules vs 0 rules (p50 ratio)', value: percentile(bash1k, 50) / percentile(bash0, 50), unit: '×', baseline: { ...b0, unit: 'µs' } },
        { name: 'decide Bash (analysis + probe, no git) p50', value: percentile(decideBash, 50), unit: 'ms' },
        { name: 'decide Read (probe + git check-ignore) p50', value: percentile(decideRead, 50), unit: 'ms' },
      ];
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  },
};
