// Claude Code round trips through POST /v1/hooks/claude-code on the real server, with a real git workspace.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Rule } from '../../../common/domain.js';
import { fixture, makeWorkspace, nextEvent, startGatehouse, type TestGatehouse } from '../server/helpers.js';

let ws: string;
let cleanupWs: () => void;
let g: TestGatehouse;

beforeAll(() => {
  ({ ws, cleanup: cleanupWs } = makeWorkspace());
});
afterAll(() => cleanupWs());
beforeEach(async () => {
  g = await startGatehouse();
});
afterEach(async () => {
  await g.close();
});

const hook = (event: Record<string, unknown>) => g.agent('POST', '/v1/hooks/claude-code', event);
const addRule = (action: string, pattern: string) => g.approver('POST', '/v1/rules', { action, pattern });

/** Sends the event, waits until it is pending, lets the person decide, and returns the hook's answer. */
async function decideWhilePending(event: Record<string, unknown>, decision: Record<string, unknown>) {
  const pending = nextEvent(g.core, 'request_pending');
  const answer = hook(event);
  const { record } = await pending;
  const decided = await g.approver('POST', `/v1/requests/${record.request.id}/decision`, decision);
  expect(decided.status).toBe(200);
  return { answer: await answer, record, decided: decided.json as { decision: { created_rule?: Rule } } };
}

describe('decided by rules and tiers (no person)', () => {
  it('Bash allowed by a rule → PreToolUse allow naming the rule', async () => {
    await addRule('allow', 'Bash(npm test)');
    const res = await hook(fixture('pre-bash.json', ws));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', permissionDecisionReason: expect.stringContaining('Bash(npm test)') },
    });
  });

  it('Read of a tracked file is allowed by the workspace tier', async () => {
    const res = await hook(fixture('pre-read.json', ws));
    expect(res.json).toMatchObject({ hookSpecificOutput: { permissionDecision: 'allow' } });
  });

  it('Read denied by a deny rule → deny with the rule as reason', async () => {
    await addRule('deny', 'Read(./src/**)');
    const res = await hook(fixture('pre-read.json', ws));
    expect(res.json).toEqual({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: expect.stringContaining('Read(./src/**)') },
    });
  });

  it('Bash denied by a deny rule even when an allow rule covers it', async () => {
    await addRule('allow', 'Bash(npm test)');
    await addRule('deny', 'Bash(npm:*)');
    const res = await hook(fixture('pre-bash.json', ws));
    expect(res.json).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
  });

  it('a rule decision is on record with the rule id and a hit', async () => {
    const rule = (await addRule('allow', 'Bash(npm test)')).json as Rule;
    await hook(fixture('pre-bash.json', ws));
    const page = (await g.approver('GET', '/v1/audit?limit=1')).json as { entries: Array<{ status: string; decided_by: string; rule_id: string }> };
    expect(page.entries[0]).toMatchObject({ status: 'approved', decided_by: 'rule', rule_id: rule.id });
    const rules = (await g.approver('GET', '/v1/rules')).json as Rule[];
    expect(rules[0]?.hit_count).toBe(1);
  });
});

