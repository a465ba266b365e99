// `gatehouse mcp-proxy --url`: a real MCP server over Streamable HTTP (the SDK's own server transport, on 127.0.0.1)
// behind the proxy, driven by the SDK's client over stdio against a real Gatehouse: hidden, decided, held, and a
// server that goes away fails the call instead of hanging it.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { writeEndpoint } from '../../main/core/endpoint/endpoint.js';
import { BUILT, runCli } from '../core/cli/run-cli.js';
import { pendingOne, proxyClient, resultText } from './support.js';
import { startGatehouse, type TestGatehouse } from '../core/server/helpers.js';

let g: TestGatehouse;
let http: Server;
let url: string;
const wiped: string[] = [];
const clients: Client[] = [];

/** A fresh MCP server per request (the SDK's stateless Streamable HTTP pattern) with two tools. */
function mcpServer(): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });
  server.registerTool('echo', { description: 'Echo text', inputSchema: { text: z.string() } }, async ({ text }) => ({ content: [{ type: 'text', text: `echo: ${text}` }] }));
  server.registerTool('wipe', { description: 'Delete a note', inputSchema: { id: z.string() }, annotations: { destructiveHint: true } }, async ({ id }) => {
    wiped.push(id);
    return { content: [{ type: 'text', text: `wiped ${id}` }] };
  });
  return server;
}

beforeEach(async () => {
  g = await startGatehouse();
  writeEndpoint(g.home, g.server.endpoint);
  wiped.length = 0;
  http = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const server = mcpServer();
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on('close', () => void Promise.allSettled([transport.close(), server.close()]));
      void server.connect(transport).then(() => transport.handleRequest(req, res, chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
});
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((c) => c.close()));
  http.closeAllConnections();
  await new Promise((resolve) => http.close(resolve));
  await g.close();
});

async function proxied(): Promise<Client> {
  const client = await proxyClient(g.home, ['--name', 'notes', '--url', url]);
  clients.push(client);
  return client;
}

describe.skipIf(!BUILT)('gatehouse mcp-proxy --url (Streamable HTTP upstream)', () => {
  it('hides a denied tool, answers an allowed one, holds the rest for the person', async () => {
    await g.approver('POST', '/v1/rules', { action: 'allow', pattern: 'mcp__notes__echo' });
    await g.approver('POST', '/v1/rules', { action: 'deny', pattern: 'mcp__notes__wipe' });
    const client = await proxied();
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['echo']);
    expect(resultText(await client.callTool({ name: 'echo', arguments: { text: 'hi' } }))).toBe('echo: hi');
    const refused = await client.callTool({ name: 'wipe', arguments: { id: 'n1' } });
    expect(refused.isError).toBe(true);
    expect(wiped).toEqual([]);
  });

  it('a held call runs with the arguments the person approved, and not after a deny', async () => {
    const client = await proxied();
    await client.listTools();
    const call = client.callTool({ name: 'wipe', arguments: { id: 'n1' } });
    const held = await pendingOne(g);
    expect(held.request).toMatchObject({ tool_name: 'mcp__notes__wipe', agent: 'mcp' });
    await g.approver('POST', `/v1/requests/${held.request.id}/decision`, { approved: true, updated_args: { id: 'n2' } });
    // The server's own answer, then the note that tells the model the person changed the call.
    const content = (await call).content as Array<{ text?: string }>;
    expect(content[0]!.text).toBe('wiped n2');
    expect(content[1]!.text).toContain('id was changed to `n2`');
    const denied = client.callTool({ name: 'wipe', arguments: { id: 'n3' } });
    const second = await pendingOne(g);
    await g.approver('POST', `/v1/requests/${second.request.id}/decision`, { approved: false, reason: 'not that one' });
    expect(resultText(await denied)).toContain('not that one');
    expect(wiped).toEqual(['n2']);
  });

  it('a server that goes away fails the call with an error instead of hanging', async () => {
    await g.approver('POST', '/v1/rules', { action: 'allow', pattern: 'mcp__notes__echo' });
    const client = await proxied();
    await client.listTools();
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
    const outcome = await client.callTool({ name: 'echo', arguments: { text: 'x' } }).then((r) => (r.isError ? 'error result' : 'answered'), () => 'rejected');
    expect(outcome).not.toBe('answered');
  });

  it.each([
    [['--name', 'x', '--url', 'ftp://host/mcp'], /http or https/],
    [['--name', 'x', '--url', 'not a url'], /is not a URL/],
    [['--name', 'x', '--url', 'http://127.0.0.1:1/mcp', '--', 'node', 's.js'], /not both/],
    [['--url', 'http://127.0.0.1:1/mcp'], /--name NAME is required/],
  ])('refuses %j', async (args, message) => {
    const r = await runCli(['mcp-proxy', ...args], { env: { GATEHOUSE_HOME: g.home } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});
