// Running contained for real: a core with the sandbox hosted in its process answers a sandbox rule's command with the
// command rewritten (the hook's updatedInput), and that command — run later, asynchronously, as the agent would — can
// write in the workspace but not the home, cannot read .env, and reaches a host only when Gatehouse says so.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RequestRecord } from '../../../common/domain.js';
import type { Core } from '../../../main/core/core.js';
import { hookAnswer } from '../../../main/core/server/claude-code.js';
import type { Fixture } from '../policy/fixture.js';
import { type ContainedCore, startContainedCore } from './contained-core.js';

let started: ContainedCore | undefined;
let fx: Fixture;
let core: Core;

/** Runs a shell command asynchronously (never spawnSync: the proxies run in this process's event loop). */
function run(command: string, cwd: string): Promise<{ code: number | null; out: string }> {
  return new Promise((done) => {
    let out = '';
    const child = spawn('bash', ['-c', command], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => done({ code, out }));
  });
}

async function submitBash(command: string): Promise<RequestRecord> {
  return core.submit({ agent: 'claude-code', tool_name: 'Bash', args: { command, description: 'test' }, cwd: fx.ws, session_id: 's1' });
}

beforeAll(async () => {
  started = await startContainedCore((f) => {
    writeFileSync(path.join(f.ws, 'try.sh'), 'cat .env; echo landed > inside.txt; echo escaped > ~/outside.txt; echo done\n');
    chmodSync(path.join(f.ws, 'try.sh'), 0o755);
  });
  ({ fx, core } = started);
  await core.approver.createRule({ action: 'sandbox', pattern: 'Bash(./try.sh)' });
  await core.approver.createRule({ action: 'sandbox', pattern: 'Bash(curl:*)' });
  await core.approver.createRule({ action: 'sandbox', pattern: 'Bash(cat:*)' });
}, 60_000);

afterAll(() => started?.close());

describe('a sandbox rule runs the command contained', () => {
  it('answers Claude Code with the rewritten command, which writes inside the workspace only and cannot read .env', async () => {
    const record = await submitBash('./try.sh');
    expect(record.status, record.verdict.reasons.join('; ')).toBe('approved');
    expect(record.verdict.contained).toBeDefined();
    const rewritten = record.decision?.updated_args?.['command'];
    expect(typeof rewritten).toBe('string');
    expect(record.decision?.updated_args?.['description']).toBe('test');
    const event = { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: './try.sh', description: 'test' }, cwd: fx.ws };
    const answer = hookAnswer(event, record, 'allow').hookSpecificOutput;
    expect(answer && 'updatedInput' in answer ? answer.updatedInput?.['command'] : undefined).toBe(rewritten);

    // The agent runs it after the hook returned; the proxies of this process are still up.
    const { out } = await run(rewritten as string, fx.ws);
    expect(out).toContain('done');
    expect(out).not.toContain('sk-test-123');
    expect(existsSync(path.join(fx.ws, 'inside.txt'))).toBe(true);
    expect(existsSync(path.join(fx.home, 'outside.txt'))).toBe(false);

    // The refused write is on record with the call's audit entry (the write in the workspace is not).
    await vi.waitFor(async () => {
      const entry = await core.approver.getAuditEntry(record.request.id);
      expect(entry.refusals?.map((r) => [r.kind, r.target])).toEqual([['write', path.join(fx.home, 'outside.txt')]]);
    }, { timeout: 20_000 });
  }, 60_000);

  it('a secret file the command names is recorded as a refused read (approve-all runs it contained)', async () => {
    await core.approver.updateSettings({ mode: 'approve-all' });
    const record = await submitBash('cat .env > copy.txt').finally(() => core.approver.updateSettings({ mode: 'interactive' }));
    expect(record.verdict.contained, record.verdict.reasons.join('; ')).toBeDefined();
    const { out } = await run(record.decision?.updated_args?.['command'] as string, fx.ws);
    expect(out).not.toContain('sk-test-123');
    const entry = await core.approver.getAuditEntry(record.request.id);
    expect(entry.refusals?.map((r) => [r.kind, r.target])).toEqual([['read', path.join(fx.ws, '.env')]]);
    expect((await core.approver.queryAudit({ q: 'refused read' })).entries.map((e) => e.id)).toContain(record.request.id);
  }, 60_000);

  it('a host no rule allows is a Network request; refused, the program sees a refused connection', async () => {
    const record = await submitBash('curl -sS --max-time 30 -o /dev/null https://example.com/');
    const rewritten = record.decision?.updated_args?.['command'] as string;
    const asked = new Promise<RequestRecord>((resolve) => {
      core.events.on('request_pending', (e: { record: RequestRecord }) => {
        if (e.record.request.tool_name === 'Network') resolve(e.record);
      });
    });
    const running = run(rewritten, fx.ws);
    const network = await asked;
    expect(network.request.args).toMatchObject({ host: 'example.com', port: 443 });
    await core.approver.decide(network.request.id, { approved: false, reason: 'not today' });
    const { code, out } = await running;
    expect(code).not.toBe(0);
    expect(out).toMatch(/403|refused|denied|Gatehouse/i);
    await vi.waitFor(async () => {
      const entry = await core.approver.getAuditEntry(record.request.id);
      expect(entry.refusals?.map((r) => [r.kind, r.target])).toEqual([['network', 'example.com:443']]);
    }, { timeout: 20_000 });
  }, 60_000);
});
