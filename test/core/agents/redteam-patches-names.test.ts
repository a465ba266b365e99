// Red team of the agents' dialects (a helper's round, ported beside the merged one in redteam-dialects.test.ts):
// 1. An untranslated tool whose name means another tool in Gatehouse's vocabulary (OpenCode, Cline): an OpenCode MCP
//    server `read` with a tool `file` arrived as Gemini's read-only `read_file` (tiers allowed it), a Cline MCP server
//    `mcp` with tool `github__create_issue` as the `mcp__github__create_issue` a rule allows. Now every agent's
//    untranslated name goes through foreignToolName (agents/foreign-tool.ts), as Copilot's did.
// 2. A patch body's files (Codex's apply_patch `{command: "*** Begin Patch…"}`, Cline's and OpenCode's apply_patch): one
//    multi-line string, so the tamper guard and the .git guard never saw the hook config or git hook it writes; in
//    approve-all mode (or under an `apply_patch` rule) it was allowed. Now the files a patch text names are paths of
//    the call's arguments (policy/request/patch-paths.ts, view.ts argumentPaths).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mode, Verdict, VerdictDecision } from '../../../common/domain.js';
import { decide } from '../../../main/core/policy/index.js';
import { patchPaths } from '../../../main/core/policy/request/patch-paths.js';
import { HOOK_TRANSLATORS } from '../../../main/core/agents/translators.js';
import { foreignToolName } from '../../../main/core/agents/foreign-tool.js';
import { buildRequest } from '../../../main/core/broker/submit-input.js';
import { makeFixture, rulesOf, type Fixture } from '../policy/fixture.js';

let fx: Fixture;
beforeAll(() => {
  fx = makeFixture();
});
afterAll(() => fx.cleanup());

/** `{{WS}}`, `{{HOME}}` in a value, for the fixture's folders. */
function sub<T>(v: T): T {
  return JSON.parse(JSON.stringify(v).replaceAll('{{WS}}', fx.ws).replaceAll('{{HOME}}', fx.home)) as T;
}

/** The verdict for one event of `cli`'s dialect, translated by its hook route, under `allow` rules in `mode`. */
async function judged(cli: string, event: Record<string, unknown>, allow: string[], mode: Mode): Promise<Verdict> {
  const translator = HOOK_TRANSLATORS.find((t) => t.cli === cli)!;
  const submit = translator.toSubmit({ cwd: fx.ws, session_id: 's', ...sub(event) } as never);
  const request = buildRequest(submit, 'q1', new Date());
  return decide(request, { rules: rulesOf({ allow: sub(allow) }), sessionApprovals: [], mode, home: fx.home, gatehouseHome: fx.gatehouseHome, now: new Date(), env: {} });
}

const patch = (...headers: string[]): string => `*** Begin Patch\n${headers.map((h) => `${h}\n+x`).join('\n')}\n*** End Patch\n`;

type Row = [string, string, Record<string, unknown>, string[], Mode, VerdictDecision];

const HOSTILE: Row[] = [
  // 1. untranslated names that mean another tool
  ['opencode: MCP server "read", tool "file"', 'opencode', { hook_event_name: 'tool.execute.before', tool_name: 'read_file', tool_input: { path: 'README.md' } }, [], 'interactive', 'ask'],
  ['opencode: glob with a field its table lacks', 'opencode', { hook_event_name: 'tool.execute.before', tool_name: 'glob', tool_input: { pattern: '**/*', hidden: 'x' } }, [], 'interactive', 'ask'],
  ['opencode: MCP server "local", tool "shell"', 'opencode', { hook_event_name: 'tool.execute.before', tool_name: 'local_shell', tool_input: { command: 'npm test' } }, ['Bash(npm test:*)'], 'interactive', 'ask'],
  ['cline: MCP server "mcp" naming another server\'s tool', 'cline', { hook_event_name: 'PreToolUse', tool_name: 'mcp__github__create_issue', tool_input: { title: 'x' } }, ['mcp__github__create_issue'], 'interactive', 'ask'],
  ['cline: MCP server "list", tool "directory"', 'cline', { hook_event_name: 'PreToolUse', tool_name: 'list_directory', tool_input: { path: '.' } }, [], 'interactive', 'ask'],
  // 2. files inside a patch body
  ['codex: apply_patch adds .claude/settings.json (approve-all)', 'codex', { hook_event_name: 'PreToolUse', tool_name: 'apply_patch', tool_input: { command: patch('*** Add File: .claude/settings.json') } }, [], 'approve-all', 'deny'],
  ['codex: apply_patch updates ~/.codex/config.toml (approve-all)', 'codex', { hook_event_name: 'PermissionRequest', tool_name: 'apply_patch', tool_input: { command: patch('*** Update File: src/a.ts', '*** Update File: {{HOME}}/.codex/config.toml') } }, [], 'approve-all', 'deny'],
  ['codex: apply_patch moves a file onto .codex/hooks.json', 'codex', { hook_event_name: 'PreToolUse', tool_name: 'apply_patch', tool_input: { command: patch('*** Update File: notes.md\n*** Move to: .codex/hooks.json') } }, ['apply_patch'], 'interactive', 'deny'],
  ['codex: apply_patch adds a git hook under an apply_patch rule', 'codex', { hook_event_name: 'PreToolUse', tool_name: 'apply_patch', tool_input: { command: patch('*** Add File: .git/hooks/pre-commit') } }, ['apply_patch'], 'interactive', 'ask'],
  ['cline: apply_patch deletes ~/.gemini/settings.json (approve-all)', 'cline', { hook_event_name: 'PreToolUse', tool_name: 'apply_patch', tool_input: { input: patch('*** Delete File: {{HOME}}/.gemini/settings.json') } }, [], 'approve-all', 'deny'],
  ['opencode: apply_patch with CRLF and odd spacing (approve-all)', 'opencode', { hook_event_name: 'tool.execute.before', tool_name: 'apply_patch', tool_input: { patchText: '*** Begin Patch\r\n  ***  add file :  .claude/settings.local.json \r\n+{}\r\n*** End Patch\r\n' } }, [], 'approve-all', 'deny'],
];

