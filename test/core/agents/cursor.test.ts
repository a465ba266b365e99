// Cursor's hook dialect from its documented payloads (Cursor cannot run here): hostile events refused with a printed
// deny (Cursor runs a call when a hook fails or says nothing it reads), a file's `content` never sent on, an MCP call
// never judged as a server Gatehouse cannot name, only exact answers printed, an edited approval never turned into an
// allow of the original call; the real `gatehouse hook cursor` and the installed command refusing when nothing decides.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { RequestRecord } from '../../../common/domain.js';
import { cursorEvent, cursorHook } from '../../../main/core/agents/cursor/hook-io.js';
import { cursorToGatehouse, cursorTranslator } from '../../../main/core/agents/cursor/tools/translate.js';
import { hookCommand } from '../../../main/core/agents/hook-command.js';
import { BUILT, runCli } from '../cli/run-cli.js';

const common = { conversation_id: 'c1', generation_id: 'g1', workspace_roots: ['/w'] };
const shell = { ...common, hook_event_name: 'beforeShellExecution', command: 'npm test', cwd: '/w/pkg' };

describe('Cursor events', () => {
  it.each([
    ['not an object', [], /not a JSON object/],
    ['no event name', { ...common, command: 'ls', cwd: '/w' }, /not undefined/],
    ['an unknown event', { ...shell, hook_event_name: 'beforeSubmitPrompt' }, /not "beforeSubmitPrompt"/],
    ['an after event', { ...shell, hook_event_name: 'afterShellExecution' }, /not "afterShellExecution"/],
    ['an event name of another type', { ...shell, hook_event_name: ['beforeShellExecution'] }, /not \["beforeShellExecution"\]/],
    ['a shell command missing', { ...shell, command: undefined }, /command is missing/],
    ['a shell command not a string', { ...shell, command: ['rm', '-rf', '/'] }, /command is missing/],
    ['a shell command with no folder and two roots', { ...shell, cwd: undefined, workspace_roots: ['/a', '/b'] }, /no workspace root/],
    ['a shell command outside both of two roots', { ...shell, cwd: '/c', workspace_roots: ['/a', '/b'] }, /no workspace root/],
    ['a read with no file', { ...common, hook_event_name: 'beforeReadFile', content: 'x' }, /file_path is missing/],
    ['an MCP call without a tool', { ...common, hook_event_name: 'beforeMCPExecution', tool_input: {} }, /tool_name is missing/],
    ['an MCP input that is not JSON', { ...common, hook_event_name: 'beforeMCPExecution', tool_name: 'q', tool_input: '{oops' }, /not JSON/],
    ['a preToolUse input that is a list', { ...common, hook_event_name: 'preToolUse', tool_name: 'Shell', tool_input: ['ls'] }, /not a JSON object/],
  ])('%s is refused: %s', (_what, event, why) => {
    const routed = cursorEvent(event);
    expect(typeof routed).toBe('string');
    expect(routed).toMatch(why);
  });

  it('a shell command is Bash in the workspace root that holds its cwd, run in that cwd, in the conversation', () => {
    expect(cursorEvent(shell)).toEqual({ name: 'beforeShellExecution', body: { hook_event_name: 'beforeShellExecution', session_id: 'c1', tool_name: 'Shell', tool_input: { command: 'npm test', working_directory: '/w/pkg' }, cwd: '/w' } });
    expect(cursorEvent({ ...shell, cwd: '' })).toMatchObject({ body: { cwd: '/w', tool_input: { command: 'npm test' } } });
    expect(cursorEvent({ ...shell, cwd: '/w' })).toMatchObject({ body: { cwd: '/w', tool_input: { command: 'npm test' } } });
    expect(cursorEvent({ ...shell, cwd: '/b/x', workspace_roots: ['/a', '/b'] })).toMatchObject({ body: { cwd: '/b', tool_input: { working_directory: '/b/x' } } });
    expect(cursorEvent({ ...shell, cwd: '/elsewhere' })).toMatchObject({ body: { cwd: '/w', tool_input: { working_directory: '/elsewhere' } } });
  });

  it('a read sends the path, never the content (huge or not): the server reads the file itself', () => {
    const content = 'API_KEY=secret\n'.repeat(200_000);
    const routed = cursorEvent({ ...common, hook_event_name: 'beforeReadFile', file_path: '/w/.env', content, attachments: [{ type: 'file', file_path: '/w/x' }] });
    expect(routed).toEqual({ name: 'beforeReadFile', body: { hook_event_name: 'beforeReadFile', session_id: 'c1', tool_name: 'Read', tool_input: { file_path: '/w/.env' }, cwd: '/w' } });
    expect(JSON.stringify(routed)).not.toContain('API_KEY');
  });
});

