// The real @modelcontextprotocol/server-filesystem and server-everything behind `gatehouse mcp-proxy`, driven by the
// SDK's own client over stdio, against a real Gatehouse: what deny rules hide, what is decided, what passes through.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RequestRecord } from '../../common/domain.js';
import { writeEndpoint } from '../../main/core/endpoint/endpoint.js';
import { startGatehouse, tempDir, type TestGatehouse } from '../core/server/helpers.js';
import { BUILT } from '../core/cli/run-cli.js';
import { pendingOne, proxyClient, resultText } from './support.js';

const require = createRequire(import.meta.url);
const serverEntry = (pkg: string): string => join(dirname(require.resolve(`${pkg}/package.json`)), 'dist', 'index.js');
const FILESYSTEM = serverEntry('@modelcontextprotocol/server-filesystem');
const EVERYTHING = serverEntry('@modelcontextprotocol/server-everything');

let g: TestGatehouse;
let files: string;
const clients: Client[] = [];

beforeEach(async () => {
  g = await startGatehouse();
  writeEndpoint(g.home, g.server.endpoint);
  files = tempDir('gatehouse-mcp-files-');
  writeFileSync(join(files, 'notes.txt'), 'hello from disk\n');
});
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((c) => c.close()));
  await g.close();
});

/** The SDK client connected to `gatehouse mcp-proxy --name NAME -- node ENTRY ARGS`. */
async function proxied(name: string, entry: string, args: string[] = []): Promise<Client> {
  const client = await proxyClient(g.home, ['--name', name, '--', process.execPath, entry, ...args]);
  clients.push(client);
  return client;
}

