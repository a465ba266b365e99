// Audit at scale: a generated audit of BENCH_AUDIT_ROWS (default 1,000,000) entries, then filtered and full-text
// query latency, export rate and peak memory (in a child process), and the per-request write cost against a bare
// better-sqlite3 insert measured in the same run.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { ExportFormat } from '../../common/api.js';
import type { AuditFilter, DecidedBy, DecisionStatus, ToolRequest, Verdict } from '../../common/domain.js';
import { exportAudit, openStore, type OpenStore } from '../../main/core/store/index.js';
import { percentile, type BenchRow, type BenchSuite } from '../types.js';

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000);
const RUNS = 15;
const WRITE_SAMPLES = 3000;
const START = Date.parse('2026-01-01T00:00:00Z');

// A small deterministic PRNG, so every run generates the same audit.
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}
const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

const COMMANDS = ['git status', 'git diff --stat', 'npm test', 'npm run build', 'ls -la src', 'cat package.json', 'docker compose up -d',
  'rm -rf dist', 'pytest -q tests', 'cargo build --release', 'make lint', 'git push origin main', 'curl -s https://api.example.com/health'];
const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo', 'lima', 'mike'];
const AGENTS = ['claude-code', 'claude-code', 'claude-code', 'gemini-cli', 'codex', 'mcp'];
const OUTCOMES: Array<[DecisionStatus, DecidedBy]> = [
  ['approved', 'rule'], ['approved', 'rule'], ['approved', 'policy'], ['approved', 'user'], ['approved', 'session'],
  ['denied', 'user'], ['denied', 'rule'], ['expired', 'timeout'], ['approved', 'mode'],
];

/** The i-th generated request with its verdict and decision, drawn from a realistic mix of tools, agents and outcomes. */
function generated(i: number, r: () => number): { request: ToolRequest; verdict: Verdict; status: DecisionStatus; by: DecidedBy; rule: string | null } {
  const kind = r();
  const n = Math.floor(r() * 5000);
  const [tool_name, args]: [string, Record<string, unknown>] =
    kind < 0.6 ? ['Bash', { command: `${pick(r, COMMANDS)} ${pick(r, WORDS)}${n}` }]
    : kind < 0.8 ? ['Read', { file_path: `/work/proj${n % 50}/src/${pick(r, WORDS)}/file${n}.ts` }]
    : kind < 0.9 ? ['Edit', { file_path: `/work/proj${n % 50}/src/${pick(r, WORDS)}.ts`, old_string: `a${n}`, new_string: `b${n}` }]
    : kind < 0.95 ? ['WebFetch', { url: `https://${pick(r, WORDS)}.example.com/docs/${n}`, prompt: 'summarise' }]
    : ['mcp__github__create_issue', { title: `issue ${pick(r, WORDS)} ${n}`, body: 'generated' }];
  const [status, by] = pick(r, OUTCOMES);
  const rule = by === 'rule' ? `RULE${String(n % 100).padStart(3, '0')}` : null;
  return {
    request: {
      id: `BENCH${String(i).padStart(21, '0')}`,
      received_at: new Date(START + i * 1000).toISOString(),
      agent: pick(r, AGENTS),
      session_id: `session-${n % 1000}`,
      cwd: `/work/proj${n % 50}`,
      tool_name,
      args,
      payload: `${tool_name}:${JSON.stringify(args)}`,
    },
    verdict: { decision: status === 'approved' && by !== 'user' ? 'allow' : 'ask', reasons: [rule ? `rule ${rule} matched` : 'no rule matched: default ask'], risks: [] },
    status,
    by,
    rule,
  };
}

const AT_ONCE: ReadonlySet<DecidedBy> = new Set(['rule', 'policy', 'session', 'mode']);

/**
 * Fills the store through its real write paths, committing once per 50,000 entries: what the policy decides at once
 * is written whole (as the broker does), what a person or a timeout decides is written pending and decided later.
 */
function generate(store: OpenStore, rows: number): number {
  const r = rng(42);
  const t0 = performance.now();
  for (let start = 0; start < rows; start += 50_000) {
    store.bulk(() => {
      for (let i = start; i < Math.min(rows, start + 50_000); i++) {
        const g = generated(i, r);
        const decision = {
          status: g.status, decided_by: g.by, decided_at: new Date(START + i * 1000 + 50).toISOString(), latency_ms: 50 + (i % 7) * 1000,
          ...(g.rule ? { rule_id: g.rule } : {}),
        };
        if (AT_ONCE.has(g.by)) store.insertDecided(g.request, g.verdict, decision);
        else {
          store.insertRequest(g.request, g.verdict);
          store.recordDecision(g.request.id, decision);
        }
      }
    });
  }
  return performance.now() - t0;
}