describe('Cursor calls in Gatehouse terms', () => {
  const submit = (event: object) => {
    const routed = cursorEvent(event);
    if (typeof routed === 'string') throw new Error(routed);
    return cursorTranslator.toSubmit(routed.body as never);
  };

  it('beforeShellExecution and beforeReadFile are Bash and Read', () => {
    expect(submit(shell)).toEqual({ agent: 'cursor', tool_name: 'Bash', args: { command: 'npm test', working_directory: '/w/pkg' }, session_id: 'c1', cwd: '/w' });
    expect(submit({ ...common, hook_event_name: 'beforeReadFile', file_path: '/w/a.ts', content: '' })).toMatchObject({ tool_name: 'Read', args: { file_path: '/w/a.ts' } });
  });

  it.each([
    ['a URL', { url: 'http://localhost:3000/mcp' }],
    ['a command', { command: 'npx github-mcp' }],
    ['a name that looks like a server', { url: 'x' }],
  ])('an MCP call naming its server by %s is an unknown tool (asked), never mcp__<guess>__<tool>', (_what, server) => {
    const call = submit({ ...common, hook_event_name: 'beforeMCPExecution', tool_name: 'mcp__github__delete_repo', tool_input: '{"repo":"r"}', ...server });
    expect(call.tool_name).toBe('cursor_mcp');
    expect(call.args).toEqual({ tool_name: 'mcp__github__delete_repo', tool_input: { repo: 'r' }, ...server });
  });

  it.each([
    ['Shell', { command: 'ls', working_directory: '/w/sub' }, { toolName: 'Bash', args: { command: 'ls', working_directory: '/w/sub' } }],
    ['Shell', { command: 'ls' }, { toolName: 'Bash', args: { command: 'ls' } }],
    ['Shell', { command: 'ls', env: { LD_PRELOAD: '/tmp/x.so' } }, { toolName: 'cursor_Shell', args: { command: 'ls', env: { LD_PRELOAD: '/tmp/x.so' } } }],
    ['Shell', { command: 'ls', working_directory: ['/a'] }, { toolName: 'cursor_Shell', args: { command: 'ls', working_directory: ['/a'] } }],
    ['Read', { file_path: '/w/a' }, { toolName: 'Read', args: { file_path: '/w/a' } }],
    ['Read', { file_path: 7 }, { toolName: 'cursor_Read', args: { file_path: 7 } }],
    ['Write', { file_path: '/w/a', content: 'c' }, { toolName: 'Write', args: { file_path: '/w/a', content: 'c' } }],
    ['Delete', { file_path: '/w/a' }, { toolName: 'cursor_Delete', args: { file_path: '/w/a' } }],
    ['Bash', { command: 'ls' }, { toolName: 'cursor_Bash', args: { command: 'ls' } }],
    ['MCP:github:delete_repo', {}, { toolName: 'cursor_MCP:github:delete_repo', args: {} }],
    ['constructor', {}, { toolName: 'cursor_constructor', args: {} }],
  ])('preToolUse %s %j', (name, input, call) => {
    expect(cursorToGatehouse('preToolUse', name, input)).toEqual(call);
  });

  it('the route refuses any other event', () => {
    expect(() => cursorTranslator.toSubmit({ hook_event_name: 'stop', tool_name: 'x', tool_input: {} })).toThrow(/not handled/);
  });
});

/** A decided record as the answer reads it. */
const record = (status: 'approved' | 'denied', updated_args?: Record<string, unknown>) =>
  ({ status, verdict: { reasons: ['rule matched'] }, decision: { status, decided_by: 'user', reason: 'looked fine', ...(updated_args ? { updated_args } : {}) } }) as unknown as RequestRecord;

