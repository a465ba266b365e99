// One request must not hold the server (issue 26): a 200 KB command, many subcommands long, is past what Gatehouse
// reads, so it is held for the person (never allowed, even in approve-all) while other agents' calls are still answered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestRecord } from '../../common/domain.js';
import { fixture, makeWorkspace, nextEvent, startGatehouse, type TestGatehouse } from '../core/server/helpers.js';

let g: TestGatehouse;
let ws: string;
let cleanupWs: () => void;
beforeAll(async () => {
  ({ ws, cleanup: cleanupWs } = makeWorkspace());
  g = await startGatehouse();
  await g.approver('PATCH', '/v1/settings', { mode: 'approve-all' });
});
afterAll(async () => {
  await g.close();
  cleanupWs();
});

describe('a huge command', () => {
  it('is held for the person in approve-all while a small call of another agent is answered', async () => {
    const huge = 'echo a; ls src; cd src && cat x; '.repeat(6300);
    expect(huge.length).toBeGreaterThan(200_000);
    const pending = nextEvent(g.core, 'request_pending');
    let hugeAnswered = false;
    const hugeCall = g.agent('POST', '/v1/hooks/claude-code', { ...fixture('pre-bash.json', ws), tool_input: { command: huge } }).then((r) => {
      hugeAnswered = true;
      return r;
    });
    const held: RequestRecord = (await pending).record;
    expect(held.verdict?.decision).toBe('ask');
    expect(held.verdict?.reasons.join(' ')).toContain('Gatehouse reads commands of at most');
    const small = await g.agent('POST', '/v1/hooks/claude-code', { ...fixture('pre-bash.json', ws), session_id: 'other-agent', tool_input: { command: 'ls src' } });
    expect(small.status).toBe(200);
    expect(small.text).toContain('allow');
    expect(hugeAnswered).toBe(false);
    await g.approver('POST', `/v1/requests/${held.request.id}/decision`, { approved: false });
    expect((await hugeCall).text).toContain('deny');
  });
});
