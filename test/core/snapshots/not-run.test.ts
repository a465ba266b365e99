// "The record tells the truth": a call the person approved that the agent's own policy then refused shows as not
// run — from the agent's after-call event, or from its absence when the session's next call arrives first.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startGatehouse, tempDir, type TestGatehouse } from '../server/helpers.js';
import { makeRepo } from './tree-hash.js';

let g: TestGatehouse;
let root: string;
let ws: string;

beforeEach(async () => {
  root = tempDir('gatehouse-notrun-');
  ws = join(root, 'repo');
  mkdirSync(ws);
  makeRepo(ws);
  g = await startGatehouse();
  await g.approver('PATCH', '/v1/settings', { mode: 'approve-all' });
});
afterEach(async () => {
  await g.close();
  rmSync(root, { recursive: true, force: true });
});

/** A Gemini CLI 0.61 hook event, as its hook sends it on stdin. */
const event = (name: string, command: string, session: string, extra: Record<string, unknown> = {}) => ({
  session_id: session, transcript_path: '/tmp/t.jsonl', cwd: ws, hook_event_name: name, timestamp: new Date().toISOString(),
  tool_name: 'run_shell_command', tool_input: { command, description: 'x' }, ...extra,
});

async function before(command: string, session: string): Promise<string> {
  const res = await g.agent('POST', '/v1/hooks/gemini', event('BeforeTool', command, session));
  expect(res.json).toMatchObject({ decision: 'allow' });
  const entries = ((await g.approver('GET', '/v1/audit?limit=1')).json as { entries: Array<{ id: string }> }).entries;
  return entries[0]!.id;
}

const audit = async (id: string) => (await g.approver('GET', `/v1/audit/${id}`)).json as { status: string; undo?: { ran: string | null; not_run_reason: string | null } };

it('an AfterTool that carries Gemini\'s refusal marks the approved call not run, with its reason', async () => {
  const id = await before('touch refused.txt', 'g1');
  await g.agent('POST', '/v1/hooks/gemini', event('AfterTool', 'touch refused.txt', 'g1', { tool_response: { error: 'Tool execution for "Shell" requires user confirmation, which is not supported in non-interactive mode.' } }));
  const entry = await audit(id);
  expect(entry.status).toBe('approved');
  expect(entry.undo).toMatchObject({ ran: 'not-run', not_run_reason: expect.stringContaining('requires user confirmation') });
});

it('a call with no AfterTool before the session\'s next call, and no change, shows "no sign it ran"', async () => {
  const id = await before('touch never.txt', 'g2');
  await before('true', 'g2');
  expect((await audit(id)).undo).toMatchObject({ ran: 'not-run', not_run_reason: expect.stringContaining('no sign it ran') });
});

it('a call that ran and reported it shows as ran', async () => {
  const id = await before('touch ran.txt', 'g3');
  writeFileSync(join(ws, 'ran.txt'), '');
  await g.agent('POST', '/v1/hooks/gemini', event('AfterTool', 'touch ran.txt', 'g3', { tool_response: { llmContent: 'Output: (empty)', returnDisplay: '' } }));
  expect((await audit(id)).undo).toMatchObject({ ran: 'ran', not_run_reason: null, state: 'available' });
});
