// One Gatehouse per GATEHOUSE_HOME (issue 10 item 4): a second instance refuses to start and leaves the first one's
// pending requests, waiters and audit chain alone; after a kill -9 the home is free again at once. And a damaged
// database is refused at start with how to recover, not served as a 500 on every request.
import { spawn } from 'node:child_process';
import { openSync, closeSync, writeSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../main/core/core.js';
import { DamagedDatabaseError } from '../../../main/core/store/index.js';
import { startGatehouse, tempDir, type TestGatehouse } from './helpers.js';

let g: TestGatehouse | null = null;
afterEach(async () => {
  await g?.close();
  g = null;
});

describe('one instance per home', () => {
  it('a second core on the same home is refused; the first one\'s pending request and its waiter are untouched', async () => {
    g = await startGatehouse();
    const pending = await g.agent('POST', '/v1/requests', { tool_name: 'Bash', args: { command: 'echo hold' }, session_id: 's', cwd: '/tmp' });
    const id = (pending.json as { id: string }).id;
    const waiting = g.agent('GET', `/v1/requests/${id}?wait=30`);
    await expect(createCore({ home: g.home, logger: () => {} })).rejects.toThrow(/another Gatehouse is already running on/);
    expect((await g.approver('GET', `/v1/requests/${id}`)).json).toMatchObject({ status: 'pending' });
    await g.approver('POST', `/v1/requests/${id}/decision`, { approved: true });
    expect((await waiting).json).toMatchObject({ status: 'approved' });
  });

  it('a process killed with -9 frees the home for the next start', async () => {
    const home = tempDir('gatehouse-lock-');
    const holder = spawn(process.execPath, ['--input-type=module', '-e', `
      const { acquireInstanceLock } = await import(${JSON.stringify(new URL('../../../main/core/store/instance-lock.ts', import.meta.url).pathname)}).catch(() => import(${JSON.stringify(new URL('../../../dist/main/core/store/instance-lock.js', import.meta.url).pathname)}));
      acquireInstanceLock(${JSON.stringify(home)});
      process.stdout.write('held\\n');
      setInterval(() => {}, 1000);
    `], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((r) => holder.stdout.once('data', () => r()));
    await expect(createCore({ home, logger: () => {} })).rejects.toThrow(/already running/);
    holder.kill('SIGKILL');
    await new Promise((r) => holder.once('exit', r));
    const core = await createCore({ home, logger: () => {} });
    await core.close();
  });
});

describe('a damaged database', () => {
  it('is refused at start with the way to recover, and left as it was', async () => {
    const home = tempDir('gatehouse-damaged-');
    const core = await createCore({ home, logger: () => {} });
    for (let i = 0; i < 200; i++) await core.submit({ tool_name: 'Bash', args: { command: `echo ${'x'.repeat(500)} ${i}` }, cwd: '/tmp' });
    await core.close();
    // Scribble over a leaf page of the audit table (found with SQLite's dbstat, so the damage always lands on live
    // data and never on a free page that quick_check rightly ignores), as a bad disk or a half-written copy would.
    const db = join(home, 'gatehouse.db');
    const probe = new Database(db, { readonly: true });
    const leaves = probe.prepare("SELECT pageno FROM dbstat WHERE name = 'audit' AND pagetype = 'leaf' ORDER BY pageno").all() as Array<{ pageno: number }>;
    const pageSize = probe.pragma('page_size', { simple: true }) as number;
    probe.close();
    expect(leaves.length).toBeGreaterThan(2);
    const pageno = leaves[Math.floor(leaves.length / 2)]!.pageno;
    const fd = openSync(db, 'r+');
    writeSync(fd, Buffer.alloc(pageSize - 100, 0x5a), 0, pageSize - 100, (pageno - 1) * pageSize + 50);
    closeSync(fd);
    const before = statSync(db).mtimeMs;
    const err = await createCore({ home, logger: () => {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DamagedDatabaseError);
    expect((err as Error).message).toMatch(/is damaged .*To recover: .*\.recover/s);
    expect(statSync(db).mtimeMs).toBe(before);
    // The home is not left locked by the refused start.
    await expect(createCore({ home, logger: () => {} })).rejects.toThrow(DamagedDatabaseError);
  });
});
