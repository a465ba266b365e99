// One question per MCP call: which proxy requests a hook's approval answers — and the hostile ones it must not.
import { describe, expect, it } from 'vitest';
import type { DecidedBy, RequestRecord, ToolRequest } from '../../../common/domain.js';
import { HANDOFF_WINDOW_MS, handoffOf, McpHandoffs } from '../../../main/core/broker/mcp-handoff.js';

const T0 = Date.parse('2026-11-27T12:00:00Z');
const ARGS = { path: '/ws/a.txt', edits: [{ oldText: 'a', newText: 'b' }] };

function request(over: Partial<ToolRequest> = {}): ToolRequest {
  return { id: 'r1', received_at: new Date(T0).toISOString(), agent: 'claude-code', session_id: 's', cwd: '/ws', tool_name: 'mcp__fs__edit_file', args: ARGS, payload: '', ...over };
}

function decided(over: Partial<ToolRequest> = {}, by: DecidedBy = 'user', status: RequestRecord['status'] = 'approved', updated?: Record<string, unknown>): RequestRecord {
  const r = request(over);
  return {
    request: r, status, verdict: { decision: 'ask', reasons: [], risks: [] },
    decision: { status: status as 'approved', decided_by: by, decided_at: new Date(T0).toISOString(), latency_ms: 1, ...(updated ? { updated_args: updated } : {}) },
  };
}

const proxy = (over: Partial<ToolRequest> = {}): ToolRequest => request({ id: 'p1', agent: 'mcp', session_id: 'proxy-session', ...over });

describe('the proxy request a hook approval answers', () => {
  it('the same tool, args and folder, just after: once', () => {
    const h = new McpHandoffs();
    h.remember(decided());
    expect(h.take(proxy(), new Date(T0 + 50))?.id).toBe('r1');
    expect(h.take(proxy(), new Date(T0 + 60))).toBeNull();
  });

  it.each<[string, RequestRecord, ToolRequest, number]>([
    ['other arguments', decided(), proxy({ args: { ...ARGS, path: '/ws/b.txt' } }), 10],
    ['another tool of the server', decided(), proxy({ tool_name: 'mcp__fs__write_file' }), 10],
    ['another folder', decided(), proxy({ cwd: '/other' }), 10],
    ['no folder', decided({ cwd: null }), proxy({ cwd: null }), 10],
    ['after the window', decided(), proxy(), HANDOFF_WINDOW_MS + 1],
    ['a request that is not the proxy\'s', decided(), proxy({ agent: 'claude-code' }), 10],
    ['a denial', decided({}, 'user', 'denied'), proxy(), 10],
    ['an approval by a mode', decided({}, 'mode'), proxy(), 10],
    ['an expiry', decided({}, 'timeout', 'expired'), proxy(), 10],
    ['the proxy\'s own approval', decided({ agent: 'mcp' }), proxy(), 10],
    ['a tool that is not an MCP tool', decided({ tool_name: 'Write' }), proxy({ tool_name: 'Write' }), 10],
    ['the agent\'s args where the person edited them', decided({}, 'user', 'approved', { ...ARGS, edits: [] }), proxy(), 10],
  ])('%s: no handoff', (_name, record, req, after) => {
    const h = new McpHandoffs();
    h.remember(record);
    expect(h.take(req, new Date(T0 + after))).toBeNull();
  });

  it('the person\'s edited args are the ones the proxy must send', () => {
    const edited = { ...ARGS, edits: [] };
    const h = new McpHandoffs();
    h.remember(decided({}, 'user', 'approved', edited));
    expect(h.take(proxy({ args: edited }), new Date(T0 + 10))?.id).toBe('r1');
  });

  it('a rule or a session grant vouches as the person does', () => {
    expect(handoffOf(decided({}, 'rule'))?.decidedBy).toBe('rule');
    expect(handoffOf(decided({}, 'session'))?.decidedBy).toBe('session');
  });
});