describe('Cursor answers', () => {
  const pre = { hook_event_name: 'preToolUse', tool_name: 'Shell', tool_input: { command: 'rm -rf x', working_directory: '/w' } };
  const before = { hook_event_name: 'beforeShellExecution', tool_name: 'Shell', tool_input: { command: 'rm -rf x' } };

  it('a deny carries Gatehouse\'s reason to the person and the model; an allow is an allow; no decision is nothing', () => {
    expect(cursorTranslator.answer(before, record('denied'), 'deny')).toEqual({ permission: 'deny', user_message: 'denied in Gatehouse: looked fine', agent_message: 'denied in Gatehouse: looked fine' });
    expect(cursorTranslator.answer(before, record('approved'), 'allow')).toMatchObject({ permission: 'allow' });
    expect(cursorTranslator.answer(before, record('approved'), 'none')).toEqual({});
  });

  it('an edited approval is updated_input on preToolUse only; elsewhere it is a deny (the original must not run)', () => {
    expect(cursorTranslator.answer(pre, record('approved', { command: 'rm -r x' }), 'allow')).toMatchObject({ permission: 'allow', updated_input: { command: 'rm -r x', working_directory: '/w' } });
    const out = cursorTranslator.answer(before, record('approved', { command: 'rm -r x' }), 'allow');
    expect(out).toMatchObject({ permission: 'deny', agent_message: expect.stringContaining('cannot run an edited call') });
    expect(out).not.toHaveProperty('updated_input');
  });

  it.each([
    ['an allow', { permission: 'allow', user_message: 'u', agent_message: 'a' }, 'beforeShellExecution', true],
    ['a deny', { permission: 'deny', user_message: 'u', agent_message: 'a' }, 'beforeReadFile', true],
    ['an edited allow on preToolUse', { permission: 'allow', user_message: 'u', agent_message: 'a', updated_input: { command: 'ls' } }, 'preToolUse', true],
    ['ask (never a decided answer)', { permission: 'ask', user_message: 'u', agent_message: 'a' }, 'preToolUse', false],
    ['updated_input off preToolUse', { permission: 'allow', user_message: 'u', agent_message: 'a', updated_input: {} }, 'beforeShellExecution', false],
    ['updated_input on a deny', { permission: 'deny', user_message: 'u', agent_message: 'a', updated_input: {} }, 'preToolUse', false],
    ['no messages', { permission: 'allow' }, 'preToolUse', false],
    ['an unknown key', { permission: 'allow', user_message: 'u', agent_message: 'a', continue: true }, 'preToolUse', false],
    ['a permission of another type', { permission: true, user_message: 'u', agent_message: 'a' }, 'preToolUse', false],
    ['nothing', {}, 'preToolUse', false],
  ])('%s is printed only when exact', (_what, value, event, printed) => {
    const out = cursorHook.render(value, event);
    if (printed) expect(JSON.parse(out!)).toEqual(value);
    else expect(out).toBeNull();
  });

  it('no decision is a printed deny with the reason in both messages, whatever the event', () => {
    for (const event of ['beforeShellExecution', '']) {
      const out = JSON.parse(cursorHook.fallback(event, 'Gatehouse is not running'));
      expect(out).toEqual({ permission: 'deny', user_message: expect.stringContaining('Gatehouse is not running'), agent_message: out.user_message });
    }
  });
});

describe('the installed Cursor command when its program cannot start', () => {
  it('prints a deny and exits 2', () => {
    const command = hookCommand('cursor', { node: '/nonexistent/node' });
    let out = '';
    let code = 0;
    try {
      execFileSync('bash', ['-c', command], { input: JSON.stringify(shell), stdio: ['pipe', 'pipe', 'pipe'] });
    } catch (err) {
      const e = err as { status: number; stdout: Buffer };
      code = e.status;
      out = e.stdout.toString('utf8');
    }
    expect(code).toBe(2);
    expect(JSON.parse(out)).toMatchObject({ permission: 'deny', agent_message: expect.stringContaining("Gatehouse's hook program did not run") });
  });
});

describe.skipIf(!BUILT)('gatehouse hook cursor', () => {
  it.each([
    ['a shell command', JSON.stringify(shell)],
    ['a read', JSON.stringify({ ...common, hook_event_name: 'beforeReadFile', file_path: '/w/.env', content: 'x' })],
    ['an MCP call', JSON.stringify({ ...common, hook_event_name: 'beforeMCPExecution', tool_name: 'q', tool_input: {}, url: 'http://x' })],
    ['not JSON', 'not json'],
    ['an unknown event', JSON.stringify({ ...shell, hook_event_name: 'beforeTabFileRead' })],
  ])('with Gatehouse not running, %s gets a printed deny', async (_what, stdin) => {
    const r = await runCli(['hook', 'cursor'], { env: { GATEHOUSE_HOME: '/nonexistent/gatehouse' }, stdin });
    expect(JSON.parse(r.stdout)).toMatchObject({ permission: 'deny', user_message: expect.stringContaining('Gatehouse could not decide') });
  });
});
