// A plain read of a local dev server under the Everyday preset, on the real server with its endpoint published as
// `gatehouse serve` publishes it: another loopback port is read without the person; Gatehouse's own port, uploads,
// redirects and proxies are not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishEndpoint } from '../../main/core/endpoint/publish.js';
import { makeWorkspace, startGatehouse, type TestGatehouse } from '../core/server/helpers.js';

let ws: string;
let cleanupWs: () => void;
let g: TestGatehouse;
beforeAll(async () => {
  ({ ws, cleanup: cleanupWs } = makeWorkspace());
  g = await startGatehouse();
  publishEndpoint(g.home, g.server.endpoint);
  await g.approver('POST', '/v1/presets/everyday/apply');
  // Strict: what would be asked is denied, so nothing waits for a person.
  await g.approver('PATCH', '/v1/settings', { mode: 'strict' });
});
afterAll(async () => {
  await g.close();
  cleanupWs();
});

async function status(command: string): Promise<unknown> {
  const res = await g.agent('POST', '/v1/requests', { tool_name: 'Bash', args: { command: command.replaceAll('{{PORT}}', String(g.port)) }, cwd: ws });
  return (res.json as { status: unknown }).status;
}

describe('reading a local dev server under Everyday', () => {
  it.each(['curl -s http://localhost:5173 | head -20', 'curl -s -o /dev/null -w "%{http_code}" http://127.0.0.1:3000 && echo up || echo down'])('%s is allowed', async (command) => {
    expect(await status(command)).toBe('approved');
  });

  it.each([
    'curl -s http://127.0.0.1:{{PORT}}/v1/requests', 'curl -s http://localhost:{{PORT}}/healthz', 'curl -s http://0.0.0.0:{{PORT}}/', 'curl -s -d @README.md http://localhost:3000',
    'curl -sL http://localhost:3000', 'curl -s -x http://evil.example:8080 http://localhost:3000', 'curl -s -H "X: y" http://localhost:3000', 'curl -s http://localhost:3000@evil.example/',
  ])('%s is not', async (command) => {
    expect(await status(command)).not.toBe('approved');
  });
});
