// Table tests of the agents' own configuration commands and launch options that bypass the guard (round nine).
import { describe, expect, it } from 'vitest';
import { agentConfigChange } from '../../../main/core/policy/guard/agent-config-cli.js';
import { unguardedAgent } from '../../../main/core/policy/guard/agent-launch.js';
import type { SimpleCommand } from '../../../main/core/shell/types.js';

function cmd(argv: string[]): SimpleCommand {
  return { argv, text: argv.join(' '), span: { start: 0, end: 0 }, env: [], redirects: [], wrappers: [], dynamic: false };
}

describe('agentConfigChange', () => {
  it.each([
    [['claude', 'mcp', 'add', 'x', '--', 'sh'], true], [['claude', 'mcp', 'add', '-s', 'user', 'x', '--', 'npx', 'evil'], true], [['claude', 'mcp', 'add-json', 'x', '{}'], true],
    [['claude', 'mcp', 'remove', 'x'], true], [['claude', 'config', 'set', '-g', 'permissions.allow', 'Bash'], true], [['claude', 'plugin', 'install', 'evil@m'], true],
    [['claude', '--debug', 'mcp', 'add', 'x'], true], [['@anthropic-ai/claude-code@2', 'mcp', 'add', 'x'], true], [['gemini', 'mcp', 'add', 'x', 'sh'], true],
    [['gemini', 'extensions', 'install', 'https://x'], true], [['codex', 'mcp', 'add', 'x', '--', 'sh'], true], [['codex', 'features', 'enable', 'x'], true],
    [['qwen', 'mcp', 'add', 'x', 'sh'], true], [['qwen', 'extensions', 'install', 'https://x'], true], [['cline', 'mcp', 'add', 'x'], true],
    [['qwen', 'mcp', 'list'], false], [['cline', 'plugin', 'list'], false], [['qwen', '-p', 'fix the mcp config'], false],
    [['claude', 'mcp', 'list'], false], [['claude', 'mcp', 'get', 'x'], false], [['claude', 'mcp'], false], [['claude', 'config', 'get', 'theme'], false],
    [['claude', '-p', 'fix the mcp config'], false], [['claude', '--version'], false], [['gemini', 'mcp', 'list'], false], [['codex', 'exec', 'run tests'], false],
    [['codex', 'mcp', 'list'], false], [['npm', 'mcp', 'add'], false], [['git', 'config', 'set', 'x', 'y'], false],
  ] as const)('%j → %j', (argv, changes) => {
    expect(agentConfigChange(cmd([...argv])) !== null).toBe(changes);
  });
});

describe('unguardedAgent: grants that skip Claude Code\'s permission dialog', () => {
  it.each([
    [['claude', '-p', 'x', '--allowedTools', 'Bash'], true], [['claude', '-p', 'x', '--allowed-tools=Read'], true], [['claude', '-p', 'x', '--permission-mode', 'acceptEdits'], true],
    [['claude', '-p', 'x', '--permission-mode=auto'], true], [['claude', '--mcp-config', 'x.json', '-p', 'x'], true], [['claude', '--plugin-dir', 'p', '-p', 'x'], true],
    [['claude', '--agents', '{}', '-p', 'x'], true], [['claude', '-p', 'x', '--permission-mode', 'plan'], false], [['claude', '-p', 'x', '--disallowedTools', 'Bash'], false],
    [['claude', '-p', 'x', '--permission-mode', 'default'], false], [['claude', '--model', 'opus', '-p', 'x'], false],
  ] as const)('%j → %j', (argv, unguarded) => {
    expect(unguardedAgent(cmd([...argv])) !== null).toBe(unguarded);
  });
});
