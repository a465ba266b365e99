// Builds the GatehouseApi the renderer sees in Electron, over an injected ipcRenderer (so it is tested under Node).
// It hands out verbs only: never ipcRenderer itself, never an IpcRendererEvent (its `sender` is ipcRenderer).
import { API_VERBS, type ExportFormat, type GatehouseApi, type GatehouseEvent, type Result } from '../common/api.js';
import type { AuditFilter } from '../common/domain.js';
import { EVENT_CHANNEL, EXPORT_PROGRESS_CHANNEL, invokeChannel, type ApiVerb, type ExportProgress } from '../common/ipc.js';

/** The part of Electron's ipcRenderer the API uses. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

type VerbFunctions = { [V in ApiVerb]: GatehouseApi[V] };

/** Main answers every verb with a Result; anything else (a bug, a missing handler) becomes an error Result. */
function asResult(value: unknown): Result<never> {
  if (value !== null && typeof value === 'object' && 'ok' in value) return value as Result<never>;
  return { ok: false, error: 'malformed answer from the Gatehouse main process' };
}

async function call(ipc: IpcRendererLike, channel: string, args: unknown[]): Promise<Result<never>> {
  try {
    return asResult(await ipc.invoke(channel, ...args));
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}

/** The renderer's API over IPC: one invoke channel per verb, events and export progress over `on`. */
export function createIpcApi(ipc: IpcRendererLike): GatehouseApi {
  const verbs = Object.fromEntries(
    API_VERBS.map((verb) => [verb, (...args: unknown[]) => call(ipc, invokeChannel(verb), args)]),
  ) as unknown as VerbFunctions; // Object.fromEntries cannot carry the per-verb signatures; the entries are built from API_VERBS.
  let exports = 0;

  return {
    ...verbs,
    async exportAudit(filter: AuditFilter, format: ExportFormat, onProgress?: (rows: number) => void) {
      const token = `export-${++exports}`;
      const listener = (_event: unknown, progress: unknown) => {
        const p = progress as ExportProgress | null;
        if (p && p.token === token && typeof p.rows === 'number') onProgress?.(p.rows);
      };
      if (onProgress) ipc.on(EXPORT_PROGRESS_CHANNEL, listener);
      try {
        return await call(ipc, invokeChannel('exportAudit'), [filter, format, token]);
      } finally {
        if (onProgress) ipc.removeListener(EXPORT_PROGRESS_CHANNEL, listener);
      }
    },
    subscribe(listener: (event: GatehouseEvent) => void) {
      const relay = (_event: unknown, payload: unknown) => listener(payload as GatehouseEvent);
      ipc.on(EVENT_CHANNEL, relay);
      return () => {
        ipc.removeListener(EVENT_CHANNEL, relay);
      };
    },
  } satisfies GatehouseApi;
}
