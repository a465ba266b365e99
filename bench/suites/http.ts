// A rule-decided Claude Code event through POST /v1/hooks/claude-code (real core, store and policy) against a bare
// node:http server answering fixed JSON, measured in the same run with the same keep-alive client. Latency is measured
// from this process, one request at a time; throughput from a client in its own process (this file, `client` mode),
// so that the client's own work does not share the event loop of the server it measures.
import { execFile } from 'node:child_process';
import { Agent, createServer, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startRuleDecidedGatehouse } from '../support/rule-decided.js';
import { percentile, type BenchRow, type BenchSuite } from '../types.js';

const WARMUP = 300;
const SEQUENTIAL = 2000;
const CONCURRENT = 4000;
const CONCURRENCY = 16;
const FIXED_ANSWER = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', permissionDecisionReason: 'rule Bash(npm test)' } });

interface Target {
  port: number;
  path: string;
  token: string;
}

/** One POST over the given keep-alive agent; resolves with the latency in ms. */
function post(agent: Agent, t: Target, body: string): Promise<number> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: t.port, path: t.path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: `Bearer ${t.token}` } },
      (res) => {
        if (res.statusCode !== 200) reject(new Error(`HTTP ${res.statusCode}`));
        res.resume();
        res.on('end', () => resolve(performance.now() - start));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** CONCURRENT requests over CONCURRENCY keep-alive connections; resolves with the rate in req/s. */
async function hammer(t: Target, body: string): Promise<number> {
  const many = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  for (let i = 0; i < WARMUP; i++) await post(many, t, body);
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < CONCURRENT) await post(many, t, body);
    }),
  );
  const rps = CONCURRENT / ((performance.now() - start) / 1000);
  many.destroy();
  return rps;
}

/** The same hammer, run from a child process (see the file comment). */
async function hammerFromChild(t: Target, body: string): Promise<number> {
  const { stdout } = await promisify(execFile)(process.execPath, [fileURLToPath(import.meta.url), 'client', JSON.stringify(t)], {
    env: { ...process.env, BENCH_HTTP_BODY: body },
  });
  return (JSON.parse(stdout) as { rps: number }).rps;
}

/** Sequential latencies (ms) from this process and concurrent throughput (req/s) from a child, for one target. */
async function measure(t: Target, body: string): Promise<{ latencies: number[]; rps: number }> {
  const one = new Agent({ keepAlive: true, maxSockets: 1 });
  for (let i = 0; i < WARMUP; i++) await post(one, t, body);
  const latencies: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) latencies.push(await post(one, t, body));
  one.destroy();
  return { latencies, rps: await hammerFromChild(t, body) };
}

export const suite: BenchSuite = {
  name: 'http',
  async run(): Promise<BenchRow[]> {
    const gatehouse = await startRuleDecidedGatehouse('http');
    const { token, event } = gatehouse;
    const bare = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(FIXED_ANSWER));
    });
    try {
      await new Promise<void>((r) => bare.listen(0, '127.0.0.1', () => r()));
      const barePort = (bare.address() as { port: number }).port;
      const baseline = await measure({ port: barePort, path: '/', token }, event);
      const ours = await measure({ port: gatehouse.port, path: '/v1/hooks/claude-code', token }, event);

      const p50 = percentile(ours.latencies, 50);
      const p99 = percentile(ours.latencies, 99);
      const baseP50 = percentile(baseline.latencies, 50);
      const ratio = ours.rps / baseline.rps;
      return [
        { name: 'hook route p50 (rule-decided Bash)', value: p50, unit: 'ms', baseline: { name: 'bare node:http p50', value: baseP50, unit: 'ms' }, goal: '≤ 2 ms', met: p50 <= 2 },
        { name: 'hook route p99 (rule-decided Bash)', value: p99, unit: 'ms', baseline: { name: 'bare node:http p99', value: percentile(baseline.latencies, 99), unit: 'ms' } },
        { name: `hook route throughput (${CONCURRENCY} concurrent, client in its own process)`, value: ours.rps, unit: 'req/s', baseline: { name: 'bare node:http', value: baseline.rps, unit: 'req/s' } },
        { name: 'hook route throughput ratio', value: ratio, unit: '×', baseline: { name: 'bare node:http', value: 1, unit: '×' }, goal: '≥ 0.5×', met: ratio >= 0.5 },
      ];
    } finally {
      bare.close();
      await gatehouse.close();
    }
  },
};

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === 'client') {
  const rps = await hammer(JSON.parse(process.argv[3]!) as Target, process.env.BENCH_HTTP_BODY ?? '');
  process.stdout.write(JSON.stringify({ rps }));
}