describe('decided by the person', () => {
  it('Write pending → approved → PreToolUse allow', async () => {
    const { answer, record } = await decideWhilePending(fixture('pre-write.json', ws), { approved: true });
    expect(record.status).toBe('pending');
    expect(answer.json).toMatchObject({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } });
  });

  it('Edit pending → denied with a reason → deny carrying the reason', async () => {
    const { answer } = await decideWhilePending(fixture('pre-edit.json', ws), { approved: false, reason: 'keep app at 1' });
    expect(answer.json).toEqual({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: expect.stringContaining('keep app at 1') },
    });
  });

  it('PermissionRequest deny → behavior deny with message, interrupt false', async () => {
    const { answer } = await decideWhilePending(fixture('permission-write.json', ws), { approved: false, reason: 'not now' });
    expect(answer.json).toEqual({
      hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: expect.stringContaining('not now'), interrupt: false } },
    });
  });

  it('edited args come back as updatedInput (PermissionRequest and PreToolUse)', async () => {
    const event = fixture('permission-edit.json', ws);
    const edited = { ...(event['tool_input'] as object), new_string: 'export const app = 7;' };
    const { answer } = await decideWhilePending(event, { approved: true, updated_args: edited });
    expect(answer.json).toEqual({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow', updatedInput: edited } } });

    const pre = fixture('pre-bash.json', ws);
    const safer = { ...(pre['tool_input'] as object), command: 'npm test -- --bail' };
    const second = await decideWhilePending(pre, { approved: true, updated_args: safer });
    expect(second.answer.json).toMatchObject({ hookSpecificOutput: { permissionDecision: 'allow', updatedInput: safer } });
  });

  it("a deny rule's note reaches the model with the refusal", async () => {
    const r = await g.approver('POST', '/v1/rules', { action: 'deny', pattern: 'Bash(npm test)', note: 'tests run in CI only: open a PR instead' });
    expect(r.status, r.text).toBe(201);
    const res = await hook(fixture('pre-bash.json', ws));
    expect(res.json).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: expect.stringContaining('tests run in CI only: open a PR instead') } });
  });

  it('edited args of the wrong shape are refused and the request stays pending', async () => {
    const pending = nextEvent(g.core, 'request_pending');
    const answer = hook(fixture('pre-edit.json', ws));
    const { record } = await pending;
    const bad = await g.approver('POST', `/v1/requests/${record.request.id}/decision`, { approved: true, updated_args: { file_path: 42 } });
    expect(bad.status).toBe(400);
    expect((bad.json as { error: string }).error).toMatch(/file_path/);
    await g.approver('POST', `/v1/requests/${record.request.id}/decision`, { approved: false });
    expect((await answer).json).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
  });

  it('"always" → updatedPermissions echoes the suggestion, a rule is created, the next identical call is auto-allowed', async () => {
    const event = fixture('permission-bash.json', ws);
    const suggestion = (event['permission_suggestions'] as unknown[])[0];
    const { answer, decided } = await decideWhilePending(event, { approved: true, scope: 'always', rule: { action: 'allow', pattern: 'Bash(rm -rf node_modules)' } });
    expect(answer.json).toEqual({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow', updatedPermissions: [suggestion] } } });
    expect(decided.decision.created_rule).toMatchObject({ action: 'allow', pattern: 'Bash(rm -rf node_modules)' });
    const rules = (await g.approver('GET', '/v1/rules')).json as Rule[];
    expect(rules.map((r) => r.pattern)).toEqual(['Bash(rm -rf node_modules)']);

    const next = await hook(event);
    expect(next.json).toEqual({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } } });
  });

  it('"always" echoes only the rule the person chose, not the other rules a suggestion bundles', async () => {
    const chosen = { toolName: 'Bash', ruleContent: 'rm -rf node_modules' };
    const bundled = { type: 'addRules', rules: [chosen, { toolName: 'Bash', ruleContent: 'curl:*' }, { toolName: 'Write' }], behavior: 'allow', destination: 'localSettings' };
    const event = { ...fixture('permission-bash.json', ws), session_id: 'bundle', permission_suggestions: [bundled] };
    const { answer } = await decideWhilePending(event, { approved: true, scope: 'always', rule: { action: 'allow', pattern: 'Bash(rm -rf node_modules)' } });
    expect(answer.json).toEqual({
      hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow', updatedPermissions: [{ ...bundled, rules: [chosen] }] } },
    });
  });

  it('"always" without a matching suggestion sends the rule in Claude Code syntax; the suggested pattern is used', async () => {
    const event = fixture('permission-edit.json', ws);
    const { answer, decided } = await decideWhilePending(event, { approved: true, scope: 'always' });
    const rule = decided.decision.created_rule;
    expect(rule?.pattern).toBe('Edit(./src/app.ts)');
    expect(answer.json).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PermissionRequest',
        decision: {
          behavior: 'allow',
          updatedPermissions: [{ type: 'addRules', rules: [{ toolName: 'Edit', ruleContent: './src/app.ts' }], behavior: 'allow', destination: 'localSettings' }],
        },
      },
    });
    expect((await hook(event)).json).toMatchObject({ hookSpecificOutput: { decision: { behavior: 'allow' } } });
  });

  it('"session" approves the same call for that session only', async () => {
    const event = fixture('pre-write.json', ws);
    await decideWhilePending(event, { approved: true, scope: 'session' });
    const approvals = (await g.approver('GET', '/v1/session-approvals')).json as Array<{ session_id: string }>;
    expect(approvals).toHaveLength(1);
    expect((await hook(event)).json).toMatchObject({ hookSpecificOutput: { permissionDecision: 'allow' } });

    // Another session, or another payload, asks again.
    const other = { ...event, session_id: 'another-session' };
    const { answer } = await decideWhilePending(other, { approved: false });
    expect(answer.json).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
  });

  it('a subagent Bash call and an MCP call wait for the person like any other', async () => {
    const { answer } = await decideWhilePending(fixture('pre-mcp.json', ws), { approved: true });
    expect(answer.json).toMatchObject({ hookSpecificOutput: { permissionDecision: 'allow' } });
  });
});

describe('events the hook route refuses', () => {
  it.each([
    ['an unsupported hook event', { hook_event_name: 'NoSuchEvent', tool_name: 'Bash', tool_input: { command: 'ls' } }],
    ['a missing tool_input', { hook_event_name: 'PreToolUse', tool_name: 'Bash' }],
    ['a tool_input that is not an object', { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: 'ls' }],
  ])('%s → 400 (no decision)', async (_n, event) => {
    const res = await hook(event);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: expect.any(String) });
  });
});
