// A call a Claude Code subagent asks (its PreToolUse carries agent_id and agent_type, as Claude Code 2.1.x sends them:
// test/fixtures/claude-code/pre-subagent-bash.json) shows which subagent asked, in the queue and the audit; the session
// stays the parent's, so a session grant covers the subagent's calls in that session and never another session's.
import { describe, expect, it } from 'vitest';
import type { RequestRecord } from '../../../common/domain.js';
import { fixture, grantLifecycle, nextEvent } from '../server/helpers.js';

const t = grantLifecycle();

/** Sends a hook event and returns its request once pending (the hook call stays open until it is decided). */
async function pendingFrom(event: Record<string, unknown>): Promise<{ record: RequestRecord; answer: Promise<{ json: unknown }> }> {
  const pending = nextEvent(t.g.core, 'request_pending');
  const answer = t.g.agent('POST', '/v1/hooks/claude-code', event);
  return { record: (await pending).record, answer };
}

const decision = (json: unknown) => (json as { hookSpecificOutput?: { permissionDecision?: string } }).hookSpecificOutput?.permissionDecision;

describe('calls from a subagent', () => {
  it('are shown as the subagent\'s in the queue and in the audit', async () => {
    const { record, answer } = await pendingFrom(fixture('pre-subagent-bash.json', t.ws));
    expect(record.request).toMatchObject({ tool_name: 'Bash', subagent: { id: 'agent-fixture-1', type: 'general-purpose' } });
    const queued = (await t.g.approver('GET', '/v1/requests')).json as RequestRecord[];
    expect(queued[0]?.request.subagent).toEqual({ id: 'agent-fixture-1', type: 'general-purpose' });
    await t.decide(record.request.id, { approved: false, reason: 'not now' });
    expect(decision((await answer).json)).toBe('deny');
    const entry = ((await t.g.approver('GET', '/v1/audit?limit=1')).json as { entries: Array<Record<string, unknown>> }).entries[0];
    expect(entry).toMatchObject({ id: record.request.id, subagent: { id: 'agent-fixture-1', type: 'general-purpose' } });
  });

  it("a main-thread call names no subagent (an empty or mistyped agent_id is none)", async () => {
    const { agent_id: _id, ...main } = fixture('pre-subagent-bash.json', t.ws);
    for (const event of [main, { ...main, agent_id: '' }, { ...main, agent_id: 7 }]) {
      const { record, answer } = await pendingFrom(event);
      expect(record.request).not.toHaveProperty('subagent');
      await t.decide(record.request.id, { approved: false });
      await answer;
    }
  });

  it("a session grant from the parent covers its subagent's call in that session, never another session's", async () => {
    const { agent_id: _id, agent_type: _type, ...parent } = fixture('pre-subagent-bash.json', t.ws);
    const first = await pendingFrom(parent);
    expect((await t.decide(first.record.request.id, { approved: true, scope: 'session' })).status).toBe(200);
    expect(decision((await first.answer).json)).toBe('allow');
    // The subagent, same session: the grant holds.
    const sub = await t.g.agent('POST', '/v1/hooks/claude-code', fixture('pre-subagent-bash.json', t.ws));
    expect(decision(sub.json)).toBe('allow');
    // The same subagent call in another session: asked again.
    const other = await pendingFrom({ ...fixture('pre-subagent-bash.json', t.ws), session_id: 'another-session' });
    expect(other.record.request).toMatchObject({ session_id: 'another-session', subagent: { id: 'agent-fixture-1' } });
    await t.decide(other.record.request.id, { approved: false });
    expect(decision((await other.answer).json)).toBe('deny');
  });
});
