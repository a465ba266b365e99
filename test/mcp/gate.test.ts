// The MCP proxy's line to Gatehouse, against real servers on 127.0.0.1: endpoint.json is read once and again only
// when it changes, so a restarted Gatehouse (new port, new token) is reached at once, and a removed or foreign
// endpoint.json refuses the call.
import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../common/domain.js';
import { endpointPath, writeEndpoint } from '../../main/core/endpoint/endpoint.js';
import { Gate } from '../../main/core/mcp/gate.js';
import { startGatehouse, type TestGatehouse } from '../core/server/helpers.js';

let first: TestGatehouse;
let second: TestGatehouse;
let gate: Gate;

const announce = (home: string, g: TestGatehouse, url = g.server.url) =>
  writeEndpoint(home, { url, token: g.agentToken, pid: process.pid, key: g.server.publicKey });
const call = (tool: string) => gate.submit({ tool_name: tool, args: {}, agent: 'mcp', cwd: '/' }, 0);
const recorded = async (g: TestGatehouse, tool: string) => ((await g.approver('GET', `/v1/audit?tool_name=${tool}`)).json as AuditPage).entries.length;

beforeEach(async () => {
  first = await startGatehouse();
  second = await startGatehouse();
  for (const g of [first, second]) await g.approver('POST', '/v1/rules', { action: 'allow', pattern: 'mcp__t' });
  announce(first.home, first);
  gate = new Gate(first.home);
});
afterEach(async () => {
  gate.close();
  await Promise.all([first.close(), second.close()]);
});

describe('Gate', () => {
  it('follows endpoint.json when another Gatehouse takes over (new port and token)', async () => {
    expect((await call('mcp__t__one')).status).toBe('approved');
    announce(first.home, second);
    expect((await call('mcp__t__two')).status).toBe('approved');
    expect([await recorded(first, 'mcp__t__one'), await recorded(first, 'mcp__t__two')]).toEqual([1, 0]);
    expect(await recorded(second, 'mcp__t__two')).toBe(1);
  });

  it('refuses once endpoint.json is gone, and when it names another machine', async () => {
    expect((await call('mcp__t__one')).status).toBe('approved');
    rmSync(endpointPath(first.home));
    await expect(call('mcp__t__two')).rejects.toThrow(/Gatehouse is not running/);
    announce(first.home, first, 'http://192.0.2.1:8080');
    await expect(call('mcp__t__three')).rejects.toThrow(/not this machine/);
    expect(await recorded(first, 'mcp__t__two')).toBe(0);
  });
});
