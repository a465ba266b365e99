// Copilot CLI's hook dialect and tool translation: events that name no event read by their shape, hostile or broken
// events refused with a printed deny (Copilot runs a call on silence under --allow-all-tools), only exact answers
// printed, and Copilot's tools judged as the Gatehouse tools they are.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { copilotEvent, copilotHook } from '../../../main/core/agents/copilot/hook-io.js';
import { copilotToGatehouse, editedCopilotArgs } from '../../../main/core/agents/copilot/tools.js';
import { copilotTranslator } from '../../../main/core/agents/copilot/translate.js';
import { hookCommand } from '../../../main/core/agents/hook-command.js';
import { BUILT, runCli } from '../cli/run-cli.js';

const pre = { sessionId: 's1', timestamp: 1, cwd: '/w', toolName: 'bash', toolArgs: { command: 'ls', description: 'd' } };

describe('Copilot events read by their shape', () => {
  it.each([
    ['preToolUse, toolArgs an object', pre, { name: 'preToolUse', body: { hook_event_name: 'preToolUse', tool_name: 'bash', tool_input: { command: 'ls', description: 'd' }, session_id: 's1', cwd: '/w' } }],
    ['preToolUse, toolArgs a JSON string', { ...pre, toolArgs: '{"command":"ls"}' }, { name: 'preToolUse', body: { hook_event_name: 'preToolUse', tool_name: 'bash', tool_input: { command: 'ls' }, session_id: 's1', cwd: '/w' } }],
    ['preToolUse with trace fields', { ...pre, traceparent: '00-x' }, { name: 'preToolUse' }],
    ['postToolUse', { ...pre, toolResult: { resultType: 'success' } }, { name: 'postToolUse', body: { hook_event_name: 'postToolUse', tool_response: { resultType: 'success' } } }],
    ['sessionEnd', { sessionId: 's1', timestamp: 1, cwd: '/w', reason: 'complete' }, { name: 'sessionEnd', body: { hook_event_name: 'sessionEnd', session_id: 's1', cwd: '/w' } }],
    ['mistyped session and cwd are dropped', { ...pre, sessionId: 5, cwd: ['/'] }, { name: 'preToolUse', body: { hook_event_name: 'preToolUse', tool_name: 'bash', tool_input: { command: 'ls', description: 'd' } } }],
  ])('%s', (_what, event, expected) => {
    expect(copilotEvent(event)).toMatchObject(expected);
  });

  it.each([
    ['not an object', [pre], /not a JSON object/],
    ['null', null, /not a JSON object/],
    ['a permissionRequest (not answered here)', { hookName: 'permissionRequest', toolName: 'bash', toolInput: {} }, /not "permissionRequest"/],
    ['toolArgs a string that is not JSON', { ...pre, toolArgs: '{command: ls' }, /not JSON/],
    ['toolArgs a JSON string of an array', { ...pre, toolArgs: '["ls"]' }, /not a JSON object/],
    ['toolArgs a JSON string of a string', { ...pre, toolArgs: '"ls"' }, /not a JSON object/],
    ['toolArgs missing', { sessionId: 's', toolName: 'bash' }, /not a JSON object/],
    ['toolArgs null', { ...pre, toolArgs: null }, /not a JSON object/],
    ['toolName empty', { ...pre, toolName: '' }, /toolName/],
    ['toolName not a string', { ...pre, toolName: ['bash'] }, /toolName/],
    ['an unknown event', { sessionId: 's', prompt: 'hi' }, /not one Copilot CLI sends/],
    ['a sessionEnd with no session', { reason: 'complete' }, /not one Copilot CLI sends/],
  ])('refuses %s', (_what, event, why) => {
    expect(copilotEvent(event)).toMatch(why);
  });
});

