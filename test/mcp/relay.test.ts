// tools/call through the proxy's relay, spoken as raw JSON-RPC lines by an agent to `gatehouse mcp-proxy` in front of
// a real MCP server that logs what reaches it: a malformed or notification-shaped call reaches neither Gatehouse nor
// the server, an approved call's answer comes back as the server wrote it, and a cancelled call is cancelled upstream.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../common/domain.js';
import { writeEndpoint } from '../../main/core/endpoint/endpoint.js';
import { BIN, BUILT } from '../core/cli/run-cli.js';
import { startGatehouse, tempDir, type TestGatehouse } from '../core/server/helpers.js';

const require = createRequire(import.meta.url);
type Message = { id?: unknown; method?: string; result?: unknown; error?: { code: number; message: string } };

let g: TestGatehouse;
let dir: string;
let upstream: string;
let proxy: ChildProcessWithoutNullStreams | undefined;

/** What reached the server, one line per event. */
const serverLog = (): string[] => (existsSync(join(dir, 'log')) ? readFileSync(join(dir, 'log'), 'utf8').trim().split('\n') : []);

beforeEach(async () => {
  g = await startGatehouse();
  writeEndpoint(g.home, { url: g.server.url, token: g.agentToken, pid: process.pid, key: g.server.publicKey });
  await g.approver('POST', '/v1/rules', { action: 'allow', pattern: 'mcp__logged' });
  dir = tempDir('gatehouse-mcp-relay-');
  upstream = join(dir, 'server.mjs');
  const log = JSON.stringify(join(dir, 'log'));
  writeFileSync(upstream, `
    import { appendFileSync } from 'node:fs';
    import { McpServer } from ${JSON.stringify(require.resolve('@modelcontextprotocol/sdk/server/mcp.js'))};
    import { StdioServerTransport } from ${JSON.stringify(require.resolve('@modelcontextprotocol/sdk/server/stdio.js'))};
    import { z } from ${JSON.stringify(require.resolve('zod'))};
    const s = new McpServer({ name: 'logged', version: '1' });
    s.registerTool('echo', { inputSchema: { text: z.string() } }, async ({ text }) => {
      appendFileSync(${log}, 'echo ' + text + '\\n');
      return { content: [{ type: 'text', text }], structuredContent: { echoed: text, at: [1, 2] } };
    });
    s.registerTool('wait', { inputSchema: {} }, async (_args, extra) => {
      appendFileSync(${log}, 'wait started\\n');
      await new Promise((resolve) => extra.signal.addEventListener('abort', resolve));
      appendFileSync(${log}, 'wait cancelled\\n');
      return { content: [] };
    });
    await s.connect(new StdioServerTransport());
  `);
});
afterEach(async () => {
  proxy?.kill();
  await g.close();
});

/** `gatehouse mcp-proxy --name logged` spoken to line by line, initialized; `next` waits for the next message. */
async function rawAgent(): Promise<{ send(m: object): void; next(): Promise<Message> }> {
  proxy = spawn(process.execPath, [BIN, 'mcp-proxy', '--name', 'logged', '--', process.execPath, upstream], { env: { ...process.env, GATEHOUSE_HOME: g.home } });
  const queue: Message[] = [];
  const waiting: Array<(m: Message) => void> = [];
  createInterface({ input: proxy.stdout }).on('line', (line) => {
    const m = JSON.parse(line) as Message;
    const w = waiting.shift();
    if (w) w(m);
    else queue.push(m);
  });
  const send = (m: object) => proxy?.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...m })}\n`);
  const next = () => new Promise<Message>((resolve) => (queue.length > 0 ? resolve(queue.shift()!) : waiting.push(resolve)));
  send({ id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
  expect((await next()).id).toBe(0);
  send({ method: 'notifications/initialized' });
  return { send, next };
}

async function auditedCalls(): Promise<number> {
  return ((await g.approver('GET', '/v1/audit?tool_name=mcp__logged__echo')).json as AuditPage).entries.length;
}

describe.skipIf(!BUILT)('the tools/call relay', () => {
  it('answers a malformed call with a JSON-RPC error, and drops a call sent as a notification: neither is decided or made', async () => {
    const agent = await rawAgent();
    agent.send({ id: 1, method: 'tools/call', params: { name: 'echo', arguments: ['not', 'an', 'object'] } });
    expect(await agent.next()).toMatchObject({ id: 1, error: { code: -32602, message: expect.stringContaining('params.arguments must be an object') } });
    agent.send({ id: 2, method: 'tools/call', params: { arguments: { text: 'no name' } } });
    expect(await agent.next()).toMatchObject({ id: 2, error: { code: -32602 } });
    agent.send({ method: 'tools/call', params: { name: 'echo', arguments: { text: 'as a notification' } } });
    agent.send({ id: 3, method: 'tools/call', params: { name: 'echo', arguments: { text: 'proper' } } });
    expect(await agent.next()).toMatchObject({ id: 3, result: { content: [{ type: 'text', text: 'proper' }] } });
    expect(serverLog()).toEqual(['echo proper']);
    expect(await auditedCalls()).toBe(1);
  });

  it('answers a line that is not JSON with a parse error and keeps serving', async () => {
    const agent = await rawAgent();
    proxy?.stdin.write('{"jsonrpc":"2.0","id":1,"method":"tools/call",\n');
    expect(await agent.next()).toMatchObject({ id: null, error: { code: -32700 } });
    agent.send({ id: 2, method: 'tools/call', params: { name: 'echo', arguments: { text: 'still here' } } });
    expect(await agent.next()).toMatchObject({ id: 2, result: { content: [{ text: 'still here' }] } });
    expect(serverLog()).toEqual(['echo still here']);
  });

  it("an approved call's answer is what the server answers directly", async () => {
    const agent = await rawAgent();
    agent.send({ id: 'str-id', method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } });
    const relayed = await agent.next();
    const direct = new Client({ name: 'direct', version: '1' });
    await direct.connect(new StdioClientTransport({ command: process.execPath, args: [upstream], stderr: 'ignore' }));
    try {
      expect(relayed).toEqual({ jsonrpc: '2.0', id: 'str-id', result: await direct.callTool({ name: 'echo', arguments: { text: 'hi' } }) });
    } finally {
      await direct.close();
    }
  });

  it('a call the agent cancels after it was sent is cancelled at the server too, and gets no answer', async () => {
    const agent = await rawAgent();
    agent.send({ id: 7, method: 'tools/call', params: { name: 'wait', arguments: {} } });
    await expect.poll(serverLog, { timeout: 10_000 }).toContain('wait started');
    agent.send({ method: 'notifications/cancelled', params: { requestId: 7, reason: 'changed my mind' } });
    await expect.poll(serverLog, { timeout: 10_000 }).toContain('wait cancelled');
    agent.send({ id: 8, method: 'ping' });
    expect(await agent.next()).toMatchObject({ id: 8, result: {} });
  });
});
