// One Gatehouse per GATEHOUSE_HOME (issue 10 item 4): a second instance refuses to start and leaves the first one's
// pending requests, waiters and audit chain alone; after a kill -9 the home is free again at once. And a damaged
// database is refused at start with how to recover, not served as a 500 on every request.
import { spawn } from 'node:child_process';
import { openSync, readSync, closeSync, writeSync, statSync } from 'node:fs';
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
    // Scribble over a page in the middle of the file, as a bad disk or a half-written copy would.
    const db = join(home, 'gatehouse.db');
    const size = statSync(db).size;
    const fd = openSync(db, 'r+');
    const page = Buffer.alloc(4096);
    readSync(fd, page, 0, 4096, Math.floor(size / 8192) * 4096);
    writeSync(fd, Buffer.alloc(4000, 0x5a), 0, 4000, Math.floor(size / 8192) * 4096 + 50);
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