describe.skipIf(!BUILT)('gatehouse mcp-proxy', () => {
  it('hides the tools a deny rule refuses whole, and answers an allowed read', async () => {
    await g.approver('POST', '/v1/rules', { action: 'deny', pattern: 'mcp__fs__move_file' });
    await g.approver('POST', '/v1/rules', { action: 'allow', pattern: 'mcp__fs__read_text_file' });
    const client = await proxied('fs', FILESYSTEM, [files]);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('read_text_file');
    expect(names).not.toContain('move_file');
    const read = await client.callTool({ name: 'read_text_file', arguments: { path: join(files, 'notes.txt') } });
    expect(resultText(read)).toContain('hello from disk');
    // Called anyway, a hidden tool is refused as a result the model reads.
    const sneaky = await client.callTool({ name: 'move_file', arguments: { source: join(files, 'notes.txt'), destination: join(files, 'x.txt') } });
    expect(sneaky.isError).toBe(true);
    expect(existsSync(join(files, 'notes.txt'))).toBe(true);
  });

  it('holds a write for the person: approved it lands, with the review showing the tool; denied it does not, with the reason', async () => {
    const client = await proxied('fs', FILESYSTEM, [files]);
    await client.listTools();
    const target = join(files, 'approved.txt');
    const call = client.callTool({ name: 'write_file', arguments: { path: target, content: 'written after approval' } });
    const held = await pendingOne(g);
    expect(held.request).toMatchObject({ tool_name: 'mcp__fs__write_file', agent: 'mcp' });
    expect(held.request.presentation?.content).toMatch(/inputSchema/);
    expect(existsSync(target)).toBe(false);
    await g.approver('POST', `/v1/requests/${held.request.id}/decision`, { approved: true });
    expect((await call).isError).toBeFalsy();
    expect(readFileSync(target, 'utf8')).toBe('written after approval');

    const refused = join(files, 'refused.txt');
    const second = client.callTool({ name: 'write_file', arguments: { path: refused, content: 'no' } });
    const held2 = await pendingOne(g);
    await g.approver('POST', `/v1/requests/${held2.request.id}/decision`, { approved: false, reason: 'not in this folder' });
    const result = await second;
    expect(result.isError).toBe(true);
    expect(resultText(result)).toContain('not in this folder');
    expect(existsSync(refused)).toBe(false);
  });

  it('the arguments the person edited are what the server receives', async () => {
    const client = await proxied('fs', FILESYSTEM, [files]);
    await client.listTools();
    const call = client.callTool({ name: 'write_file', arguments: { path: join(files, 'agent.txt'), content: 'agent version' } });
    const held = await pendingOne(g);
    const edited = { path: join(files, 'person.txt'), content: 'person version' };
    expect((await g.approver('POST', `/v1/requests/${held.request.id}/decision`, { approved: true, updated_args: edited, reason: 'another file' })).status).toBe(200);
    const result = await call;
    expect(readFileSync(join(files, 'person.txt'), 'utf8')).toBe('person version');
    expect(existsSync(join(files, 'agent.txt'))).toBe(false);
    // The server's own result first, then one text item telling the model what the person changed.
    const content = result.content as Array<{ type: string; text: string }>;
    expect(content.length).toBe(2);
    expect(content[0]!.text).toContain('person.txt');
    expect(content[1]!.text).toMatch(/^The person reviewing this call in Gatehouse edited its arguments before approving it/);
    expect(content[1]!.text).toContain(`- path was changed to \`${join(files, 'person.txt')}\``);
    expect(content[1]!.text).toContain('- content was changed to `person version`');
    expect(content[1]!.text).toContain('Their reason: another file');
  });

  it('a call cancelled while held is withdrawn from the queue', async () => {
    const client = await proxied('fs', FILESYSTEM, [files]);
    await client.listTools();
    const ac = new AbortController();
    const call = client.callTool({ name: 'write_file', arguments: { path: join(files, 'never.txt'), content: 'x' } }, undefined, { signal: ac.signal });
    const held = await pendingOne(g);
    ac.abort();
    await expect(call).rejects.toThrow();
    await expect.poll(async () => ((await g.approver('GET', `/v1/requests/${held.request.id}`)).json as RequestRecord).status, { timeout: 10_000 }).toBe('cancelled');
    expect(existsSync(join(files, 'never.txt'))).toBe(false);
  });

  it('resources and prompts pass through unchanged (server-everything)', async () => {
    const client = await proxied('everything', EVERYTHING, ['stdio']);
    const prompts = await client.listPrompts();
    expect(prompts.prompts.map((p) => p.name)).toContain('simple-prompt');
    const prompt = await client.getPrompt({ name: 'simple-prompt' });
    expect(prompt.messages.length).toBeGreaterThan(0);
    const resources = await client.listResources();
    expect(resources.resources.length).toBeGreaterThan(0);
    const read = await client.readResource({ uri: resources.resources[0]!.uri });
    expect(read.contents.length).toBeGreaterThan(0);
  });

  it('Gatehouse down: a call is refused with a message saying so, and nothing reaches the server', async () => {
    const client = await proxied('fs', FILESYSTEM, [files]);
    await client.listTools().catch(() => undefined);
    await g.close();
    const target = join(files, 'while-down.txt');
    const result = await client.callTool({ name: 'write_file', arguments: { path: target, content: 'x' } });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toMatch(/Gatehouse did not approve this call/);
    expect(existsSync(target)).toBe(false);
  });

  it('the upstream crashing ends the proxy cleanly: calls fail, nothing hangs', async () => {
    const crashy = join(tempDir('gatehouse-mcp-crash-'), 'crash.mjs');
    mkdirSync(dirname(crashy), { recursive: true });
    writeFileSync(crashy, `
      import { McpServer } from ${JSON.stringify(require.resolve('@modelcontextprotocol/sdk/server/mcp.js'))};
      import { StdioServerTransport } from ${JSON.stringify(require.resolve('@modelcontextprotocol/sdk/server/stdio.js'))};
      const s = new McpServer({ name: 'crashy', version: '1' });
      s.registerTool('boom', { description: 'exits' }, async () => { process.exit(3); });
      await s.connect(new StdioServerTransport());
    `);
    await g.approver('POST', '/v1/rules', { action: 'allow', pattern: 'mcp__crashy__boom' });
    const client = await proxied('crashy', crashy);
    await client.listTools();
    await expect(client.callTool({ name: 'boom', arguments: {} })).rejects.toThrow();
  });
});
