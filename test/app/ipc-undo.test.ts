// Undo in the desktop app: History reaches the core over IPC, not HTTP. Through the preload to a real core and a real
// git repository: the audit entries carry their undo state, the preview changes nothing, apply restores byte-exact,
// and arguments that do not fit the verb are refused before the core sees them.
import { execFileSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GatehouseApi } from '../../common/api.js';
import { IpcService } from '../../main/app/ipc-service.js';
import { createIpcApi } from '../../preload/ipc-api.js';
import { makeRepo, treeHash } from '../core/snapshots/tree-hash.js';
import { startCore, type CoreHarness } from './core-harness.js';
import { createIpcBus } from './ipc-bus.js';

describe('undo over IPC', () => {
  let h: CoreHarness;
  let service: IpcService;
  let api: GatehouseApi;

  beforeEach(async () => {
    h = await startCore();
    makeRepo(h.workspace);
    const bus = createIpcBus();
    service = new IpcService({
      ipcMain: bus.ipcMain,
      approver: h.core.approver,
      trustedWebContents: () => new Set([1]),
      exportAudit: async () => ({ rows: 0 }),
      warn: () => undefined,
    });
    service.register();
    api = createIpcApi(bus.ipcRenderer);
  });
  afterEach(async () => {
    service.dispose();
    await h.dispose();
  });

  it('lists the call as undoable, previews without changing anything, then restores byte-exact', async () => {
    const t0 = treeHash(h.workspace);
    const command = "sed -i 's/alpha/ALPHA/' a.txt && rm b.txt";
    const record = await h.ask({ command });
    const id = record.request.id;
    // The agent's wait is what takes the before-snapshot.
    const waiting = h.core.waitFor(id, 10);
    expect(await api.decide(id, { approved: true })).toMatchObject({ ok: true });
    await waiting;
    execFileSync('bash', ['-c', command], { cwd: h.workspace });
    const t1 = treeHash(h.workspace);

    const page = await api.queryAudit({});
    expect(page.ok && page.value.entries.map((e) => e.undo?.state)).toEqual(['pending-after']);
    const preview = await api.undo(id, {});
    expect(preview.ok && preview.value.files.map((f) => [f.path, f.change])).toEqual([['a.txt', 'modified'], ['b.txt', 'created']]);
    expect(treeHash(h.workspace)).toBe(t1);

    const done = await api.undo(id, { apply: true });
    expect(done.ok && done.value.applied).toBe(true);
    expect(treeHash(h.workspace)).toBe(t0);
    const undoEntry = done.ok ? await api.getAuditEntry(done.value.undo_id!) : null;
    expect(undoEntry).toMatchObject({ ok: true, value: { tool_name: 'Undo', undo: { state: 'available' } } });
  });

  it('refuses arguments that do not fit, and an unknown session, as one-line errors', async () => {
    const call = api.undo as unknown as (...a: unknown[]) => Promise<{ ok: boolean; error?: string }>;
    expect(await call('x', { apply: true, force: true })).toMatchObject({ ok: false, error: expect.stringMatching(/^invalid undo call/) });
    expect(await call('../etc', {})).toMatchObject({ ok: false, error: expect.stringMatching(/^invalid undo call/) });
    expect(await api.undoSession('nobody', {})).toEqual({ ok: false, error: 'no undo for session nobody: Gatehouse took no snapshot in it' });
  });
});
