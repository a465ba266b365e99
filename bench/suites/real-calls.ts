// Real agent calls (../shared/corpus/real-sample.json: calls coding agents made in public projects, labelled by hand)
// through a running Gatehouse's hook route, as an agent's hook sends them: how much everyday work each preset decides
// without the person (no `not-allow` call may be allowed), and the decision latency against GET /healthz in the same
// run, workspace warm. Allowed and contained are counted apart: contained counts only where the sandbox runs here and
// for an agent that runs the rewritten command (the calls are sent as Claude Code's hook sends them). Skipped where the shared corpus is not beside the repository (a fresh clone).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCore } from '../../main/core/core.js';
import { PRESETS } from '../../main/core/presets.js';
import { ContainmentHost } from '../../main/core/sandbox/host.js';
import { newSecret } from '../../main/core/server/auth.js';
import { startServer } from '../../main/core/server/server.js';
import { publishEndpoint } from '../../main/core/endpoint/publish.js';
import { MAKE_WORKSPACE_SCRIPT, REAL_SAMPLE_FILE } from '../support/fixtures.js';
import { startFloorRoute } from '../support/floor-route.js';
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

/** How the hook's answer lets the call run: as it is, contained (the command rewritten into the sandbox), or not without the person. */
function answerOf(answer: string): 'allowed' | 'contained' | 'asked' {
  try {
    const out = JSON.parse(answer) as { hookSpecificOutput?: { permissionDecision?: string; updatedInput?: unknown } };
    if (out.hookSpecificOutput?.permissionDecision !== 'allow') return 'asked';
    return out.hookSpecificOutput.updatedInput === undefined ? 'allowed' : 'contained';
  } catch {
    return 'asked';
  }
}

interface PassResult {
  harmless: number;
  /** Harmless calls allowed as they are: what every agent gets, with or without a sandbox. */
  allowed: number;
  /** Harmless calls allowed contained: only for an agent that runs the rewritten command, where the sandbox runs. */
  contained: number;
  /** `not-allow` calls allowed as they are (the goal: none). */
  unsafe: string[];
  /** `not-allow` calls allowed contained: each must be one whose harm the sandbox stops (README "Measured"). */
  unsafeContained: string[];
  latencies: number[];
  healthz: number[];
}

/**
 * Every call through a fresh Gatehouse with `preset` applied (none: no rules), in strict mode so no call waits, as
 * Claude Code's hook sends it (an agent that runs a rewritten command); contained answers only where `containment` runs.
 */
