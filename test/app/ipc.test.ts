// The renderer contract end to end under Node: the preload's API object → (cloned) IPC → IpcService → a real core.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_VERBS, type GatehouseApi, type GatehouseEvent } from '../../common/api.js';
import { invokeChannel } from '../../common/ipc.js';
import { createAuditExport, type SaveDialog } from '../../main/app/export-service.js';
import { forwardEvents, IpcService } from '../../main/app/ipc-service.js';
import { createIpcApi } from '../../preload/ipc-api.js';
import { startCore, type CoreHarness } from './core-harness.js';
import { createIpcBus } from './ipc-bus.js';

describe('IPC through the preload to a real core', () => {
  let h: CoreHarness;
  let bus: ReturnType<typeof createIpcBus>;
  let service: IpcService;
  let api: GatehouseApi;
  let warnings: string[];
  let saveDialog: SaveDialog;
  let exportDir: string;
  let stopEvents: () => void;

  beforeEach(async () => {
    h = await startCore();
    bus = createIpcBus();
    warnings = [];
    exportDir = mkdtempSync(path.join(os.tmpdir(), 'gatehouse-export-'));
    saveDialog = async () => ({ canceled: false, filePath: path.join(exportDir, 'audit.ndjson') });
    service = new IpcService({
      ipcMain: bus.ipcMain,
      approver: h.core.approver,
      trustedWebContents: () => new Set([1]),
      exportAudit: createAuditExport({ showSaveDialog: (o) => saveDialog(o), exporter: (f, fmt, out) => h.core.exportAudit(f, fmt, out), progressEvery: 1 }),
      warn: (m) => warnings.push(m),
    });
    service.register();
    stopEvents = forwardEvents(h.core.events, () => [bus.webContents]);
    api = createIpcApi(bus.ipcRenderer);
  });
  afterEach(async () => {
    stopEvents();
    service.dispose();
    await h.dispose();
    rmSync(exportDir, { recursive: true, force: true });
  });

  it('has one handler per verb (and exportAudit), and the preload exposes exactly the verbs', () => {
    expect([...bus.handlers.keys()].sort()).toEqual([...API_VERBS, 'exportAudit' as const].map((v) => invokeChannel(v)).sort());
    expect(Object.keys(api).sort()).toEqual([...API_VERBS, 'exportAudit', 'subscribe'].sort());
    for (const value of Object.values(api)) expect(typeof value).toBe('function');
  });

  it('lists and decides a pending request', async () => {
    const record = await h.ask();
    const listed = await api.listPending();
    expect(listed.ok && listed.value.map((r) => r.request.id)).toEqual([record.request.id]);
    const decided = await api.decide(record.request.id, { approved: false, reason: 'not now' });
    expect(decided).toMatchObject({ ok: true, value: { status: 'denied' } });
    expect(h.core.getRequest(record.request.id).status).toBe('denied');
  });

  it('pushes core events to the renderer: the event only, never the IpcRendererEvent', async () => {
    const seen: unknown[] = [];
    const unsubscribe = api.subscribe((event) => seen.push(event));
    const record = await h.ask();
    expect(seen).toHaveLength(1);
    expect((seen[0] as GatehouseEvent).type).toBe('request_pending');
    expect(JSON.stringify(seen)).not.toContain('ipcRenderer');
    unsubscribe();
    await api.decide(record.request.id, { approved: true });
    expect(seen).toHaveLength(1);
  });

  it.each([
    ['a foreign page', { frameUrl: 'https://evil.example/' }],
    ['a subframe', { subframe: true }],
    ['devtools', { frameUrl: 'devtools://devtools/bundled/devtools_app.html' }],
    ['another webContents', { webContentsId: 2 }],
    ['a destroyed frame', { frameUrl: null }],
  ])('refuses %s and leaves the request pending', async (_name, patch) => {
    const record = await h.ask();
    Object.assign(bus.sender, patch);
    const result = await api.decide(record.request.id, { approved: true });
    expect(result).toEqual({ ok: false, error: 'refused: this page may not use Gatehouse' });
    expect(h.core.getRequest(record.request.id).status).toBe('pending');
    expect(warnings).toHaveLength(1);
  });

  it.each<[string, (api: GatehouseApi, id: string) => Promise<unknown>, RegExp]>([
    ['approved of the wrong type', (a, id) => a.decide(id, { approved: 'yes' as unknown as boolean }), /approved/],
    ['an unknown key', (a, id) => a.decide(id, { approved: true, sneaky: 1 } as never), /sneaky|additional/i],
    ['a bad scope', (a, id) => a.decide(id, { approved: true, scope: 'forever' as never }), /scope/],
    ['an id that is not a string', (a) => a.getRequest(42 as unknown as string), /argument 0/],
    ['an id with a NUL byte', (a) => a.getRequest('01J\u0000x'), /argument 0/],
    ['a missing argument', (a) => (a.decide as (id: string) => Promise<unknown>)('x'), /expected 2 argument\(s\), got 1/],
    ['an extra argument', (a, id) => (a.getRequest as (...x: unknown[]) => Promise<unknown>)(id, 'more'), /expected 1 argument\(s\), got 2/],
    ['an unknown mode', (a) => a.updateSettings({ mode: 'yolo' as never }), /mode/],
    ['a negative timeout', (a) => a.updateSettings({ timeout_seconds: -1 }), /timeout_seconds/],
    ['a huge audit page', (a) => a.queryAudit({ limit: 10_000 }), /limit/],
    ['a rule without a pattern', (a) => a.createRule({ action: 'allow' } as never), /pattern/],
    ['a preset name that climbs out', (a) => a.applyPreset('../safe-defaults'), /argument 0/],
    ['a preset name that is not a string', (a) => a.applyPreset(7 as unknown as string), /argument 0/],
    ['a preset without a name', (a) => (a.applyPreset as () => Promise<unknown>)(), /expected 1 argument\(s\), got 0/],
    ['an argument to listPresets', (a) => (a.listPresets as (x: unknown) => Promise<unknown>)('all'), /expected 0 argument\(s\), got 1/],
    ['a preset that does not exist', (a) => a.applyPreset('yolo'), /no preset named yolo/],
  ])('refuses %s with {ok:false} and changes nothing', async (_name, call, message) => {
    const record = await h.ask();
    const result = (await call(api, record.request.id)) as { ok: boolean; error?: string };
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(message);
    expect(h.core.getRequest(record.request.id).status).toBe('pending');
    expect((await h.core.approver.getSettings()).mode).toBe('interactive');
    expect(await h.core.approver.listRules()).toEqual([]);
  });

  it('lists the presets and applies one: its rules are added once, with source "preset"', async () => {
    const listed = await api.listPresets();
    expect(listed.ok && listed.value.map((p) => p.name)).toContain('safe-defaults');
    const preset = listed.ok ? listed.value.find((p) => p.name === 'safe-defaults') : undefined;
    const first = await api.applyPreset('safe-defaults');
    expect(first.ok && first.value.imported.map((r) => r.pattern)).toEqual(preset?.rules.map((r) => r.pattern));
    expect((await h.core.approver.listRules()).every((r) => r.source === 'preset')).toBe(true);
    const again = await api.applyPreset('safe-defaults');
    expect(again.ok && again.value.imported).toEqual([]);
    expect(again.ok && again.value.skipped).toHaveLength(preset?.rules.length ?? -1);
  });

  it('turns core errors into one-line {ok:false} results (unknown id, second decision)', async () => {
    const unknown = await api.getRequest('01JXXXXXXXXXXXXXXXXXXXXXXX');
    expect(unknown.ok).toBe(false);
    const record = await h.ask();
    expect((await api.decide(record.request.id, { approved: true })).ok).toBe(true);
    const again = await api.decide(record.request.id, { approved: false });
    expect(again.ok).toBe(false);
    expect(again.ok === false && again.error.includes('\n')).toBe(false);
    expect(h.core.getRequest(record.request.id).status).toBe('approved');
  });

  it('exports the audit to the chosen file with progress, mode 0600', async () => {
    await h.ask();
    await h.ask({ command: 'git push' });
    const progress: number[] = [];
    const result = await api.exportAudit({}, 'ndjson', (rows) => progress.push(rows));
    expect(result).toEqual({ ok: true, value: { rows: 2 } });
    const file = path.join(exportDir, 'audit.ndjson');
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { summary: string }).summary).sort()).toEqual(['git push', 'npm publish']);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(progress.at(-1)).toBe(2);
  });

  it('a cancelled export writes nothing; a failing one leaves an existing file untouched', async () => {
    saveDialog = async () => ({ canceled: true });
    expect(await api.exportAudit({}, 'csv')).toEqual({ ok: false, error: 'export cancelled' });
    const file = path.join(exportDir, 'keep.csv');
    writeFileSync(file, 'precious');
    saveDialog = async () => ({ canceled: false, filePath: file });
    const failingBus = createIpcBus();
    const failing = new IpcService({
      ipcMain: failingBus.ipcMain,
      approver: h.core.approver,
      trustedWebContents: () => new Set([1]),
      exportAudit: createAuditExport({ showSaveDialog: (o) => saveDialog(o), exporter: async () => Promise.reject(new Error('disk full')) }),
      warn: () => undefined,
    });
    failing.register();
    const result = await createIpcApi(failingBus.ipcRenderer).exportAudit({}, 'csv');
    expect(result).toEqual({ ok: false, error: 'disk full' });
    expect(readFileSync(file, 'utf8')).toBe('precious');
    expect(readdirSync(exportDir)).toEqual(['keep.csv']);
  });

  it('after dispose every verb answers {ok:false} instead of throwing', async () => {
    service.dispose();
    const result = await api.listPending();
    expect(result.ok).toBe(false);
  });
});
