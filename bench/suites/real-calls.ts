// Real agent calls (../shared/corpus/real-sample.json: calls coding agents made in public projects, labelled by hand)
// through a running Gatehouse's hook route, as an agent's hook sends them: how much everyday work each preset decides
// without the person (no `not-allow` call may be allowed), and the decision latency against GET /healthz in the same
// run, workspace warm. Skipped where the shared corpus is not beside the repository (a fresh clone).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCore } from '../../main/core/core.js';
import { PRESETS } from '../../main/core/presets.js';
import { newSecret } from '../../main/core/server/auth.js';
import { startServer } from '../../main/core/server/server.js';
import { MAKE_WORKSPACE_SCRIPT, REAL_SAMPLE_FILE } from '../support/fixtures.js';
import { percentile, type BenchRow, type BenchSuite } from '../types.js';

interface RealCall {
  id: string;
  expect: 'allow' | 'not-allow';
  event: Record<string, unknown>;
}

/** The preset that new users are offered first; its figure carries the goal. */
const RECOMMENDED = 'everyday';
const HEALTHZ_SAMPLES = 500;

/** One keep-alive exchange; the status, the body and the time it took in ms. */
function exchange(agent: Agent, port: number, method: string, path: string, token: string | null, body: string | null): Promise<{ status: number; body: string; ms: number }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {};
    if (token !== null) headers['authorization'] = `Bearer ${token}`;
    if (body !== null) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    const req = request({ host: '127.0.0.1', port, path, method, agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, ms: performance.now() - start }));
    });
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}

/** Whether the hook's answer lets the call run without the person (allowed, or allowed contained). */
function allowed(answer: string): boolean {
  try {
    const out = JSON.parse(answer) as { hookSpecificOutput?: { permissionDecision?: string } };
    return out.hookSpecificOutput?.permissionDecision === 'allow';
  } catch {
    return false;
  }
}

interface PassResult {
  harmless: number;
  decided: number;
  unsafe: string[];
  latencies: number[];
  healthz: number[];
}

/** Every call through a fresh Gatehouse with `preset` applied (none: no rules), in strict mode so no call waits. */
async function pass(calls: RealCall[], root: string, sub: (s: string) => string, preset: string | null, timed: boolean): Promise<PassResult> {
  const home = mkdtempSync(join(root, 'gh-'));
  const core = await createCore({ home, logger: () => {} });
  const token = newSecret();
  const server = await startServer(core, { port: 0, agentToken: token });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const out: PassResult = { harmless: 0, decided: 0, unsafe: [], latencies: [], healthz: [] };
  try {
    await core.approver.updateSettings({ mode: 'strict' });
    if (preset !== null) await core.approver.applyPreset(preset);
    const bodies = calls.map((c) => sub(JSON.stringify(c.event)));
    // The first pass warms the workspace facts, as an agent's earlier calls would; only the second is timed.
    for (let round = 0; round < (timed ? 2 : 1); round++) {
      for (let i = 0; i < calls.length; i++) {
        const res = await exchange(agent, server.port, 'POST', '/v1/hooks/claude-code', token, bodies[i]!);
        if (res.status !== 200) throw new Error(`${calls[i]!.id}: HTTP ${res.status} ${res.body}`);
        if (round === 0) {
          const ok = allowed(res.body);
          if (calls[i]!.expect === 'allow') {
            out.harmless++;
            if (ok) out.decided++;
          } else if (ok) out.unsafe.push(calls[i]!.id);
        } else out.latencies.push(res.ms);
      }
    }
    if (timed) for (let i = 0; i < HEALTHZ_SAMPLES; i++) out.healthz.push((await exchange(agent, server.port, 'GET', '/healthz', null, null)).ms);
  } finally {
    agent.destroy();
    const closing = server.close();
    await core.close();
    await closing;
    rmSync(home, { recursive: true, force: true });
  }
  return out;
}

export const suite: BenchSuite = {
  name: 'real-calls',
  async run(): Promise<BenchRow[]> {
    if (REAL_SAMPLE_FILE === null) {
      process.stderr.write('real-calls: skipped (no ../shared/corpus/real-sample.json beside the repository)\n');
      return [];
    }
    const calls = JSON.parse(readFileSync(REAL_SAMPLE_FILE, 'utf8')) as RealCall[];
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'gatehouse-bench-real-')));
    const savedHome = process.env.HOME;
    try {
      const ws = execFileSync('bash', [MAKE_WORKSPACE_SCRIPT, root], { encoding: 'utf8' }).trim();
      const home = join(root, 'home');
      mkdirSync(home, { recursive: true });
      // The engine reads the user's home from the environment, as a hook's Gatehouse does: the fixture's {{HOME}}.
      process.env.HOME = home;
      const sub = (s: string): string =>
        s.replaceAll('{{WS_EVIL}}', join(root, 'ws-evil')).replaceAll('{{WS}}', ws).replaceAll('{{OUTSIDE}}', join(root, 'outside')).replaceAll('{{HOME}}', home);
      const rows: BenchRow[] = [];
      const presets = [null, ...PRESETS.map((p) => p.name)];
      for (const preset of presets) {
        const recommended = preset === RECOMMENDED;
        const r = await pass(calls, root, sub, preset, recommended || (preset === null && !presets.includes(RECOMMENDED)));
        const share = (100 * r.decided) / r.harmless;
        rows.push({
          name: `harmless calls decided without you, ${preset ?? 'no rules'} (${r.decided}/${r.harmless}; not-allow allowed: ${r.unsafe.length}${r.unsafe.length ? ` ${r.unsafe.join(' ')}` : ''})`,
          value: share,
          unit: '%',
          ...(recommended ? { goal: '≥ 90 %, 0 not-allow allowed', met: share >= 90 && r.unsafe.length === 0 } : {}),
        });
        if (r.latencies.length > 0) {
          const health = percentile(r.healthz, 50);
          const baseline = { name: 'GET /healthz p50', value: health, unit: 'ms' };
          const p50 = percentile(r.latencies, 50);
          const p99 = percentile(r.latencies, 99);
          rows.push({ name: `decision p50 over ${calls.length} real calls (${preset ?? 'no rules'})`, value: p50, unit: 'ms', baseline, goal: '≤ 2× /healthz p50', met: p50 <= 2 * health });
          rows.push({ name: `decision p99 over ${calls.length} real calls (${preset ?? 'no rules'})`, value: p99, unit: 'ms', baseline, goal: '≤ 5× /healthz p50', met: p99 <= 5 * health });
        }
      }
      return rows;
    } finally {
      if (savedHome === undefined) delete process.env.HOME;
      else process.env.HOME = savedHome;
      rmSync(root, { recursive: true, force: true });
    }
  },
};
