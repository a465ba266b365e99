// The contained scenario for an agent that runs a rewritten command: under a `sandbox` rule the real agent runs a script
// that reads .env, writes in the workspace and in the (throwaway) HOME, and fetches from a local server no rule lists.
// The secret stays unread, only the workspace write lands, the connection waits in Gatehouse as a Network request and
// goes through once the person approves it, and the refused write is on the call's audit entry.
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { ScriptedCall } from '../model/server.js';
import type { Suite } from './scenarios.js';

const SECRET = 'sk-live-never-read-by-the-agent';
const GREETING = 'hello from the unlisted local server';

/** A local HTTP server on 127.0.0.1:0 (the unlisted host). */
async function localServer(): Promise<{ server: Server; port: number }> {
  const server = createServer((_req, res) => res.end(`${GREETING}\n`));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, port: (server.address() as AddressInfo).port };
}

/** Registers the scenario; `shell` is the agent's call for a shell command. */
export function containedScenario(s: Suite, shell: (command: string) => ScriptedCall): void {
  it('under a sandbox rule runs the script contained: no secret, no write outside, the host asked, the refusal on record', async () => {
    const { server, port } = await localServer();
    try {
      const ws = s.dirs.ws;
      writeFileSync(join(ws, '.env'), `API_KEY=${SECRET}\n`);
      writeFileSync(
        join(ws, 'contained.sh'),
        `#!/bin/bash\ncat .env\necho landed > inside.txt\necho escaped > ~/outside.txt\ncurl -sS --max-time 120 http://127.0.0.1:${port}/\necho script finished\n`,
      );
      chmodSync(join(ws, 'contained.sh'), 0o755);
      expect((await s.g().approver('POST', '/v1/rules', { action: 'sandbox', pattern: 'Bash(./contained.sh)' })).status).toBe(201);

      const running = s.run(shell('./contained.sh'));
      // The call itself is decided by the rule; what waits is the connection to the unlisted host.
      const ended = running.then((r) => Promise.reject(new Error(`the agent ended with no connection held: ${r.stdout}${r.stderr}\n${s.model.toolResults.join('\n')}`)));
      const held = await Promise.race([s.g().nextPending(), ended]);
      expect(held.request).toMatchObject({ tool_name: 'Network', args: { host: '127.0.0.1', port } });
      expect((await s.g().approver('POST', `/v1/requests/${held.request.id}/decision`, { approved: true })).status).toBe(200);
      const r = await running;

      const results = s.model.toolResults.join('\n');
      expect(results, r.stdout + r.stderr).toContain(GREETING);
      expect(results).toContain('script finished');
      expect(results).not.toContain(SECRET);
      expect(existsSync(join(ws, 'inside.txt'))).toBe(true);
      expect(existsSync(join(s.dirs.home, 'outside.txt'))).toBe(false);

      const call = ((await s.g().approver('GET', '/v1/audit?tool_name=Bash&limit=1')).json as { entries: Array<{ id: string }> }).entries[0]!;
      const entry = (await s.g().approver('GET', `/v1/audit/${call.id}`)).json as { verdict: { contained?: unknown }; refusals?: Array<{ kind: string; target: string }> };
      expect(entry.verdict.contained).toBeDefined();
      expect(entry.refusals?.map((x) => [x.kind, x.target])).toContainEqual(['write', join(s.dirs.home, 'outside.txt')]);
      const found = (await s.g().approver('GET', `/v1/audit?q=${encodeURIComponent('outside.txt')}`)).json as { entries: Array<{ id: string }> };
      expect(found.entries.map((e) => e.id)).toContain(call.id);
    } finally {
      server.close();
    }
  });
}
