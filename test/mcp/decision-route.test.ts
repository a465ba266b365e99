// The agent-runtime seed's approve semantics on POST /v1/requests/:id/decision: a missing `approved` is a 400 naming
// the field, deciding a request that is no longer pending is a 409 (not 400: the body was fine, the state moved on —
// a client retrying after a lost answer can tell "already decided" from "malformed"), and an unknown id is a 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatehouse, type TestGatehouse } from '../core/server/helpers.js';

let g: TestGatehouse;
beforeAll(async () => {
  g = await startGatehouse();
});
afterAll(() => g.close());

describe('POST /v1/requests/:id/decision', () => {
  it('400 naming `approved` when it is missing; 409 once decided; 404 for an unknown id', async () => {
    const id = ((await g.agent('POST', '/v1/requests', { tool_name: 'mcp__x__y', args: {} })).json as { id: string }).id;
    const missing = await g.approver('POST', `/v1/requests/${id}/decision`, { reason: 'no verdict' });
    expect(missing.status).toBe(400);
    expect((missing.json as { error: string }).error).toMatch(/approved/);
    expect((await g.approver('POST', `/v1/requests/${id}/decision`, { approved: true })).status).toBe(200);
    const again = await g.approver('POST', `/v1/requests/${id}/decision`, { approved: false });
    expect(again.status).toBe(409);
    expect((again.json as { error: string }).error).toMatch(/no longer pending \(approved\)/);
    expect((await g.approver('POST', '/v1/requests/01ARZ3NDEKTSV4RRFFQ69G5FAV/decision', { approved: true })).status).toBe(404);
  });
});
