// Issue 26: Claude Code's Bash `dangerouslyDisableSandbox: true` (and Codex's escalation fields) ran a command outside
// the agent's own sandbox, yet the review never showed it and a rule for the command allowed it as if sandboxed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxOverride } from '../../../main/core/policy/index.js';
import { judge, setUp, tearDown, why } from './closed-world-harness.js';

beforeAll(setUp);
afterAll(tearDown);

describe('sandboxOverride reads every spelling of "run outside the agent sandbox"', () => {
  it.each<[Record<string, unknown>, string | null]>([
    [{ command: 'ls' }, null],
    [{ command: 'ls', dangerouslyDisableSandbox: false }, null],
    [{ command: 'ls', dangerouslyDisableSandbox: undefined }, null],
    [{ command: 'ls', dangerouslyDisableSandbox: true }, 'dangerouslyDisableSandbox: true'],
    // What the agent might read as "off" is off.
    [{ command: 'ls', dangerouslyDisableSandbox: 'true' }, 'dangerouslyDisableSandbox: "true"'],
    [{ command: 'ls', dangerouslyDisableSandbox: 'false' }, 'dangerouslyDisableSandbox: "false"'],
    [{ command: 'ls', dangerouslyDisableSandbox: 1 }, 'dangerouslyDisableSandbox: 1'],
    [{ command: 'ls', dangerouslyDisableSandbox: null }, 'dangerouslyDisableSandbox: null'],
    [{ cmd: 'ls', sandbox_permissions: 'use_default' }, null],
    [{ cmd: 'ls', sandbox_permissions: 'require_escalated' }, 'sandbox_permissions: "require_escalated"'],
    [{ cmd: 'ls', sandbox_permissions: 'with_additional_permissions' }, 'sandbox_permissions: "with_additional_permissions"'],
    [{ command: ['ls'], with_escalated_permissions: true }, 'with_escalated_permissions: true'],
    [{ command: ['ls'], with_escalated_permissions: false }, null],
    [{ command: 'ls', description: 'dangerouslyDisableSandbox: true' }, null],
  ])('%j → %j', (args, expected) => {
    expect(sandboxOverride(args)).toBe(expected);
  });
});

describe('a rule for a command does not vouch for it run outside the agent sandbox', () => {
  it.each<[string, string[]]>([
    ['npm test', ['Bash(npm test:*)']],
    ['git status', ['Bash(git status)']],
    ['ls', ['Bash']],
  ])('%s under %j asks with the sandbox off, allows with it on', async (command, allow) => {
    const off = await judge('Bash', { command, dangerouslyDisableSandbox: true }, 'interactive', allow);
    expect(off.decision, why(off)).toBe('ask');
    expect(off.reasons.join('\n')).toContain("turns the agent's own sandbox off (dangerouslyDisableSandbox: true)");
    expect(off.risks.map((r) => r.flag)).toContain('sandbox-off');

    for (const args of [{ command }, { command, dangerouslyDisableSandbox: false }]) {
      const on = await judge('Bash', args, 'interactive', allow);
      expect(on.decision, why(on)).toBe('allow');
      expect(on.risks.map((r) => r.flag)).not.toContain('sandbox-off');
    }
  });
});