// Neighbours that must keep their answer: the fixes close the classes, not the tools.
const HELD: Row[] = [
  ['opencode: read of a tracked file', 'opencode', { hook_event_name: 'tool.execute.before', tool_name: 'read', tool_input: { filePath: 'README.md' } }, [], 'interactive', 'allow'],
  ['codex: apply_patch in src under an apply_patch rule', 'codex', { hook_event_name: 'PreToolUse', tool_name: 'apply_patch', tool_input: { command: patch('*** Update File: src/a.ts') } }, ['apply_patch'], 'interactive', 'allow'],
  ['codex: apply_patch in src (approve-all)', 'codex', { hook_event_name: 'PreToolUse', tool_name: 'apply_patch', tool_input: { command: patch('*** Add File: src/new.ts') } }, [], 'approve-all', 'allow'],
];

describe('hostile calls in each dialect are no longer allowed', () => {
  it.each(HOSTILE)('%s', async (_name, cli, event, allow, mode, expected) => {
    const v = await judged(cli, event, allow, mode);
    expect(v.decision, v.reasons.join(' | ')).toBe(expected);
  });
});

describe('their harmless neighbours keep their answer', () => {
  it.each(HELD)('%s', async (_name, cli, event, allow, mode, expected) => {
    const v = await judged(cli, event, allow, mode);
    expect(v.decision, v.reasons.join(' | ')).toBe(expected);
  });
});

describe('foreignToolName', () => {
  it.each([
    ['opencode', 'read_file', 'opencode_read_file'],
    ['opencode', 'glob', 'opencode_glob'],
    ['cline', 'mcp__github__create_issue', 'cline_mcp__github__create_issue'],
    ['cline', 'mcp_github__create_issue', 'cline_mcp_github__create_issue'],
    ['gemini', 'run_shell_command', 'gemini_run_shell_command'],
    ['qwen', 'Bash', 'qwen_Bash'],
    ['cline', 'apply_patch', 'apply_patch'],
    ['opencode', 'todowrite', 'todowrite'],
    ['cline', 'github__create_issue', 'github__create_issue'],
  ])('%s %s → %s', (agent, name, expected) => {
    expect(foreignToolName(agent, name)).toBe(expected);
  });
});

describe('patchPaths', () => {
  it.each<[string, string[]]>([
    [patch('*** Add File: a.ts', '*** Update File: b/c.ts', '*** Delete File: /etc/x'), ['a.ts', 'b/c.ts', '/etc/x']],
    ['*** Begin Patch\n*** Update File: a.ts\n*** Move to: ~/.codex/rules/x.rules\n@@\n-a\n+b\n*** End Patch', ['a.ts', '~/.codex/rules/x.rules']],
    ['  ***  ADD FILE :  spaced name.txt  \r\n', ['spaced name.txt']],
    ['*** Add File: a.ts\n*** Update File: a.ts', ['a.ts']],
    ['no patch here', []],
    ['*** Add File:   \n', []],
    ['+*** Add File: inside-a-hunk.txt', []],
  ])('%j → %j', (text, expected) => {
    expect(patchPaths(text)).toEqual(expected);
  });
});
