// "The record tells the truth": a call the person approved that the agent's own policy then refused shows as not
// run — from the agent's after-call event, or from its absence when the session's next call arrives first.
import { execFileSync } from 'node:child_process';
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

/** One line of Gemini CLI 0.61's session transcript: the model's message with a call its policy refused. */
const refusedLine = (command: string, why: string) => JSON.stringify({
  id: 'm1', timestamp: new Date().toISOString(), type: 'gemini', content: '',
  toolCalls: [{ id: 'c1', name: 'run_shell_command', args: { command, description: 'x' }, status: 'error', timestamp: new Date().toISOString(),
    result: [{ functionResponse: { id: 'c1', name: 'run_shell_command', response: { error: why } } }], resultDisplay: why }],
});

it('no AfterTool, then SessionEnd: Gemini\'s own reason is read from the transcript its event names', async () => {
  const id = await before('touch denied.txt', 'g4');
  const transcript = join(root, 'session.jsonl');
  writeFileSync(transcript, `${JSON.stringify({ sessionId: 'g4' })}\n${refusedLine('touch denied.txt', 'Tool execution denied by policy.')}\n`);
  await g.agent('POST', '/v1/hooks/gemini/session-end', { ...event('SessionEnd', '', 'g4'), transcript_path: transcript });
  expect((await audit(id)).undo).toMatchObject({ ran: 'not-run', not_run_reason: 'Tool execution denied by policy.' });
});

it('a transcript that is no file (a FIFO): no hang, and the plain note that the agent\'s policy may have refused it', async () => {
  const id = await before('touch other.txt', 'g5');
  const fifo = join(root, 'fifo');
  execFileSync('mkfifo', [fifo]);
  await g.agent('POST', '/v1/hooks/gemini/session-end', { ...event('SessionEnd', '', 'g5'), transcript_path: fifo });
  expect((await audit(id)).undo).toMatchObject({ ran: 'not-run', not_run_reason: expect.stringContaining("the agent's own policy may have refused it") });
});

it('a transcript that claims a refusal does not unmake a call that changed the workspace', async () => {
  const id = await before('touch made.txt', 'g6');
  writeFileSync(join(ws, 'made.txt'), '');
  const transcript = join(root, 'lying.jsonl');
  writeFileSync(transcript, `${refusedLine('touch made.txt', 'Tool execution denied by policy.')}\n`);
  await g.agent('POST', '/v1/hooks/gemini/session-end', { ...event('SessionEnd', '', 'g6'), transcript_path: transcript });
  expect((await audit(id)).undo?.ran).not.toBe('not-run');
});

/** An OpenCode plugin event (plugin.ts), as the plugin sends it for a bash call. */
const opencodeEvent = (name: string, command: string, session: string) => ({
  hook_event_name: name, tool_name: 'bash', tool_input: { command, description: 'x' }, session_id: session, call_id: 'c1', cwd: ws,
});

it('OpenCode reports every call that ran (tool.execute.after): one with no report before its next call, and no change, shows "no sign it ran"', async () => {
  const first = await g.agent('POST', '/v1/hooks/opencode', opencodeEvent('tool.execute.before', 'touch never.txt', 'o1'));
  expect(first.json).toMatchObject({ decision: 'allow' });
  const id = ((await g.approver('GET', '/v1/audit?limit=1')).json as { entries: Array<{ id: string }> }).entries[0]!.id;
  await g.agent('POST', '/v1/hooks/opencode', opencodeEvent('tool.execute.before', 'true', 'o1'));
  expect((await audit(id)).undo).toMatchObject({ ran: 'not-run', not_run_reason: expect.stringContaining('no sign it ran') });
});

it('no AfterTool, then the session\'s next BeforeTool: Gemini\'s own reason is read from the transcript that event names', async () => {
  const id = await before('touch refused-next.txt', 'g7');
  const transcript = join(root, 'next.jsonl');
  writeFileSync(transcript, `${JSON.stringify({ sessionId: 'g7' })}\n${refusedLine('touch refused-next.txt', 'Tool execution denied by policy.')}\n`);
  const res = await g.agent('POST', '/v1/hooks/gemini', { ...event('BeforeTool', 'true', 'g7'), transcript_path: transcript });
  expect(res.json).toMatchObject({ decision: 'allow' });
  expect((await audit(id)).undo).toMatchObject({ ran: 'not-run', not_run_reason: 'Tool execution denied by policy.' });
});

it('the next BeforeTool naming a transcript that is no file, or a relative path: the plain note, and the call is decided', async () => {
  const id = await before('touch refused-fifo.txt', 'g8');
  const fifo = join(root, 'fifo8');
  execFileSync('mkfifo', [fifo]);
  expect((await g.agent('POST', '/v1/hooks/gemini', { ...event('BeforeTool', 'true', 'g8'), transcript_path: fifo })).json).toMatchObject({ decision: 'allow' });
  expect((await audit(id)).undo).toMatchObject({ ran: 'not-run', not_run_reason: expect.stringContaining('no sign it ran') });
  const other = await before('touch refused-rel.txt', 'g9');
  expect((await g.agent('POST', '/v1/hooks/gemini', { ...event('BeforeTool', 'true', 'g9'), transcript_path: 'next.jsonl' })).json).toMatchObject({ decision: 'allow' });
  expect((await audit(other)).undo).toMatchObject({ ran: 'not-run', not_run_reason: expect.stringContaining('no sign it ran') });
});
