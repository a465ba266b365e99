// The stdlib-only Python client (python/gatehouse_client.py) with the machine's python3 against a real `gatehouse
// serve`: an llm-do style ApprovalRequest waits for the person, and comes back approved or denied.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestRecord } from '../../common/domain.js';
import { startServe, type ServeHandle } from '../../bench/support/serve.js';
import { ROOT } from '../core/cli/run-cli.js';

const PYTHON = spawnSync('python3', ['--version']).status === 0;
let serve: ServeHandle;
beforeAll(async () => {
  if (PYTHON) serve = await startServe(ROOT);
});
afterAll(async () => serve?.stop());

/** Runs the client's CLI: submit the request and wait; resolves with its JSON answer. */
function python(request: Record<string, unknown>, wait: number): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn('python3', [join(ROOT, 'python', 'gatehouse_client.py'), JSON.stringify(request), String(wait)], { env: { ...process.env, GATEHOUSE_HOME: serve.home } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

async function approver(method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${serve.url}${path}`, { method, headers: { authorization: `Bearer ${serve.approverToken}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return res.json();
}

async function pendingOne(): Promise<RequestRecord> {
  for (let i = 0; i < 200; i++) {
    const list = (await approver('GET', '/v1/requests?status=pending')) as RequestRecord[];
    if (list.length > 0) return list[0]!;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('nothing became pending');
}

describe.skipIf(!PYTHON)('python/gatehouse_client.py', () => {
  it('submits an ApprovalRequest with every llm-do field and waits for the approval', async () => {
    const request = {
      tool_name: 'deploy', args: { env: 'staging' }, description: 'Ship build 42', payload: 'release notes here',
      presentation: { type: 'text', content: 'deploy build 42 to staging' }, group_id: 'release-42',
    };
    const run = python(request, 30);
    const held = await pendingOne();
    expect(held.request).toMatchObject({ tool_name: 'deploy', args: { env: 'staging' }, description: 'Ship build 42', group_id: 'release-42', payload: 'release notes here' });
    await approver('POST', `/v1/requests/${held.request.id}/decision`, { approved: true });
    const result = await run;
    expect(result.code, result.err).toBe(0);
    expect(JSON.parse(result.out)).toMatchObject({ status: 'approved', id: held.request.id });
  });

  it('a denial comes back with the reason', async () => {
    const run = python({ tool_name: 'drop_table', args: { table: 'users' } }, 30);
    const held = await pendingOne();
    await approver('POST', `/v1/requests/${held.request.id}/decision`, { approved: false, reason: 'not today' });
    expect(JSON.parse((await run).out)).toMatchObject({ status: 'denied', decision: { reason: 'not today' } });
  });
});