function timed(fn: () => void): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

/** p50 over RUNS rounds of every query in the list. */
function queryP50(store: OpenStore, filters: AuditFilter[]): { p50: number; p95: number } {
  for (const f of filters) store.queryAudit(f); // warm the page cache and the statement cache
  const samples: number[] = [];
  for (let run = 0; run < RUNS; run++) for (const f of filters) samples.push(timed(() => store.queryAudit(f)));
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

/** p50 of the dashboard's numbers for one filter (5 runs after a warm-up). */
function statsP50(store: OpenStore, filter: AuditFilter): number {
  store.auditStats(filter);
  return percentile(Array.from({ length: 5 }, () => timed(() => store.auditStats(filter))), 50);
}

/**
 * Per-request cost of a rule-decided request's write (entry with its decision, one transaction: the broker's path when
 * requests come one at a time; concurrent ones share a commit) vs a bare one-row insert.
 */
function writeCost(store: OpenStore, dir: string): { ours: number; bare: number } {
  const bareDb = new Database(join(dir, 'bare.db'));
  bareDb.pragma('journal_mode = WAL');
  bareDb.pragma('synchronous = NORMAL');
  bareDb.exec('CREATE TABLE t (id TEXT PRIMARY KEY, received_at TEXT, tool_name TEXT, args_json TEXT, status TEXT)');
  const bareInsert = bareDb.prepare('INSERT INTO t VALUES (?, ?, ?, ?, ?)');
  const r = rng(7);
  const samples = Array.from({ length: WRITE_SAMPLES }, (_, i) => generated(ROWS + i, r));
  const bare = timed(() => {
    for (const g of samples) bareInsert.run(`${g.request.id}b`, g.request.received_at, g.request.tool_name, JSON.stringify(g.request.args), 'approved');
  });
  const ours = timed(() => {
    for (const g of samples) store.insertDecided(g.request, g.verdict, { status: g.status, decided_by: g.by, decided_at: new Date().toISOString(), latency_ms: 1 });
  });
  bareDb.close();
  return { ours: (ours * 1000) / WRITE_SAMPLES, bare: (bare * 1000) / WRITE_SAMPLES };
}

/** Runs the CSV export in a fresh process, so its peak RSS is the export's own; returns what the child measured. */
interface ChildExport {
  rows: number;
  ms: number;
  cpuMs: number;
  maxRssMb: number;
  baseRssMb: number;
}

/** Runs one export in a fresh process, so its peak RSS is the export's own; returns what the child measured. */
function exportInChild(dbPath: string, format: ExportFormat): ChildExport {
  const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), 'export-child', dbPath, format], { encoding: 'utf8', maxBuffer: 1 << 20 });
  return JSON.parse(out) as ChildExport;
}

async function exportChild(dbPath: string, format: ExportFormat): Promise<void> {
  const store = openStore(dbPath);
  const baseRssMb = process.memoryUsage().rss / 2 ** 20;
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      bytes += chunk.length;
      cb();
    },
  });
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const rows = await exportAudit(store, {}, format, sink);
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  store.close();
  if (bytes === 0) throw new Error('export wrote nothing');
  const cpuMs = (cpu.user + cpu.system) / 1000;
  process.stdout.write(JSON.stringify({ rows, ms, cpuMs, maxRssMb: process.resourceUsage().maxRSS / 1024, baseRssMb }));
}

/** The export rows of the table: rate (wall clock, with the CPU-time rate beside it) and peak RSS. */
function exportRows(format: ExportFormat, exp: ChildExport): BenchRow[] {
  const rate = exp.rows / (exp.ms / 1000);
  // The CPU-time rate says what the code does when the machine's cores are shared (wall time then also measures waiting).
  const perCpu = Math.round(exp.rows / (exp.cpuMs / 1000)).toLocaleString('en-US');
  return [
    {
      name: `${format.toUpperCase()} export rate, wall clock (${exp.rows.toLocaleString('en-US')} rows; ${perCpu} rows per CPU-second)`,
      value: rate, unit: 'rows/s', goal: '≥ 200,000 rows/s', met: rate >= 200_000,
    },
    {
      name: `${format.toUpperCase()} export peak RSS (child process)`, value: exp.maxRssMb, unit: 'MB',
      baseline: { name: 'RSS before export', value: exp.baseRssMb, unit: 'MB' }, goal: '≤ 300 MB', met: exp.maxRssMb <= 300,
    },
  ];
}

