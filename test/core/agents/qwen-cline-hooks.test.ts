// Qwen Code's and Cline's hook dialects and translations: only exact decided answers reach stdout, a missing decision
// is a refusal the agent honours, and only input shapes whose meaning is exact become Gatehouse's tools.
import { describe, expect, it } from 'vitest';
import { clineHook, normaliseClineEvent } from '../../../main/core/agents/cline/hook-io.js';
import { hookScript } from '../../../main/core/agents/cline/installer.js';
import { clineToGatehouse } from '../../../main/core/agents/cline/tools.js';
import { clineTranslator } from '../../../main/core/agents/cline/translate.js';
import { geminiToGatehouse } from '../../../main/core/agents/gemini/tools.js';
import { qwenHook } from '../../../main/core/agents/qwen/hook-io.js';
import { QWEN_TOOLS } from '../../../main/core/agents/qwen/tools.js';
import { qwenTranslator } from '../../../main/core/agents/qwen/translate.js';
import { hookTimeoutMs } from '../../../main/core/hook-client/client.js';

describe('Qwen Code answers', () => {
  const pre = (o: Record<string, unknown>) => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', ...o } });
  it.each([
    [pre({ permissionDecision: 'allow', permissionDecisionReason: 'r' }), 'PreToolUse', ''],
    [pre({ permissionDecision: 'deny', permissionDecisionReason: 'r' }), 'PreToolUse', '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"r"}}\n'],
    [pre({ permissionDecision: 'ask' }), 'PreToolUse', null],
    [pre({ permissionDecision: 'allow', updatedInput: { command: 'rm -rf ~' } }), 'PreToolUse', null],
    [{ decision: 'allow' }, 'PreToolUse', null],
    [pre({ permissionDecision: 'deny', permissionDecisionReason: 7 }), 'PreToolUse', null],
  ])('%j on %s → %j', (value, event, printed) => {
    expect(qwenHook.render(value, event)).toBe(printed);
  });

  it('answers only PreToolUse, reports PostToolUse, and refuses with a deny (silence, text or exit 1 would run the call)', () => {
    expect(qwenHook.events).toEqual(['PreToolUse']);
    expect(qwenHook.after).toBe('PostToolUse');
    expect(qwenHook.silentExit).toBe(2);
    expect(JSON.parse(qwenHook.fallback('PreToolUse', 'Gatehouse is not running'))).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
  });

  it.each([
    ['run_shell_command', { command: 'ls', directory: '/etc', is_background: true }, 'Bash', { command: 'ls', directory: '/etc', is_background: true }],
    ['edit', { file_path: 'a.ts', old_string: 'x', new_string: 'y', replace_all: true }, 'Edit', { file_path: 'a.ts', old_string: 'x', new_string: 'y', replace_all: true }],
    ['grep_search', { pattern: 'KEY', glob: '.env', path: '.' }, 'Grep', { pattern: 'KEY', glob: '.env', path: '.' }],
    ['write_file', { file_path: 'b', content: 'c' }, 'Write', { file_path: 'b', content: 'c' }],
    ['mcp__gh__create_issue', { title: 't' }, 'mcp__gh__create_issue', { title: 't' }],
    // Names an object's prototype holds are no tools: they keep their name (and fail as unknown), never throw.
    ['constructor', { command: 'rm -rf ~' }, 'constructor', { command: 'rm -rf ~' }],
    ['__proto__', { command: 'x' }, '__proto__', { command: 'x' }],
  ])('%s %j → %s %j', (name, input, tool, args) => {
    expect(geminiToGatehouse(name, input, QWEN_TOOLS)).toEqual({ toolName: tool, args });
  });

  it('records the shell call as Qwen Code, with the folder it runs in kept for the policy', () => {
    const s = qwenTranslator.toSubmit({ hook_event_name: 'PreToolUse', tool_name: 'run_shell_command', tool_input: { command: 'cat id_rsa', directory: '~/.ssh' }, session_id: 's', cwd: '/w' });
    expect(s).toMatchObject({ agent: 'qwen-code', tool_name: 'Bash', args: { command: 'cat id_rsa', directory: '~/.ssh' }, cwd: '/w' });
    expect(() => qwenTranslator.toSubmit({ hook_event_name: 'PermissionRequest', tool_name: 'x', tool_input: {} })).toThrow(/not handled/);
  });

  it("records which subagent asked (Qwen's hook input carries agent_id from within one), and none for the main thread", () => {
    const event = { hook_event_name: 'PreToolUse', tool_name: 'run_shell_command', tool_input: { command: 'ls' }, session_id: 's', cwd: '/w' };
    expect(qwenTranslator.toSubmit({ ...event, agent_id: 'explorer-1' } as typeof event).subagent).toEqual({ id: 'explorer-1' });
    expect(qwenTranslator.toSubmit(event)).not.toHaveProperty('subagent');
  });
});

