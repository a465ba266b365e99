// The broker on the real server: many waiters at once, timeouts that never approve, shutdown and crash recovery.
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestRecord } from '../../../common/domain.js';
import { createCore } from '../../../main/core/core.js';
import { dbPathIn, openStore } from '../../../main/core/store/index.js';
import { http, nextEvent, startGatehouse, tempDir, type TestGatehouse } from '../server/helpers.js';

interface AgentAnswer {
  id: string;
  status: string;
  decision?: { status: string; decided_by: string; reason?: string };
}

let g: TestGatehouse | undefined;
afterEach(async () => {
  await g?.close();
  g = undefined;
});

/** Collects the next `n` request_pending events. */
function pendingEvents(core: TestGatehouse['core'], n: number): Promise<RequestRecord[]> {
  return new Promise((resolve) => {
    const seen: RequestRecord[] = [];
    const on = (e: { record: RequestRecord }) => {
      seen.push(e.record);
      if (seen.length === n) {
        core.events.off('request_pending', on);
        resolve(seen);
      }
    };
    core.events.on('request_pending', on);
  });
}

describe('concurrent waiters', () => {
  it('60 agents wait at once; each gets exactly its own decision', async () => {
    g = await startGatehouse();
    const gh = g;
    const n = 60;
    const arrived = pendingEvents(gh.core, n);
    const waits = Array.from({ length: n }, (_, i) =>
      gh.agent('POST', '/v1/requests?wait=60', { tool_name: 'mcp__tests__step', args: { n: i }, agent: 'http', session_id: `s${i}` }),
    );
    const pending = await arrived;
    // Decide in reverse order of arrival, alternating approve/deny, each with its own reason.
    await Promise.all(
      [...pending].reverse().map((r) => {
        const i = r.request.args['n'] as number;
        return gh.approver('POST', `/v1/requests/${r.request.id}/decision`, { approved: i % 2 === 0, reason: `reason ${i}` });
      }),
    );
    const answers = await Promise.all(waits);
    answers.forEach((res, i) => {
      const a = res.json as AgentAnswer;
      expect(a.status).toBe(i % 2 === 0 ? 'approved' : 'denied');
      expect(a.decision?.reason).toBe(`reason ${i}`);
    });
    expect((await gh.approver('GET', '/v1/requests?status=pending')).json).toEqual([]);
  });

  it('several waiters on one id all get the decision', async () => {
    g = await startGatehouse();
    const gh = g;
    const pending = nextEvent(gh.core, 'request_pending');
    const first = gh.agent('POST', '/v1/requests?wait=30', { tool_name: 'mcp__tests__one', args: {} });
    const { record } = await pending;
    const others = [1, 2, 3].map(() => gh.agent('GET', `/v1/requests/${record.request.id}?wait=30`));
    // The GETs are in flight once the server has them; a fresh GET without wait shows the request still pending.
    expect(((await gh.agent('GET', `/v1/requests/${record.request.id}`)).json as AgentAnswer).status).toBe('pending');
    await gh.approver('POST', `/v1/requests/${record.request.id}/decision`, { approved: true });
    for (const res of await Promise.all([first, ...others])) expect((res.json as AgentAnswer).status).toBe('approved');
  });

  it('a wait that runs out returns the request still pending, and it can be decided later', async () => {
    g = await startGatehouse();
    const res = await g.agent('POST', '/v1/requests?wait=0.2', { tool_name: 'mcp__tests__slow', args: {} });
    const a = res.json as AgentAnswer;
    expect(a.status).toBe('pending');
    expect((await g.approver('POST', `/v1/requests/${a.id}/decision`, { approved: false })).status).toBe(200);
    expect(((await g.agent('GET', `/v1/requests/${a.id}`)).json as AgentAnswer).status).toBe('denied');
  });
});

describe('timeouts never approve', () => {
  it.each([
    ['deny', { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny' } }],
    ['no-decision', {}],
  ])('timeout_outcome %s', async (outcome, hookAnswer) => {
    g = await startGatehouse();
    await g.approver('PATCH', '/v1/settings', { timeout_seconds: 1, timeout_outcome: outcome });
    const [api, hook] = await Promise.all([
      g.agent('POST', '/v1/requests?wait=30', { tool_name: 'Write', args: { file_path: '/tmp/x', content: 'x' }, cwd: '/tmp' }),
      g.agent('POST', '/v1/hooks/claude-code', {
        hook_event_name: 'PreToolUse', session_id: 's', cwd: '/tmp', tool_name: 'Write', tool_input: { file_path: '/tmp/y', content: 'y' },
      }),
    ]);
    expect(api.json).toMatchObject({ status: 'expired', decision: { status: 'expired', decided_by: 'timeout' } });
    expect(hook.json).toMatchObject(hookAnswer);
    if (outcome === 'no-decision') expect(hook.json).toEqual({});
    const id = (api.json as AgentAnswer).id;
    expect((await g.approver('POST', `/v1/requests/${id}/decision`, { approved: true })).status).toBe(409);
  });
});

describe('shutdown and restart', () => {
  it('waiters get no decision, entries end cancelled, and nothing recorded is lost', async () => {
    const home = tempDir('gatehouse-home-');
    g = await startGatehouse({ home });
    const gh = g;
    const arrived = pendingEvents(gh.core, 3);
    const api = [1, 2].map((i) => gh.agent('POST', '/v1/requests?wait=60', { tool_name: 'mcp__tests__wait', args: { i } }));
    const hook = gh.agent('POST', '/v1/hooks/claude-code', {
      hook_event_name: 'PermissionRequest', session_id: 's', cwd: '/tmp', tool_name: 'Write', tool_input: { file_path: '/tmp/z', content: 'z' },
    });
    const ids = (await arrived).map((r) => r.request.id);
    const closing = gh.close();
    for (const res of await Promise.all(api)) expect(res.json).toMatchObject({ status: 'cancelled', decision: { decided_by: 'shutdown' } });
    expect((await hook).json).toEqual({});
    await closing;
    g = undefined;

    const store = openStore(dbPathIn(home));
    try {
      for (const id of ids) expect(store.getRecord(id)?.status).toBe('cancelled');
      expect(store.verifyAudit().ok).toBe(true);
    } finally {
      store.close();
    }
  });

  it('a request left pending by a crash is marked cancelled at the next start', async () => {
    const home = tempDir('gatehouse-home-');
    const store = openStore(dbPathIn(home));
    store.insertRequest(
      { id: '01ARZ3NDEKTSV4RRFFQ69G5FAV', received_at: new Date().toISOString(), agent: 'http', session_id: null, cwd: null, tool_name: 'X', args: {}, payload: 'p' },
      { decision: 'ask', reasons: ['test'], risks: [] },
    );
    store.close();
    const core = await createCore({ home, logger: () => {} });
    try {
      expect(core.getRequest('01ARZ3NDEKTSV4RRFFQ69G5FAV').status).toBe('cancelled');
      expect(await core.approver.listPending()).toEqual([]);
    } finally {
      await core.close();
    }
  });

  it('a server that is closing refuses new work cleanly', async () => {
    g = await startGatehouse();
    const port = g.port;
    await g.close();
    g = undefined;
    await expect(http(port, 'GET', '/healthz')).rejects.toThrow();
  });
});
