// Server-sent events reach the UI in order; /metrics exposes the counters in Prometheus text format.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatehouseEvent } from '../../../common/api.js';
import { nextEvent, startGatehouse, type TestGatehouse } from './helpers.js';

let g: TestGatehouse;
beforeAll(async () => {
  g = await startGatehouse();
});
afterAll(() => g.close());

/** Opens the SSE stream and collects parsed events until `count` arrived. */
function collectEvents(count: number): { opened: Promise<void>; events: Promise<Array<{ name: string; data: GatehouseEvent }>> } {
  let onOpen: () => void = () => {};
  const opened = new Promise<void>((r) => (onOpen = r));
  const events = new Promise<Array<{ name: string; data: GatehouseEvent }>>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: g.port, path: '/v1/events', headers: { authorization: `Bearer ${g.approverToken}` } }, (res) => {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/event-stream/);
      let buffer = '';
      const seen: Array<{ name: string; data: GatehouseEvent }> = [];
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        if (buffer.startsWith(': connected')) onOpen();
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (name && data) seen.push({ name, data: JSON.parse(data) as GatehouseEvent });
          if (seen.length === count) {
            req.destroy();
            resolve(seen);
          }
        }
      });
    });
    req.on('error', reject);
    req.end();
  });
  return { opened, events };
}

describe('SSE /v1/events', () => {
  it('delivers request_pending then request_decided, and rule_changed', async () => {
    const { opened, events } = collectEvents(3);
    await opened;
    const pending = nextEvent(g.core, 'request_pending');
    const agent = g.agent('POST', '/v1/requests?wait=30', { tool_name: 'mcp__tests__sse', args: { a: 1 } });
    const { record } = await pending;
    await g.approver('POST', `/v1/requests/${record.request.id}/decision`, { approved: true });
    await agent;
    await g.approver('POST', '/v1/rules', { action: 'deny', pattern: 'mcp__tests__never' });
    const got = await events;
    expect(got.map((e) => e.name)).toEqual(['request_pending', 'request_decided', 'rule_changed']);
    expect(got[0]?.data).toMatchObject({ type: 'request_pending', record: { request: { id: record.request.id }, status: 'pending' } });
    expect(got[1]?.data).toMatchObject({ type: 'request_decided', record: { status: 'approved', decision: { decided_by: 'user' } } });
  });
});

describe('/metrics', () => {
  it('exposes the counters and the latency histogram', async () => {
    await g.approver('POST', '/v1/rules', { action: 'deny', pattern: 'mcp__tests__denied' });
    await g.agent('POST', '/v1/requests', { tool_name: 'mcp__tests__denied', args: {} });
    await g.agent('GET', '/v1/rules'); // the agent token on an approver route: an auth failure
    const res = await g.approver('GET', '/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    const text = res.text;
    for (const name of ['tool_consent_required_total', 'tool_authorization_failures_total', 'dangerous_operations_detected_total']) {
      expect(text).toMatch(new RegExp(`^# TYPE ${name} counter$`, 'm'));
      expect(text).toMatch(new RegExp(`^${name} \\d+$`, 'm'));
    }
    expect(text).toMatch(/^tool_consent_required_total [1-9]/m);
    expect(text).toMatch(/^tool_authorization_failures_total [1-9]/m);
    expect(text).toMatch(/^gatehouse_requests_total\{decision="denied"\} [1-9]/m);
    expect(text).toMatch(/^gatehouse_requests_total\{decision="approved"\} [1-9]/m);
    expect(text).toMatch(/^gatehouse_http_auth_failures_total\{status="403"\} [1-9]/m);
    expect(text).toMatch(/^# TYPE gatehouse_decision_latency_seconds histogram$/m);
    expect(text).toMatch(/^gatehouse_decision_latency_seconds_bucket\{le="\+Inf"\} [1-9]/m);
    expect(text).toMatch(/^gatehouse_decision_latency_seconds_count [1-9]/m);
  });

  it('counts a dangerous command', async () => {
    const before = /^dangerous_operations_detected_total (\d+)$/m.exec((await g.approver('GET', '/metrics')).text)?.[1];
    await g.agent('POST', '/v1/requests', { tool_name: 'Bash', args: { command: 'sudo rm -rf /' }, cwd: '/tmp' });
    const after = /^dangerous_operations_detected_total (\d+)$/m.exec((await g.approver('GET', '/metrics')).text)?.[1];
    expect(Number(after)).toBeGreaterThan(Number(before));
  });
});
