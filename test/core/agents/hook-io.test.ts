// Each agent's hook dialect: only exact decided answers reach stdout, and a missing decision never becomes a run.
import { describe, expect, it } from 'vitest';
import { BUILT, runCli } from '../cli/run-cli.js';
import { codexHook } from '../../../main/core/agents/codex/hook-io.js';
import { geminiToGatehouse, gatehouseToGeminiTool } from '../../../main/core/agents/gemini/tools.js';
import { geminiHook } from '../../../main/core/agents/gemini/hook-io.js';

describe('Gemini answers', () => {
  it.each([
    [{ decision: 'allow', reason: 'ok' }, '{"decision":"allow","reason":"ok"}\n'],
    [{ decision: 'deny', reason: 'no' }, '{"decision":"deny","reason":"no"}\n'],
    [{ decision: 'ask' }, null],
    [{ decision: 'block' }, null],
    [{ decision: 'allow', extra: 1 }, null],
    [{ decision: 'deny', hookSpecificOutput: { tool_input: {} } }, null],
    [{ decision: 'allow', reason: 5 }, null],
    [[{ decision: 'allow' }], null],
    [null, null],
  ])('%j → %j', (value, printed) => {
    expect(geminiHook.render(value, 'BeforeTool')).toBe(printed);
  });

  it('a missing decision is a deny (silence would let Gemini run it), never ask', () => {
    expect(JSON.parse(geminiHook.fallback('BeforeTool', 'Gatehouse is not running'))).toEqual({ decision: 'deny', reason: expect.stringContaining('Gatehouse is not running') });
  });
});

describe('Codex answers', () => {
  const pre = (o: Record<string, unknown>) => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', ...o } });
  it.each([
    [pre({ permissionDecision: 'allow', permissionDecisionReason: 'r' }), 'PreToolUse', ''],
    [pre({ permissionDecision: 'deny', permissionDecisionReason: 'r' }), 'PreToolUse', '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"r"}}\n'],
    [pre({ permissionDecision: 'ask' }), 'PreToolUse', null],
    [pre({ permissionDecision: 'deny', updatedInput: {} }), 'PreToolUse', null],
    [pre({ permissionDecision: 'deny' }), 'PermissionRequest', null],
    [{ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } } }, 'PermissionRequest', '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}\n'],
    [{ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow', updatedInput: {} } } }, 'PermissionRequest', null],
    [{ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny' } } }, 'PermissionRequest', null],
  ])('%j on %s → %j', (value, event, printed) => {
    expect(codexHook.render(value, event)).toBe(printed);
  });

  it('an event without a decision is denied in its own words (silence would run it, or hand it to Codex\'s reviewer)', () => {
    expect(JSON.parse(codexHook.fallback('PreToolUse', 'down')).hookSpecificOutput.permissionDecision).toBe('deny');
    expect(JSON.parse(codexHook.fallback('PermissionRequest', 'down')).hookSpecificOutput.decision).toEqual({ behavior: 'deny', message: expect.stringContaining('down') });
  });
});

describe('Gemini tools in Gatehouse terms', () => {
  it.each([
    ['run_shell_command', { command: 'ls', dir_path: 'x', description: 'd' }, 'Bash', { command: 'ls', description: 'd', dir_path: 'x' }],
    ['write_file', { file_path: '/w/a', content: 'c' }, 'Write', { file_path: '/w/a', content: 'c' }],
    ['replace', { file_path: '/w/a', old_string: 'a', new_string: 'b' }, 'Edit', { file_path: '/w/a', old_string: 'a', new_string: 'b' }],
    ['mcp_github_create_issue', { title: 't' }, 'mcp__github__create_issue', { title: 't' }],
    ['web_fetch', { prompt: 'p' }, 'web_fetch', { prompt: 'p' }],
  ])('%s → %s', (name, input, tool, args) => {
    expect(geminiToGatehouse(name, input)).toEqual({ toolName: tool, args });
  });

  it('maps back for native policy', () => {
    expect(gatehouseToGeminiTool('Bash')).toBe('run_shell_command');
    expect(gatehouseToGeminiTool('mcp__github__create_issue')).toBe('mcp_github_create_issue');
    expect(gatehouseToGeminiTool('NotebookEdit')).toBeNull();
  });
});

describe.skipIf(!BUILT)('gatehouse hook gemini|codex with Gatehouse not running', () => {
  it('Gemini gets a deny and stderr says why', async () => {
    const r = await runCli(['hook', 'gemini'], { env: { GATEHOUSE_HOME: '/nonexistent/gatehouse' }, stdin: JSON.stringify({ hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command: 'ls' } }) });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).decision).toBe('deny');
    expect(r.stderr).toMatch(/^gatehouse hook: no decision — Gatehouse is not running .*; denied, because silence would let this agent run it\n$/);
  });

  it('Codex PreToolUse gets a deny', async () => {
    const r = await runCli(['hook', 'codex'], { env: { GATEHOUSE_HOME: '/nonexistent/gatehouse' }, stdin: JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } }) });
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
  });
});