describe('Cline events', () => {
  const call = (name: string, input: unknown, extra: Record<string, unknown> = {}) => ({
    hookName: 'tool_call', taskId: 'conv_1', workspaceRoots: ['/w'], tool_call: { id: 'c', name, input }, preToolUse: { toolName: name, parameters: {} }, ...extra,
  });
  it('reads a tool call (as captured from Cline 3.0.65) into the route shape', () => {
    expect(normaliseClineEvent(call('run_commands', { commands: ['touch x'] }))).toEqual({
      hook_event_name: 'PreToolUse', tool_name: 'run_commands', tool_input: { commands: ['touch x'] }, session_id: 'conv_1', cwd: '/w',
    });
    expect(normaliseClineEvent({ hookName: 'tool_result', taskId: 't', tool_result: { name: 'run_commands', input: { commands: ['ls'] }, output: 'ok' } })).toMatchObject({ hook_event_name: 'PostToolUse', tool_response: 'ok' });
  });

  it.each([
    ['a tool name the two fields disagree on', call('read_files', {}, { preToolUse: { toolName: 'run_commands', parameters: {} } })],
    ['no preToolUse', { ...call('run_commands', {}), preToolUse: undefined }],
    ['an event Gatehouse does not answer', { ...call('x', {}), hookName: 'agent_start' }],
    ['a prototype name as the event', { ...call('x', {}), hookName: 'constructor' }],
    ['an empty tool name', call('', {})],
    ['not an object', ['tool_call']],
    ['null', null],
  ])('refuses %s', (_what, event) => {
    expect(normaliseClineEvent(event)).toBeNull();
  });

  it('wraps an input that is not an object, so its meaning is kept', () => {
    expect(normaliseClineEvent(call('run_commands', 'touch x'))).toMatchObject({ tool_input: { value: 'touch x' } });
  });
});

