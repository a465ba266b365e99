// The preload's API object on its own: bad answers from main become error Results, and export progress goes to
// the export that asked for it.
import { describe, expect, it } from 'vitest';
import { EXPORT_PROGRESS_CHANNEL, invokeChannel } from '../../common/ipc.js';
import { createIpcApi, type IpcRendererLike } from '../../preload/ipc-api.js';

function fakeIpc(answer: (channel: string, args: unknown[], emit: (ch: string, payload: unknown) => void) => Promise<unknown>) {
  const listeners = new Map<string, Set<(e: unknown, ...a: unknown[]) => void>>();
  const emit = (channel: string, payload: unknown) => {
    for (const l of listeners.get(channel) ?? []) l({}, payload);
  };
  const calls: Array<[string, unknown[]]> = [];
  const ipc: IpcRendererLike = {
    invoke: (channel, ...args) => {
      calls.push([channel, args]);
      return answer(channel, args, emit);
    },
    on: (channel, l) => listeners.set(channel, (listeners.get(channel) ?? new Set()).add(l)),
    removeListener: (channel, l) => listeners.get(channel)?.delete(l),
  };
  return { ipc, calls, listeners };
}

describe('createIpcApi', () => {
  it('invokes the verb channel with the arguments as given', async () => {
    const f = fakeIpc(async () => ({ ok: true, value: [] }));
    const api = createIpcApi(f.ipc);
    await api.decide('id-1', { approved: true, scope: 'session' });
    expect(f.calls).toEqual([[invokeChannel('decide'), ['id-1', { approved: true, scope: 'session' }]]]);
  });

  it('turns a rejected invoke or a malformed answer into {ok:false}', async () => {
    const rejecting = createIpcApi(fakeIpc(async () => Promise.reject(new Error('No handler registered'))).ipc);
    expect(await rejecting.listRules()).toEqual({ ok: false, error: 'No handler registered' });
    const malformed = createIpcApi(fakeIpc(async () => 'allow').ipc);
    expect((await malformed.listRules()).ok).toBe(false);
  });

  it('routes export progress by token and stops listening afterwards', async () => {
    const f = fakeIpc(async (channel, args, emit) => {
      const token = args[2];
      emit(EXPORT_PROGRESS_CHANNEL, { token: 'someone-else', rows: 999 });
      emit(EXPORT_PROGRESS_CHANNEL, { token, rows: 1000 });
      emit(EXPORT_PROGRESS_CHANNEL, { token, rows: 1500 });
      return { ok: true, value: { rows: 1500 } };
    });
    const api = createIpcApi(f.ipc);
    const seen: number[] = [];
    expect(await api.exportAudit({ q: 'rm' }, 'csv', (rows) => seen.push(rows))).toEqual({ ok: true, value: { rows: 1500 } });
    expect(seen).toEqual([1000, 1500]);
    expect(f.listeners.get(EXPORT_PROGRESS_CHANNEL)?.size).toBe(0);
    expect(f.calls[0]?.[1].slice(0, 2)).toEqual([{ q: 'rm' }, 'csv']);
  });
});

describe('the bundled preload', () => {
  it('requires nothing but electron (a sandboxed preload cannot load other modules)', async () => {
    const { build } = await import('esbuild');
    const out = await build({
      entryPoints: ['preload/preload.ts'],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      external: ['electron'],
      write: false,
      logLevel: 'silent',
    });
    const code = out.outputFiles[0]?.text ?? '';
    expect([...code.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1])).toEqual(['electron']);
    // The one thing exposed is the verb object built around ipcRenderer, never ipcRenderer itself.
    expect([...code.matchAll(/exposeInMainWorld\(([^\n]*)\);/g)].map((m) => m[1])).toEqual(['"gatehouse", createIpcApi(import_electron.ipcRenderer)']);
  });
});
