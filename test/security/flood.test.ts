// Flooding the queue (issue 10 item 5): 41 pending ~8 MiB Writes once took the server to 1.8 GB and broke the
// listing. What waits is bounded, listings carry summaries, the rest ends at once without a decision (never an allow),
// and the person can still see the flood and deny it in bulk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestRecord } from '../../common/domain.js';
import { MAX_PENDING_BYTES } from '../../main/core/broker/queue-bounds.js';
import { startGatehouse, type TestGatehouse } from '../core/server/helpers.js';

let g: TestGatehouse;
beforeAll(async () => {
  g = await startGatehouse();
});
afterAll(() => g.close());

const EIGHT_MIB = 'x'.repeat(8 * 1024 * 1024 - 200);

describe('a flood of huge pending Writes', () => {
  it('holds a bounded amount, refuses the rest without a decision, and the queue stays listable and deniable', async () => {
    const statuses: string[] = [];
    for (let i = 0; i < 41; i++) {
      const r = await g.agent('POST', '/v1/requests', { tool_name: 'Write', args: { file_path: `/tmp/flood-${i}.txt`, content: EIGHT_MIB }, session_id: 'flood', cwd: '/tmp' });
      expect(r.status).toBe(200);
      const answer = r.json as { status: string; decision?: { reason?: string } };
      statuses.push(answer.status);
      if (answer.status === 'cancelled') expect(answer.decision?.reason).toMatch(/queue is full/);
    }
    const held = statuses.filter((s) => s === 'pending').length;
    expect(held).toBeGreaterThan(0);
    expect(held * 8 * 1024 * 1024).toBeLessThanOrEqual(MAX_PENDING_BYTES);
    expect(statuses.filter((s) => s === 'cancelled')).toHaveLength(41 - held);
    expect(statuses).not.toContain('approved');

    const list = await g.approver('GET', '/v1/requests?status=pending');
    expect(list.status).toBe(200);
    const records = list.json as RequestRecord[];
    expect(records).toHaveLength(held);
    // Summaries: the listing is small, each long content cut and flagged; the request by id is whole.
    expect(list.text.length).toBeLessThan(2 * 1024 * 1024);
    expect(records.every((r) => r.args_truncated === true)).toBe(true);
    const one = (await g.approver('GET', `/v1/requests/${records[0]!.request.id}`)).json as RequestRecord;
    expect((one.request.args['content'] as string).length).toBe(EIGHT_MIB.length);

    // Deny them all, then the queue takes new requests again.
    for (const r of records) expect((await g.approver('POST', `/v1/requests/${r.request.id}/decision`, { approved: false, reason: 'flood' })).status).toBe(200);
    expect((await g.approver('GET', '/v1/requests?status=pending')).json).toEqual([]);
    const after = await g.agent('POST', '/v1/requests', { tool_name: 'Write', args: { file_path: '/tmp/after.txt', content: 'small' }, session_id: 'flood', cwd: '/tmp' });
    expect((after.json as { status: string }).status).toBe('pending');
    expect(process.memoryUsage().rss).toBeLessThan(1.5 * 1024 * 1024 * 1024);
  }, 120_000);
});