/** The audit-at-scale suite for `npm run bench` (BENCH_AUDIT_ROWS scales it down). */
export const suite: BenchSuite = {
  name: 'audit',
  async run(): Promise<BenchRow[]> {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-audit-'));
    const dbPath = join(dir, 'gatehouse.db');
    const store = openStore(dbPath);
    try {
      const genMs = generate(store, ROWS);
      const last = new Date(START + (ROWS - 1) * 1000).toISOString();
      const filtered = queryP50(store, [
        { agent: 'gemini-cli' },
        { tool_name: 'WebFetch' },
        { status: 'denied' },
        { decided_by: 'timeout' },
        { session_id: 'session-42' },
        { cwd: '/work/proj7' },
        { rule_id: 'RULE007' },
        { from: new Date(Date.parse(last) - 6 * 3_600_000).toISOString(), to: last },
        { from: new Date(START + 3_600_000).toISOString(), to: new Date(START + 2 * 3_600_000).toISOString() },
        { tool_name: 'Bash', status: 'denied', agent: 'codex' },
        { agent: 'mcp', limit: 500 },
      ]);
      const fts = queryP50(store, [
        { q: 'git push' },
        { q: 'foxtrot' },
        { q: 'docker*' },
        { q: 'file1234' },
        { q: 'example.com docs' },
        { q: 'pytest', status: 'denied' },
        { q: 'NEAR( "unbalanced' },
      ]);
      const statsAll = statsP50(store, {});
      const statsDay = statsP50(store, { from: new Date(Date.parse(last) - 24 * 3_600_000 - 17 * 60_000).toISOString(), to: last });
      const statsAgent = statsP50(store, { agent: 'codex' });
      const writes = writeCost(store, dir);
      const verifyMs = timed(() => {
        if (!store.verifyAudit().ok) throw new Error('generated audit does not verify');
      });
      store.close();
      const csv = exportInChild(dbPath, 'csv');
      const ndjson = exportInChild(dbPath, 'ndjson');
      const ratio = writes.ours / writes.bare;
      const rows = ROWS.toLocaleString('en-US');
      return [
        { name: `generate ${rows} entries (insert + decision, 50k per transaction)`, value: genMs / 1000, unit: 's' },
        { name: `filtered query p50 at ${rows} (p95 ${filtered.p95.toFixed(1)} ms)`, value: filtered.p50, unit: 'ms', goal: 'p50 ≤ 20 ms', met: filtered.p50 <= 20 },
        { name: `full-text query p50 at ${rows} (p95 ${fts.p95.toFixed(1)} ms)`, value: fts.p50, unit: 'ms', goal: 'p50 ≤ 100 ms', met: fts.p50 <= 100 },
        { name: `dashboard stats p50 at ${rows}, whole audit`, value: statsAll, unit: 'ms', goal: '< 100 ms', met: statsAll < 100 },
        { name: `dashboard stats p50 at ${rows}, last 24 h (partial hours at both ends)`, value: statsDay, unit: 'ms', goal: '< 100 ms', met: statsDay < 100 },
        { name: `dashboard stats p50 at ${rows}, filtered by agent (groups the entries)`, value: statsAgent, unit: 'ms' },
        ...exportRows('csv', csv),
        ...exportRows('ndjson', ndjson),
        {
          name: 'rule-decided request written (entry + decision, one transaction), vs bare insert', value: ratio, unit: '×',
          baseline: { name: `bare better-sqlite3 insert (ours ${writes.ours.toFixed(0)} µs)`, value: writes.bare, unit: 'µs' },
        },
        { name: `verify the hash chain of ${rows} entries`, value: verifyMs / 1000, unit: 's' },
      ];
    } finally {
      try {
        store.close();
      } catch {
        // already closed
      }
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === 'export-child') {
  await exportChild(process.argv[3]!, process.argv[4] as ExportFormat);
}
