// What the proxy suites share: the SDK client on `gatehouse mcp-proxy …` over stdio, the one pending request, and a
// tool result's text.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { RequestRecord } from '../../common/domain.js';
import { BIN } from '../core/cli/run-cli.js';
import type { TestGatehouse } from '../core/server/helpers.js';

/** The SDK's client connected to `gatehouse mcp-proxy PROXYARGS` for the Gatehouse in `home`. */
export async function proxyClient(home: string, proxyArgs: string[]): Promise<Client> {
  const client = new Client({ name: 'test-agent', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp-proxy', ...proxyArgs], env: { ...process.env, GATEHOUSE_HOME: home } as Record<string, string>, stderr: 'ignore' }));
  return client;
}

/** The one pending request, once it appears. */
export async function pendingOne(g: TestGatehouse): Promise<RequestRecord> {
  for (let i = 0; i < 200; i++) {
    const list = (await g.approver('GET', '/v1/requests?status=pending')).json as RequestRecord[];
    if (list.length > 0) return list[0]!;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('no request became pending');
}

/** A tool result's text parts, joined. */
export function resultText(result: unknown): string {
  return ((result as { content: Array<{ text?: string }> }).content ?? []).map((c) => c.text ?? '').join('\n');
}
