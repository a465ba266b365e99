// What `gatehouse mcp-proxy` adds to an allowed tools/call: the same call through the proxy (decided by a rule) and
// straight to the real server-filesystem, same run, same client library. Goal (issue 9): ≤ 2 ms added at p50.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRuleDecidedGatehouse } from '../support/rule-decided.js';
import { sampleMillisAsync } from '../support/sample.js';
import { percentile, type BenchSuite } from '../types.js';

const require = createRequire(import.meta.url);
const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const server = join(dirname(require.resolve('@modelcontextprotocol/server-filesystem/package.json')), 'dist', 'index.js');
const N = 300;
// Tool calls Gatehouse decides (straight to its route, not through the proxy) before the measured ones: Gatehouse runs
// all day, and V8 has compiled its server, policy and store at their top tier after its first few thousand requests.
// The proxy itself starts with each agent session, so it is measured from its first calls, as before.
const SERVER_WARMUP = 3000;

/** Has Gatehouse decide `count` allowed tool calls as the proxy submits them, one at a time. */
async function warmGatehouse(port: number, token: string, body: Record<string, unknown>, count: number): Promise<void> {
  const text = JSON.stringify(body);
  for (let i = 0; i < count; i++) {
    const res = await fetch(`http://127.0.0.1:${port}/v1/requests`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: text });
    const answer = (await res.json()) as { status?: string };
    if (answer.status !== 'approved') throw new Error(`warm-up call should be allowed by its rule: HTTP ${res.status} ${JSON.stringify(answer)}`);
  }
}

async function connect(command: string, args: string[], env: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(new StdioClientTransport({ command, args, env: { ...(process.env as Record<string, string>), ...env }, stderr: 'ignore' }));
  return client;
}

/** The suite. */
export const suite: BenchSuite = {
  name: 'mcp-proxy',
  async run() {
    const files = mkdtempSync(join(tmpdir(), 'gatehouse-bench-mcp-'));
    writeFileSync(join(files, 'a.txt'), 'hello\n');
    const g = await startRuleDecidedGatehouse('mcp', ['mcp__fs__get_file_info']);
    const direct = await connect(process.execPath, [server, files], {});
    const proxied = await connect(process.execPath, [join(repo, 'bin', 'gatehouse.js'), 'mcp-proxy', '--name', 'fs', '--', process.execPath, server, files], { GATEHOUSE_HOME: g.home });
    try {
      await proxied.listTools();
      const target = join(files, 'a.txt');
      await warmGatehouse(g.port, g.token, { tool_name: 'mcp__fs__get_file_info', args: { path: target }, agent: 'mcp', session_id: 'warm-up', cwd: files }, SERVER_WARMUP);
      const call = (c: Client) => () => c.callTool({ name: 'get_file_info', arguments: { path: target } });
      const base = await sampleMillisAsync(N, call(direct), 20);
      const through = await sampleMillisAsync(N, call(proxied), 20);
      const added = percentile(through, 50) - percentile(base, 50);
      return [
        { name: 'tools/call through the proxy, p50', value: percentile(through, 50), unit: 'ms', baseline: { name: 'direct p50', value: percentile(base, 50), unit: 'ms' } },
        { name: 'tools/call through the proxy, p99', value: percentile(through, 99), unit: 'ms', baseline: { name: 'direct p99', value: percentile(base, 99), unit: 'ms' } },
        { name: 'added by the proxy at p50', value: added, unit: 'ms', goal: '≤ 2 ms', met: added <= 2 },
      ];
    } finally {
      await Promise.allSettled([direct.close(), proxied.close()]);
      await g.close();
      rmSync(files, { recursive: true, force: true });
    }
  },
};