describe('Copilot answers', () => {
  it.each([
    [{ permissionDecision: 'allow', permissionDecisionReason: 'ok' }, '{"permissionDecision":"allow","permissionDecisionReason":"ok"}\n'],
    [{ permissionDecision: 'deny', permissionDecisionReason: 'no' }, '{"permissionDecision":"deny","permissionDecisionReason":"no"}\n'],
    [{ permissionDecision: 'allow', modifiedArgs: { command: 'ls -l' } }, '{"permissionDecision":"allow","modifiedArgs":{"command":"ls -l"}}\n'],
    [{ permissionDecision: 'ask' }, null],
    [{ permissionDecision: 'deny', modifiedArgs: {} }, null],
    [{ permissionDecision: 'allow', modifiedArgs: ['x'] }, null],
    [{ permissionDecision: 'allow', extra: 1 }, null],
    [{ permissionDecision: 'allow', permissionDecisionReason: 5 }, null],
    [{ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } }, null],
    [{}, null],
    [null, null],
  ])('%j → %j', (value, printed) => {
    expect(copilotHook.render(value, 'preToolUse')).toBe(printed);
  });

  it('answers no other event', () => {
    expect(copilotHook.render({ permissionDecision: 'allow' }, 'permissionRequest')).toBeNull();
  });

  it('no decision is a printed deny with the reason, whatever the event (silence lets Copilot\'s own permissions run it)', () => {
    for (const event of ['preToolUse', '']) {
      expect(JSON.parse(copilotHook.fallback(event, 'Gatehouse is not running'))).toEqual({ permissionDecision: 'deny', permissionDecisionReason: expect.stringContaining('Gatehouse is not running') });
    }
  });
});

describe('Copilot tools in Gatehouse terms', () => {
  it.each([
    ['bash', { command: 'npm test', description: 'd', shellId: '1', mode: 'sync', dir_path: '/etc' }, 'Bash', { command: 'npm test', description: 'd' }],
    ['view', { path: '/w/a.ts', view_range: [1, 2], file_path: '/w/harmless' }, 'Read', { file_path: '/w/a.ts' }],
    ['create', { path: '/w/a', file_text: 'c' }, 'Write', { file_path: '/w/a', content: 'c' }],
    ['edit', { path: '/w/a', old_str: 'a', new_str: 'b' }, 'Edit', { file_path: '/w/a', old_string: 'a', new_string: 'b' }],
    ['grep', { pattern: 'x', paths: '/w/src', glob: '*.ts', '-i': true }, 'Grep', { pattern: 'x', path: '/w/src', glob: '*.ts', '-i': true }],
    ['grep', { pattern: 'x', paths: ['/home/me/.ssh'], path: '.' }, 'Grep', { pattern: 'x', path: '/home/me/.ssh' }],
    ['grep', { pattern: 'x', paths: ['.', '/home/me/.ssh'] }, 'Grep', { pattern: 'x', path: ['.', '/home/me/.ssh'] }],
    ['grep', { pattern: 'x', dir_path: '/etc' }, 'Grep', { pattern: 'x' }],
    ['glob', { pattern: '**/*.ts', paths: 'src' }, 'Glob', { pattern: '**/*.ts', path: 'src' }],
    ['sql', { query: 'select 1' }, 'sql', { query: 'select 1' }],
    ['write_bash', { shellId: '1', input: 'rm -rf ~\n' }, 'write_bash', { shellId: '1', input: 'rm -rf ~\n' }],
    ['read_file', { file_path: 'README.md' }, 'copilot_read_file', { file_path: 'README.md' }],
    ['Bash', { command: 'ls' }, 'copilot_Bash', { command: 'ls' }],
    ['mcp__github__create_issue', { title: 't' }, 'copilot_mcp__github__create_issue', { title: 't' }],
    // Copilot's MCP tools, `<server>-<tool>`: one `-` is one reading; more could be another server's tool.
    ['fs-list_directory', { path: '/w' }, 'mcp__fs__list_directory', { path: '/w' }],
    ['my_db-run.query', { sql: 'x' }, 'mcp__my_db__run.query', { sql: 'x' }],
    ['fs-evil-write_file', { path: '/w' }, 'fs-evil-write_file', { path: '/w' }],
    ['github-mcp-server-get_me', {}, 'github-mcp-server-get_me', {}],
    ['fs__x-write_file', {}, 'fs__x-write_file', {}],
    ['_fs-write_file', {}, '_fs-write_file', {}],
    ['fs-', {}, 'fs-', {}],
    ['-write_file', {}, '-write_file', {}],
  ])('%s %j → %s', (name, input, tool, args) => {
    expect(copilotToGatehouse(name, input)).toEqual({ toolName: tool, args });
  });

  it('puts the person\'s edits back in Copilot\'s field names, keeping what was not shown', () => {
    expect(editedCopilotArgs('bash', { command: 'rm -rf x', description: 'd', shellId: '1' }, { command: 'rm -r x' })).toEqual({ command: 'rm -r x', description: 'd', shellId: '1' });
    expect(editedCopilotArgs('edit', { path: '/w/a', old_str: 'a', new_str: 'b' }, { file_path: '/w/a', new_string: 'c' })).toEqual({ path: '/w/a', old_str: 'a', new_str: 'c' });
    expect(editedCopilotArgs('grep', { pattern: 'x', paths: ['/a'] }, { pattern: 'y', path: '/b' })).toEqual({ pattern: 'y', paths: '/b' });
  });

  it('the route refuses any event but preToolUse', () => {
    expect(() => copilotTranslator.toSubmit({ hook_event_name: 'permissionRequest', tool_name: 'bash', tool_input: {} })).toThrow(/not handled/);
    expect(copilotTranslator.toSubmit({ hook_event_name: 'preToolUse', tool_name: 'bash', tool_input: { command: 'ls', description: 'list' }, session_id: 's', cwd: '/w' })).toEqual({
      agent: 'copilot-cli', tool_name: 'Bash', args: { command: 'ls', description: 'list' }, session_id: 's', cwd: '/w', description: 'list',
    });
  });
});

