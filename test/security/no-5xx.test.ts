// Inputs that once made the server answer 5xx (issue 10 item 7): each must be a 4xx that names the problem.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, startGatehouse, type TestGatehouse } from '../core/server/helpers.js';

let g: TestGatehouse;
beforeAll(async () => {
  g = await startGatehouse();
});
afterAll(() => g.close());

/** `{"a":{"a":…}}` nested `depth` levels, as raw JSON text (building it as an object would recurse too). */
const nested = (depth: number): string => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('hostile input gets a 4xx naming the problem, never a 5xx', () => {
  it('args nested ~5,000 levels deep', async () => {
    const raw = `{"tool_name":"mcp__x__y","args":${nested(5000)}}`;
    const r = await http(g.port, 'POST', '/v1/requests', { token: g.agentToken, raw });
    expect(r.status, r.text).toBe(400);
    expect(r.text).toMatch(/nest/i);
  });

  it('a hook event whose tool_input is nested 5,000 levels deep', async () => {
    const raw = `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":${nested(5000)},"session_id":"s","cwd":"/tmp"}`;
    const r = await http(g.port, 'POST', '/v1/hooks/claude-code', { token: g.agentToken, raw });
    expect(r.status, r.text).toBe(400);
  });

  it('a search q holding a NUL', async () => {
    for (const path of ['/v1/audit?q=a%00b', '/v1/audit/export?format=csv&q=a%00b', '/v1/audit/stats?q=%00']) {
      const r = await g.approver('GET', path);
      expect(r.status, `${path}: ${r.text}`).toBe(400);
      expect(r.text).toMatch(/q/);
    }
  });

  it('an invalid filter on the export route', async () => {
    for (const path of ['/v1/audit/export?format=csv&status=sideways', '/v1/audit/export?format=csv&from=whenever', '/v1/audit/export?format=xml', '/v1/audit/export?format=csv&limit=-1']) {
      const r = await g.approver('GET', path);
      expect(r.status, `${path}: ${r.text}`).toBeGreaterThanOrEqual(400);
      expect(r.status, `${path}: ${r.text}`).toBeLessThan(500);
      expect(JSON.parse(r.text)).toHaveProperty('error');
    }
  });
});
