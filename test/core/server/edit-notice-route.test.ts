// A call the person edited before approving: the agent's after-call hook answer (POST /v1/hooks/<cli> through a real
// server on 127.0.0.1) carries the note for the model exactly once, and only for that call.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOTE_TTL_MS } from '../../../main/core/review/edit-notes.js';
import { makeWorkspace, nextEvent, startGatehouse, type TestGatehouse } from './helpers.js';

let ws: string;
let cleanupWs: () => void;
beforeAll(() => {
  ({ ws, cleanup: cleanupWs } = makeWorkspace());
});
afterAll(() => cleanupWs());

let g: TestGatehouse;
let clock = Date.parse('2026-11-28T12:00:00Z');
beforeEach(async () => {
  g = await startGatehouse({ now: () => new Date(clock) });
});
afterEach(() => g.close());

/** One agent's events for a Write of `content` to src/edited.ts in session s-edit. */
interface Dialect {
  cli: string;
  before: string;
  after: string;
  tool: string;
  input(content: string): Record<string, unknown>;
  edited(content: string): Record<string, unknown>;
  note(answer: unknown): unknown;
}

const file = () => `${ws}/src/edited.ts`;
const DIALECTS: Dialect[] = [
  {
    cli: 'claude-code',
    before: 'PreToolUse',
    after: 'PostToolUse',
    tool: 'Write',
    input: (content) => ({ file_path: file(), content }),
    edited: (content) => ({ file_path: file(), content }),
    note: (a) => (a as { hookSpecificOutput?: { hookEventName?: string; additionalContext?: string } }).hookSpecificOutput?.additionalContext,
  },
  {
    cli: 'gemini',
    before: 'BeforeTool',
    after: 'AfterTool',
    tool: 'write_file',
    input: (content) => ({ file_path: file(), content }),
    edited: (content) => ({ file_path: file(), content }),
    note: (a) => (a as { hookSpecificOutput?: { additionalContext?: string } }).hookSpecificOutput?.additionalContext,
  },
  {
    cli: 'opencode',
    before: 'tool.execute.before',
    after: 'tool.execute.after',
    tool: 'write',
    input: (content) => ({ filePath: file(), content }),
    edited: (content) => ({ file_path: file(), content }),
    note: (a) => (a as { note?: string }).note,
  },
];

const event = (d: Dialect, name: string, content: string) => ({
  hook_event_name: name,
  session_id: 's-edit',
  cwd: ws,
  tool_name: d.tool,
  tool_input: d.input(content),
  ...(name === d.after ? { tool_response: 'ok' } : {}),
});

/** The before-call hook, held for the person, who approves with `decision`; the hook's answer. */
async function decided(d: Dialect, content: string, decision: Record<string, unknown>): Promise<unknown> {
  const pending = nextEvent(g.core, 'request_pending');
  const run = g.agent('POST', `/v1/hooks/${d.cli}`, event(d, d.before, content));
  const { record } = await pending;
  const r = await g.approver('POST', `/v1/requests/${record.request.id}/decision`, { approved: true, ...decision });
  expect(r.status, r.text).toBe(200);
  const answer = await run;
  expect(answer.status, answer.text).toBe(200);
  return answer.json;
}

const after = async (d: Dialect, content: string) => (await g.agent('POST', `/v1/hooks/${d.cli}`, event(d, d.after, content))).json;

describe.each(DIALECTS)('$cli', (d) => {
  it('the after-call answer carries the note once, naming the new value and the reason', async () => {
    await decided(d, 'export const a = 1;\n', { updated_args: d.edited('export const a = 2;\n'), reason: 'two, not one' });
    const first = await after(d, 'export const a = 2;\n');
    const note = d.note(first);
    expect(note).toMatch(/^The person reviewing this call in Gatehouse edited its arguments before approving it/);
    expect(note).toContain('- content was changed to \n```\nexport const a = 2;\n\n```');
    expect(note).toContain('Their reason: two, not one');
    expect(note).not.toContain('file_path');
    expect(await after(d, 'export const a = 2;\n')).toEqual({});
    expect(g.core.editNotes.size).toBe(0);
  });

  it('no note for an approval without an edit, nor for another call of the same tool', async () => {
    await decided(d, 'export const b = 1;\n', {});
    expect(await after(d, 'export const b = 1;\n')).toEqual({});
    await decided(d, 'export const c = 1;\n', { updated_args: d.edited('export const c = 2;\n') });
    expect(await after(d, 'export const other = 1;\n')).toEqual({});
    expect(d.note(await after(d, 'export const c = 2;\n'))).toContain('export const c = 2;');
  });

  it('a note whose call never ran expires', async () => {
    await decided(d, 'export const e = 1;\n', { updated_args: d.edited('export const e = 2;\n') });
    expect(g.core.editNotes.size).toBe(1);
    clock += NOTE_TTL_MS + 1;
    expect(await after(d, 'export const e = 2;\n')).toEqual({});
    expect(g.core.editNotes.size).toBe(0);
  });
});

it('OpenCode refuses an edit it cannot spell (a field it has no name for), so it keeps no note', async () => {
  const d = DIALECTS.find((x) => x.cli === 'opencode')!;
  const answer = await decided(d, 'export const f = 1;\n', { updated_args: { ...d.edited('export const f = 2;\n'), encoding: 'utf8' } });
  expect(answer).toMatchObject({ decision: 'deny' });
  expect(g.core.editNotes.size).toBe(0);
});

it('Codex refuses an edited approval, so it keeps no note', async () => {
  const pending = nextEvent(g.core, 'request_pending');
  const run = g.agent('POST', '/v1/hooks/codex', { hook_event_name: 'PreToolUse', session_id: 's-edit', cwd: ws, tool_name: 'Bash', tool_input: { command: 'rm -rf build' }, tool_use_id: 't1' });
  const { record } = await pending;
  await g.approver('POST', `/v1/requests/${record.request.id}/decision`, { approved: true, updated_args: { command: 'rm -rf build/tmp' } });
  expect((await run).json).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
  expect(g.core.editNotes.size).toBe(0);
});