describe('the installed Copilot command when its program cannot start', () => {
  it('prints a deny Copilot shows its model, and exits 2', () => {
    const command = hookCommand('copilot', { node: '/nonexistent/node' });
    let out = '';
    let code = 0;
    try {
      execFileSync('bash', ['-c', command], { input: JSON.stringify(pre), stdio: ['pipe', 'pipe', 'pipe'] });
    } catch (err) {
      const e = err as { status: number; stdout: Buffer };
      code = e.status;
      out = e.stdout.toString('utf8');
    }
    expect(code).toBe(2);
    expect(JSON.parse(out)).toEqual({ permissionDecision: 'deny', permissionDecisionReason: expect.stringContaining("Gatehouse's hook program did not run") });
  });
});

describe.skipIf(!BUILT)('gatehouse hook copilot', () => {
  it('with Gatehouse not running, a preToolUse gets a printed deny and stderr says why', async () => {
    const r = await runCli(['hook', 'copilot'], { env: { GATEHOUSE_HOME: '/nonexistent/gatehouse' }, stdin: JSON.stringify(pre) });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).permissionDecision).toBe('deny');
    expect(r.stderr).toMatch(/^gatehouse hook: no decision — Gatehouse is not running .*\n$/);
  });

  it.each(['not json', '{"toolName":"bash","toolArgs":"{oops"}', '[]'])('an unreadable event %j is a printed deny', async (stdin) => {
    const r = await runCli(['hook', 'copilot'], { env: { GATEHOUSE_HOME: '/nonexistent/gatehouse' }, stdin });
    expect(JSON.parse(r.stdout).permissionDecision).toBe('deny');
  });

  it('a postToolUse or sessionEnd prints nothing (it decides nothing)', async () => {
    for (const event of [{ ...pre, toolResult: {} }, { sessionId: 's', timestamp: 1, cwd: '/w', reason: 'complete' }]) {
      const r = await runCli(['hook', 'copilot'], { env: { GATEHOUSE_HOME: '/nonexistent/gatehouse' }, stdin: JSON.stringify(event) });
      expect(r).toMatchObject({ code: 0, stdout: '' });
    }
  });
});