describe('Cline answers', () => {
  it.each([
    [{ decision: 'allow', reason: 'r' }, ''],
    [{ decision: 'deny', reason: 'no\nmore' }, 'HOOK_CONTROL\t{"cancel":true,"errorMessage":"no more"}\n'],
    [{ decision: 'ask' }, null],
    [{ decision: 'allow', overrideInput: {} }, null],
    [{ decision: 'deny', reason: 1 }, null],
    [[], null],
  ])('%j → %j', (value, printed) => {
    expect(clineHook.render(value, 'PreToolUse')).toBe(printed);
  });

  it('a missing decision cancels the task (Cline runs the call on silence), well before Cline kills the hook at 120 s', () => {
    expect(clineHook.fallback('PreToolUse', 'down')).toMatch(/^HOOK_CONTROL\t\{"cancel":true,"errorMessage":"Gatehouse could not decide \(down\)/);
    expect(hookTimeoutMs({}, clineHook.killedAfterS)).toBe(108_000);
    expect(hookTimeoutMs({ GATEHOUSE_HOOK_TIMEOUT: '500' }, clineHook.killedAfterS)).toBe(108_000);
    expect(hookTimeoutMs({})).toBe(595_000);
  });

  it('the installed script prints its own cancel line when the program fails, and only before a call', () => {
    const pre = hookScript('PreToolUse', "/usr/bin/node '/opt/my gatehouse/bin/gatehouse.js' hook cline");
    expect(pre).toMatch(/^#!\/bin\/sh\n/);
    expect(pre).toContain(`hook cline || printf 'HOOK_CONTROL\\t%s\\n' '{"cancel":true,`);
    expect(hookScript('PostToolUse', '/usr/bin/node /g/bin/gatehouse.js hook cline')).not.toContain('||');
  });

  it('an edited approval is a deny saying so (Cline would otherwise run the unedited call)', () => {
    const record = { decision: { updated_args: { command: 'ls' } }, verdict: { reasons: [] } } as never;
    expect(clineTranslator.answer({ hook_event_name: 'PreToolUse', tool_name: 'run_commands', tool_input: {} }, record, 'allow')).toMatchObject({ decision: 'deny', reason: expect.stringContaining('edited') });
  });
});

describe('Cline tools', () => {
  it.each([
    ['run_commands', { commands: ['npm test'] }, 'Bash', { command: 'npm test' }],
    ['run_commands', { commands: 'npm test' }, 'Bash', { command: 'npm test' }],
    ['run_commands', { command: 'npm test' }, 'Bash', { command: 'npm test' }],
    ['run_commands', { cmd: 'npm test' }, 'Bash', { command: 'npm test' }],
    ['run_commands', { value: 'npm test' }, 'Bash', { command: 'npm test' }],
    ['run_commands', { value: ['npm test'] }, 'Bash', { command: 'npm test' }],
    // An argv runs without a shell: quoted, its words stay words (no `;` or `$( )` of its own).
    ['run_commands', { commands: [{ command: 'echo', args: ['a; rm -rf ~', '$(id)', ''] }] }, 'Bash', { command: "echo 'a; rm -rf ~' '$(id)' ''" }],
    ['read_files', { files: [{ path: '/w/a.ts', start_line: 1 }] }, 'Read', { file_path: '/w/a.ts' }],
    ['read_files', { file_path: '.env' }, 'Read', { file_path: '.env' }],
    ['read_files', { files: ['a', { filePath: 'b' }] }, 'read_many_files', { paths: ['a', 'b'] }],
    ['editor', { path: 'a.ts', old_text: 'x', new_text: 'y' }, 'Edit', { file_path: 'a.ts', old_string: 'x', new_string: 'y' }],
    ['fetch_web_content', { requests: [{ url: 'https://x.example', prompt: 'p' }] }, 'WebFetch', { url: 'https://x.example' }],
  ])('%s %j → %s %j', (name, input, tool, args) => {
    expect(clineToGatehouse(name, input)).toEqual({ toolName: tool, args });
  });

  // Several commands run one by one: joined into one script they would not mean what Cline runs (a heredoc left open
  // in one hides the next), so they stay Cline's call, which no rule allows.
  it.each([
    ['run_commands', { commands: ['cat <<EOF', 'rm -rf ~'] }],
    ['run_commands', { commands: [] }],
    ['run_commands', { commands: [{ command: 'rm', args: ['-rf', 7] }] }],
    ['run_commands', { command: 'ls', cwd: '/etc' }],
    ['run_commands', { commands: ['ls'], cwd: '/etc' }],
    ['read_files', { files: [{ path: 'a', encoding: 'x' }] }],
    ['read_files', { files: [{ path: 'a', file_path: 'b' }] }],
    ['editor', { path: 'a', new_text: 'x', mode: 'append' }],
    ['fetch_web_content', { requests: [{ url: 'https://a' }, { url: 'https://b' }] }],
    ['apply_patch', { input: '*** Begin Patch' }],
  ])('%s %j stays as Cline sent it', (name, input) => {
    expect(clineToGatehouse(name, input)).toEqual({ toolName: name, args: input });
  });
});
