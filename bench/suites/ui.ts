// UI speed in web mode (real `gatehouse serve`, Debian Chromium): an agent's POST until the request shows in
// the queue, and a 10,000-line diff until Monaco has computed and drawn it — each beside a same-run baseline.
import { chromium, type Page } from '@playwright/test';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { callJson, startServe, type ServeHandle } from '../support/serve.js';
import { percentile, type BenchRow, type BenchSuite } from '../types.js';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const ARRIVALS = 20;
const DIFF_RUNS = 5;

const median = (xs: number[]): number => percentile(xs, 50);

/** Agent POST → row in the queue, against the bare POST round trip (the same call without the UI). */
async function arrival(serve: ServeHandle, page: Page): Promise<BenchRow> {
  const agent = (body: unknown) => callJson<{ id: string }>(serve.url, serve.agentToken, 'POST', '/v1/requests', body);
  const bare: number[] = [];
  const visible: number[] = [];
  for (let i = -2; i < ARRIVALS; i++) {
    const marker = `bench-arrival-${i + 2}`;
    const shown = page.waitForSelector(`.gh-queue-row:has-text("${marker}")`, { state: 'visible' });
    const t0 = performance.now();
    const { id } = await agent({ tool_name: 'Bash', args: { command: `echo ${marker}` }, session_id: 'bench', cwd: '/tmp' });
    const posted = performance.now();
    await shown;
    const t1 = performance.now();
    if (i >= 0) {
      bare.push(posted - t0);
      visible.push(t1 - t0);
    }
    await callJson(serve.url, serve.approverToken, 'POST', `/v1/requests/${id}/decision`, { approved: false });
    await page.waitForSelector(`.gh-queue-row[data-request-id="${id}"]`, { state: 'detached' });
  }
  const p50 = median(visible);
  return {
    name: `agent POST → visible in queue (p50 of ${ARRIVALS}; p95 ${percentile(visible, 95).toFixed(0)} ms)`,
    value: p50,
    unit: 'ms',
    baseline: { name: 'bare POST round trip p50', value: median(bare), unit: 'ms' },
    goal: 'p50 ≤ 100 ms',
    met: p50 <= 100,
  };
}

/** A file of `lines` lines and a proposal that changes every 100th line (100 hunks at 10,000 lines). */
function fileAndProposal(lines: number): { original: string; proposed: string } {
  const rows = Array.from({ length: lines }, (_, i) => `export const value${i} = compute(${i}, "row ${i}");`);
  const changed = rows.map((r, i) => (i % 100 === 50 || lines === 1 ? r.replace('compute', 'computeFast') : r));
  return { original: `${rows.join('\n')}\n`, proposed: `${changed.join('\n')}\n` };
}

/** Opening the review of a Write until the diff is ready, median of DIFF_RUNS, for a file of `lines` lines. */
async function diffTime(serve: ServeHandle, page: Page, dir: string, lines: number, runs: number): Promise<number> {
  const { original, proposed } = fileAndProposal(lines);
  const file = join(dir, `file-${lines}.ts`);
  await writeFile(file, original);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const { id } = await callJson<{ id: string }>(serve.url, serve.agentToken, 'POST', '/v1/requests', {
      tool_name: 'Write',
      args: { file_path: file, content: proposed },
      session_id: 'bench',
      cwd: dir,
    });
    await page.waitForSelector(`.gh-queue-row[data-request-id="${id}"]`);
    const t0 = performance.now();
    await page.evaluate(`location.hash = ${JSON.stringify(`#/review/${id}`)}`);
    await page.waitForSelector('.gh-diff-host[data-diff-state="ready"]', { timeout: 30_000 });
    times.push(performance.now() - t0);
    await callJson(serve.url, serve.approverToken, 'POST', `/v1/requests/${id}/decision`, { approved: false });
    await page.evaluate(`location.hash = '#/queue'`);
    await page.waitForSelector('.gh-diff-host', { state: 'detached' });
  }
  return median(times);
}

/** The UI suite. */
export const suite: BenchSuite = {
  name: 'ui',
  async run() {
    const serve = await startServe();
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    const dir = await mkdtemp(join(tmpdir(), 'gatehouse-bench-ui-'));
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(serve.loginUrl);
      await page.waitForSelector('body[data-app-state="ready"]', { state: 'attached' });
      const rows = [await arrival(serve, page)];
      await diffTime(serve, page, dir, 1, 1); // warm-up: loads Monaco, its worker and the tokenizer
      const small = await diffTime(serve, page, dir, 1, DIFF_RUNS);
      const big = await diffTime(serve, page, dir, 10_000, DIFF_RUNS);
      rows.push({
        name: `open review → 10,000-line diff ready (median of ${DIFF_RUNS}, 100 hunks)`,
        value: big,
        unit: 'ms',
        baseline: { name: '1-line diff', value: small, unit: 'ms' },
        goal: '≤ 500 ms',
        met: big <= 500,
      });
      // Wall-clock UI timings swing with machine load; record it beside them.
      rows.push({ name: '1-min load average during the ui suite', value: loadavg()[0] ?? Number.NaN, unit: '' });
      return rows;
    } finally {
      await browser.close();
      await serve.stop();
      await rm(dir, { recursive: true, force: true });
    }
  },
};
