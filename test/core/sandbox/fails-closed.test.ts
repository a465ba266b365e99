// Where the sandbox cannot start, a contained answer asks: the call never runs uncontained because containment failed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core/core.js';
import { ContainmentHost } from '../../../main/core/sandbox/host.js';

let home: string;
let ws: string;
const savedPath = process.env.PATH;

beforeAll(() => {
  home = mkdtempSync(path.join(tmpdir(), 'gh-nosandbox-'));
  ws = mkdtempSync(path.join(tmpdir(), 'gh-nosandbox-ws-'));
});
afterAll(() => {
  process.env.PATH = savedPath;
  rmSync(home, { recursive: true, force: true });
  rmSync(ws, { recursive: true, force: true });
});

async function submitUnder(core: Core): Promise<ReturnType<Core['submit']>> {
  await core.approver.createRule({ action: 'sandbox', pattern: 'Bash(npm test:*)' });
  return core.submit({ agent: 'claude-code', tool_name: 'Bash', args: { command: 'npm test' }, cwd: ws, session_id: 's' });
}

describe('a contained answer where the sandbox cannot run', () => {
  it('asks when bubblewrap, socat and ripgrep are missing', async () => {
    const host = new ContainmentHost();
    process.env.PATH = '/nonexistent';
    const state = await host.start(async () => false);
    process.env.PATH = savedPath;
    expect(state.ready).toBe(false);
    const core = await createCore({ home, containment: host, logger: () => {} });
    try {
      const record = await submitUnder(core);
      expect(record.status).toBe('pending');
      expect(record.verdict.decision).toBe('ask');
      expect(record.verdict.contained).toBeUndefined();
      expect(record.verdict.reasons.join(' ')).toMatch(/sandbox cannot run this contained .*asks instead of running it uncontained/);
    } finally {
      await core.close();
    }
  });

  it('asks when no sandbox runs in the process at all', async () => {
    const other = mkdtempSync(path.join(tmpdir(), 'gh-nohost-'));
    const core = await createCore({ home: other, logger: () => {} });
    try {
      const record = await submitUnder(core);
      expect(record.verdict.decision).toBe('ask');
      expect(record.decision).toBeUndefined();
    } finally {
      await core.close();
      rmSync(other, { recursive: true, force: true });
    }
  });
});