async function pass(calls: RealCall[], root: string, sub: (s: string) => string, preset: string | null, timed: boolean, containment: ContainmentHost | null): Promise<PassResult> {
  const home = mkdtempSync(join(root, 'gh-'));
  const core = await createCore({ home, logger: () => {}, ...(containment ? { containment } : {}) });
  const token = newSecret();
  const server = await startServer(core, { port: 0, agentToken: token });
  // As `gatehouse serve` does: the policy learns its own port (and pid) from endpoint.json.
  publishEndpoint(home, server.endpoint);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const out: PassResult = { harmless: 0, allowed: 0, contained: 0, unsafe: [], unsafeContained: [], latencies: [], healthz: [] };
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
          const answer = answerOf(res.body);
          if (calls[i]!.expect === 'allow') {
            out.harmless++;
            if (answer !== 'asked') out[answer]++;
            // BENCH_SHOW_ASKED=1 lists the harmless calls the recommended preset still asks about (what to work on next).
            else if (timed && process.env.BENCH_SHOW_ASKED) process.stderr.write(`asked: ${calls[i]!.id} ${JSON.stringify(calls[i]!.event.tool_input).slice(0, 240)}\n`);
          } else if (answer === 'allowed') out.unsafe.push(calls[i]!.id);
          else if (answer === 'contained') out.unsafeContained.push(calls[i]!.id);
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

/**
 * The same calls through the floor route (floor-route.ts): a warm round, then a timed one. Its latencies, for the rows
 * that say how much of the goal the transport and one commit leave for deciding.
 */
async function floorPass(bodies: string[]): Promise<number[]> {
  const floor = await startFloorRoute();
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  try {
    for (let round = 0; round < 2; round++) {
      for (const body of bodies) {
        const res = await exchange(agent, floor.port, 'POST', '/v1/hooks/claude-code', null, body);
        if (res.status !== 200) throw new Error(`floor route: HTTP ${res.status} ${res.body}`);
        if (round === 1) times.push(res.ms);
      }
    }
  } finally {
    agent.destroy();
    await floor.close();
  }
  return times;
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
      // One sandbox for the run (it lives as long as the process, as under `serve`); the bench runs no command in it.
      const host = new ContainmentHost();
      const sandbox = await host.start(async () => false);
      try {
        const containment = sandbox.ready ? host : null;
        const presets = [null, ...PRESETS.map((p) => p.name)];
        const ids = (list: string[]): string => (list.length ? ` ${list.join(' ')}` : '');
        for (const preset of presets) {
          const recommended = preset === RECOMMENDED;
          const r = await pass(calls, root, sub, preset, recommended || (preset === null && !presets.includes(RECOMMENDED)), containment);
          const name = preset ?? 'no rules';
          const share = (100 * (r.allowed + r.contained)) / r.harmless;
          const unsafe = `not-allow allowed: ${r.unsafe.length}${ids(r.unsafe)}; contained: ${r.unsafeContained.length}${ids(r.unsafeContained)}`;
          rows.push({
            name: sandbox.ready
              ? `harmless calls decided without you, ${name}, Claude Code with the sandbox (allowed ${r.allowed} + contained ${r.contained} of ${r.harmless}; ${unsafe})`
              : `harmless calls decided without you, ${name} (${r.allowed}/${r.harmless}; no sandbox here, so nothing contained: ${sandbox.why}; ${unsafe})`,
            value: share,
            unit: '%',
            ...(recommended ? { goal: '≥ 90 %, 0 not-allow allowed', met: share >= 90 && r.unsafe.length === 0 } : {}),
          });
          if (r.contained > 0 || r.unsafeContained.length > 0) {
            // What an agent that cannot run a rewritten command (Codex, Gemini CLI, an SDK app) gets, or any agent without a sandbox.
            rows.push({ name: `harmless calls allowed as they are, ${name} (${r.allowed}/${r.harmless}: no sandbox, or an agent that cannot run it)`, value: (100 * r.allowed) / r.harmless, unit: '%' });
          }
          if (r.latencies.length > 0) {
            const health = percentile(r.healthz, 50);
            const baseline = { name: 'GET /healthz p50', value: health, unit: 'ms' };
            const p50 = percentile(r.latencies, 50);
            const p99 = percentile(r.latencies, 99);
            rows.push({ name: `decision p50 over ${calls.length} real calls (${preset ?? 'no rules'})`, value: p50, unit: 'ms', baseline, goal: '≤ 2× /healthz p50', met: p50 <= 2 * health });
            rows.push({ name: `decision p99 over ${calls.length} real calls (${preset ?? 'no rules'})`, value: p99, unit: 'ms', baseline, goal: '≤ 5× /healthz p50', met: p99 <= 5 * health });
            const floor = await floorPass(calls.map((c) => sub(JSON.stringify(c.event))));
            const floorName = `the same calls to a bare fastify route committing one SQLite row each (nothing decided)`;
            rows.push({ name: `floor p50: ${floorName}`, value: percentile(floor, 50), unit: 'ms', baseline });
            rows.push({ name: `floor p99: ${floorName}`, value: percentile(floor, 99), unit: 'ms', baseline });
          }
        }
        return rows;
      } finally {
        // The sandbox's proxies keep the process alive: without this the bench printed its table and never exited.
        await host.stop();
      }
    } finally {
      if (savedHome === undefined) delete process.env.HOME;
      else process.env.HOME = savedHome;
      rmSync(root, { recursive: true, force: true });
    }
  },
};
