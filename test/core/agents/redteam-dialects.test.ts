// Red team of the agents' hook dialects: hostile events, each read as its agent's hook client reads it (toRoute) and
// posted to that agent's hook route of a real Gatehouse in strict mode (an ask is a deny), must never be allowed.
// The classes:
// 1. A folder the call runs in taken as the workspace. Cursor's Shell `working_directory` (set by the model) and
//    beforeShellExecution's `cwd` (which follows a `cd`) became the request's cwd, so another project's files counted
//    as "inside the workspace": `cat secret.txt` in a folder outside it was allowed by `Bash(cat:*)` and the tiers.
//    Now the workspace is Cursor's workspace root and that folder is where the command runs (as Gemini's dir_path).
// 2. A field the agent acts on dropped in translation. Gemini CLI's and Qwen Code's mapped tools kept only a few named
//    arguments, so `glob {respect_git_ignore: false}` (which lists gitignored files) was judged, and allowed, as a glob
//    that skips them, and Qwen's `edit {replace_all: true}` was shown to the person as a single replacement. Now every
//    argument goes through under its own name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HookAgent } from '../../../main/core/agents/hook-agent.js';
import { cursorHook } from '../../../main/core/agents/cursor/hook-io.js';
import { geminiHook } from '../../../main/core/agents/gemini/hook-io.js';
import { qwenHook } from '../../../main/core/agents/qwen/hook-io.js';
import { qwenTranslator } from '../../../main/core/agents/qwen/translate.js';
import { makeWorkspace, startGatehouse, type TestGatehouse } from '../server/helpers.js';

let ws: string;
let outside: string;
let cleanup: () => void;
let g: TestGatehouse;

beforeAll(async () => {
  const made = makeWorkspace();
  ({ ws, cleanup } = made);
  outside = `${made.root}/outside`;
  g = await startGatehouse();
  await g.approver('POST', '/v1/rules', { action: 'allow', pattern: 'Bash(cat:*)' });
  await g.approver('PATCH', '/v1/settings', { mode: 'strict' });
});
afterAll(async () => {
  await g.close();
  cleanup();
});

/** The event as the agent's hook client routes it, answered by the server; the answer's decision word. */
async function decide(hook: HookAgent, event: Record<string, unknown>): Promise<string> {
  const routed = hook.toRoute ? hook.toRoute(event) : { name: event['hook_event_name'] as string, body: event };
  if (typeof routed === 'string') return `unread: ${routed}`;
  const res = await g.agent('POST', `/v1/hooks/${hook.cli}`, routed.body);
  expect(res.status).toBe(200);
  const out = res.json as Record<string, unknown>;
  const hso = out['hookSpecificOutput'] as Record<string, unknown> | undefined;
  return String(out['permission'] ?? out['decision'] ?? hso?.['permissionDecision'] ?? 'none');
}

const cursor = (e: Record<string, unknown>) => ({ conversation_id: 'c', generation_id: 'g', workspace_roots: [ws], ...e });
const gemini = (tool: string, input: Record<string, unknown>) => ({ hook_event_name: 'BeforeTool', session_id: 's', cwd: ws, tool_name: tool, tool_input: input });
const qwen = (tool: string, input: Record<string, unknown>) => ({ hook_event_name: 'PreToolUse', session_id: 's', cwd: ws, tool_name: tool, tool_input: input });

describe('class 1: the folder a command runs in is never its workspace', () => {
  it.each([
    ['Cursor preToolUse Shell in a working_directory outside the workspace', () => cursor({ hook_event_name: 'preToolUse', cwd: ws, tool_name: 'Shell', tool_input: { command: 'cat secret.txt', working_directory: outside } })],
    ['Cursor preToolUse Shell whose event cwd is outside the workspace', () => cursor({ hook_event_name: 'preToolUse', cwd: outside, tool_name: 'Shell', tool_input: { command: 'cat secret.txt' } })],
    ['Cursor beforeShellExecution whose cwd is outside the workspace', () => cursor({ hook_event_name: 'beforeShellExecution', command: 'cat secret.txt', cwd: outside })],
  ])('%s → not allowed', async (_name, event) => {
    expect(await decide(cursorHook, event())).not.toBe('allow');
  });

  it('a working_directory inside the workspace still runs there (allowed)', async () => {
    expect(await decide(cursorHook, cursor({ hook_event_name: 'preToolUse', cwd: ws, tool_name: 'Shell', tool_input: { command: 'cat app.ts', working_directory: `${ws}/src` } }))).toBe('allow');
    expect(await decide(cursorHook, cursor({ hook_event_name: 'beforeShellExecution', command: 'cat app.ts', cwd: `${ws}/src` }))).toBe('allow');
  });
});

describe('class 2: every argument the agent acts on reaches the policy', () => {
  it.each([
    ['Gemini glob told not to skip gitignored files', () => [geminiHook, gemini('glob', { pattern: '**/*.pem', respect_git_ignore: false })] as const],
    ['Gemini glob told so as text', () => [geminiHook, gemini('glob', { pattern: '**/*', respect_git_ignore: 'false' })] as const],
    ['Qwen glob told not to skip gitignored files', () => [qwenHook, qwen('glob', { pattern: '**/*.pem', respect_git_ignore: false })] as const],
  ])('%s → not allowed', async (_name, row) => {
    const [hook, event] = row();
    expect(await decide(hook, event)).not.toBe('allow');
  });

  it('the same glob that skips gitignored files is allowed by the tiers', async () => {
    expect(await decide(geminiHook, gemini('glob', { pattern: '**/*.pem' }))).toBe('allow');
  });

  it("Qwen's edit replacing every match is shown as such", () => {
    const s = qwenTranslator.toSubmit(qwen('edit', { file_path: 'a.ts', old_string: 'x', new_string: 'y', replace_all: true }));
    expect(s.args).toEqual({ file_path: 'a.ts', old_string: 'x', new_string: 'y', replace_all: true });
  });
});
