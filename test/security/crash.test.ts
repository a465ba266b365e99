// kill -9 in the middle of a burst of decisions: every decision the person was told succeeded (HTTP 200) is on
// record after a restart, and the audit chain still verifies. Three rounds on one home.
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { http, tempDir } from '../core/server/helpers.js';
import { BIN, BUILT } from '../core/cli/run-cli.js';
import { exited, serveProcess } from './serve-process.js';

const TOKEN = 'approver-token-for-the-crash-test-0123';
const root = tempDir('gatehouse-crash-');
const home = join(root, 'home');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const serve = () => serveProcess(home, TOKEN);

describe.skipIf(!BUILT)('kill -9 during a burst of decisions', () => {
  it('loses no acknowledged decision, three times over, and the chain verifies', async () => {
    const acknowledged = new Map<string, string>();
    for (let round = 0; round < 3; round++) {
      const { child, port, agent } = await serve();
      const ids: string[] = [];
      for (let i = 0; i < 40; i++) {
        const r = await http(port, 'POST', '/v1/requests', { token: agent, body: { tool_name: 'Bash', args: { command: `echo round ${round} call ${i}` }, session_id: `r${round}`, cwd: '/tmp' } });
        ids.push((r.json as { id: string }).id);
      }
      let answered = 0;
      const burst = ids.map((id, i) =>
        http(port, 'POST', `/v1/requests/${id}/decision`, { token: TOKEN, body: { approved: i % 2 === 0 } })
          .then((r) => {
            if (r.status === 200) acknowledged.set(id, i % 2 === 0 ? 'approved' : 'denied');
            if (++answered === 15) child.kill('SIGKILL');
          })
          .catch(() => undefined),
      );
      await Promise.all(burst);
      await exited(child);
    }
    expect(acknowledged.size).toBeGreaterThanOrEqual(3 * 15 - 3);

    const { child, port } = await serve();
    try {
      for (const [id, status] of acknowledged) {
        const entry = await http(port, 'GET', `/v1/audit/${id}`, { token: TOKEN });
        expect(entry.status, id).toBe(200);
        expect((entry.json as { status: string }).status, id).toBe(status);
      }
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    const verify = await promisify(execFile)(process.execPath, [BIN, 'audit', 'verify'], { env: { ...process.env, GATEHOUSE_HOME: home } });
    expect(verify.stdout).toMatch(/check out/);
  }, 120_000);
});
