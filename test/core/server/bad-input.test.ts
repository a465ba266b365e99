// Bad input on the real server: each gets the right status and a one-line JSON error; the server keeps serving and
// nothing recorded is lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, startGatehouse, type HttpResult, type TestGatehouse } from './helpers.js';

let g: TestGatehouse;
let decidedId: string;
let entriesBefore: number;

beforeAll(async () => {
  g = await startGatehouse();
  // Something on record before the abuse starts: one decided request.
  await g.approver('POST', '/v1/rules', { action: 'deny', pattern: 'mcp__tests__denied' });
  const res = await g.agent('POST', '/v1/requests', { tool_name: 'mcp__tests__denied', args: { x: 1 } });
  decidedId = (res.json as { id: string }).id;
  entriesBefore = ((await g.approver('GET', '/v1/audit')).json as { entries: unknown[] }).entries.length;
});
afterAll(() => g.close());

const oneLineError = (res: HttpResult) => {
  expect(res.json).toEqual({ error: expect.any(String) });
  const error = (res.json as { error: string }).error;
  expect(error).not.toMatch(/\n/);
  return error;
};

describe('bad input', () => {
  const rows: Array<[string, () => Promise<HttpResult>, number, RegExp?]> = [
    ['malformed JSON', () => http(g.port, 'POST', '/v1/requests', { token: g.agentToken, raw: '{"tool_name": "Bash", ' }), 400, /JSON/i],
    ['empty JSON body', () => http(g.port, 'POST', '/v1/requests', { token: g.agentToken, raw: '' }), 400],
    ['JSON that is not an object', () => http(g.port, 'POST', '/v1/requests', { token: g.agentToken, raw: '[1,2]' }), 400],
    ['wrong type: tool_name a number', () => g.agent('POST', '/v1/requests', { tool_name: 123, args: {} }), 400, /tool_name/],
    ['wrong type: args a string', () => g.agent('POST', '/v1/requests', { tool_name: 'Bash', args: 'ls' }), 400, /args/],
    ['missing field: args', () => g.agent('POST', '/v1/requests', { tool_name: 'Bash' }), 400, /args/],
    ['missing field: tool_name', () => g.agent('POST', '/v1/requests', { args: {} }), 400, /tool_name/],
    ['empty tool_name', () => g.agent('POST', '/v1/requests', { tool_name: '', args: {} }), 400, /tool_name/],
    ['NUL byte in a file path', () => g.agent('POST', '/v1/requests', { tool_name: 'Read', args: { file_path: '/etc/pass\u0000wd' }, cwd: '/tmp' }), 400, /NUL/],
    ['NUL byte in cwd', () => g.agent('POST', '/v1/requests', { tool_name: 'Read', args: { file_path: 'a' }, cwd: '/tmp\u0000x' }), 400, /NUL/],
    ['lone surrogate in a path', () => http(g.port, 'POST', '/v1/requests', { token: g.agentToken, raw: '{"tool_name":"Read","args":{"file_path":"/tmp/\\ud800"}}' }), 400, /Unicode/],
    ['invalid UTF-8 bytes in the body', () => http(g.port, 'POST', '/v1/requests', { token: g.agentToken, raw: Buffer.concat([Buffer.from('{"tool_name":"Read","args":{"file_path":"/tmp/'), Buffer.from([0xc3, 0x28]), Buffer.from('"}}')]) }), 400, /UTF-8/],
    ['9 MB body', () => g.agent('POST', '/v1/requests', { tool_name: 'Write', args: { file_path: '/tmp/big', content: 'x'.repeat(9 * 1024 * 1024) } }), 413, /too large/],
    ['__proto__ key', () => http(g.port, 'POST', '/v1/requests', { token: g.agentToken, raw: '{"tool_name":"X","args":{},"__proto__":{"admin":true}}' }), 400],
    ['text/plain body', () => http(g.port, 'POST', '/v1/requests', { token: g.agentToken, raw: 'hello', headers: { 'content-type': 'text/plain' } }), 415],
    ['NUL in a path parameter', () => g.approver('GET', '/v1/requests/%00/review'), 400, /id/],
    ['invalid UTF-8 in the URL', () => g.approver('GET', '/v1/requests/%C3%28'), 400],
    ['slashes smuggled into an id', () => g.approver('GET', '/v1/rules/..%2F..%2Fetc'), 404],
    ['unknown request id', () => g.agent('GET', '/v1/requests/01ARZ3NDEKTSV4RRFFQ69G5FAV'), 404],
    ['unknown request id for a decision', () => g.approver('POST', '/v1/requests/01ARZ3NDEKTSV4RRFFQ69G5FAV/decision', { approved: true }), 404],
    ['decision on a decided request', () => g.approver('POST', `/v1/requests/${decidedId}/decision`, { approved: true }), 409, /no longer pending/],
    ['decision with approved as a string', () => g.approver('POST', `/v1/requests/${decidedId}/decision`, { approved: 'true' }), 400, /approved/],
    ['decision scope not known', () => g.approver('POST', `/v1/requests/${decidedId}/decision`, { approved: true, scope: 'forever' }), 400, /scope/],
    ['unknown rule id', () => g.approver('PATCH', '/v1/rules/01ARZ3NDEKTSV4RRFFQ69G5FAV', { enabled: false }), 404],
    ['malformed rule pattern', () => g.approver('POST', '/v1/rules', { action: 'allow', pattern: 'Bash(git status' }), 400, /parenthes/],
    ['rule action not known', () => g.approver('POST', '/v1/rules', { action: 'maybe', pattern: 'Bash' }), 400, /action/],
    ['settings with a negative timeout', () => g.approver('PATCH', '/v1/settings', { timeout_seconds: -1 }), 400, /timeout_seconds/],
    ['settings with an unknown mode', () => g.approver('PATCH', '/v1/settings', { mode: 'yolo' }), 400, /mode/],
    ['import that is not JSON', () => g.approver('POST', '/v1/rules/import', { json: 'not json' }), 400, /JSON/],
    ['unknown preset', () => g.approver('POST', '/v1/presets/nope/apply'), 404],
    ['audit limit out of range', () => g.approver('GET', '/v1/audit?limit=100000'), 400, /limit/],
    ['a wait that is not a number', () => g.agent('POST', '/v1/requests?wait=soon', { tool_name: 'mcp__tests__denied', args: {} }), 400, /wait/],
    ['audit export with an unknown format', () => g.approver('GET', '/v1/audit/export?format=xml'), 400, /format/],
    ['hostile full-text query', () => g.approver('GET', `/v1/audit?q=${encodeURIComponent('"NEAR( * -')}`), 200],
    ['unknown route', () => g.agent('GET', '/v1/nope'), 404, /no such route/],
    ['wrong method', () => g.agent('PUT', '/v1/requests'), 404],
  ];

  it.each(rows)('%s → %i', async (_name, call, status, message) => {
    const res = await call();
    expect(res.status).toBe(status);
    if (status !== 200) {
      const error = oneLineError(res);
      if (message) expect(error).toMatch(message);
    }
  });

  it('the server still serves afterwards and the audit is intact', async () => {
    expect((await http(g.port, 'GET', '/healthz')).status).toBe(200);
    const audit = (await g.approver('GET', '/v1/audit')).json as { entries: Array<{ id: string; status: string }> };
    expect(audit.entries.length).toBe(entriesBefore);
    expect(audit.entries.find((e) => e.id === decidedId)?.status).toBe('denied');
    const ok = await g.agent('POST', '/v1/requests', { tool_name: 'mcp__tests__denied', args: { x: 2 } });
    expect(ok.json).toMatchObject({ status: 'denied' });
  });
});
