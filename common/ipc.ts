// The IPC channel names shared by the preload and the main process (STYLE.md §1): one module, so the two
// sides cannot drift apart. Only the verbs of GatehouseApi cross, each on its own channel.
import type { API_VERBS, ExportFormat } from './api.js';
import type { AuditFilter } from './domain.js';

/** A verb of GatehouseApi that maps one-to-one onto an IPC `invoke` channel. */
export type ApiVerb = (typeof API_VERBS)[number];

/** Prefix of every Gatehouse channel, so main can tell ours from Electron's internal ones. */
export const IPC_PREFIX = 'gatehouse:';

/** The `invoke` channel of one verb. */
export function invokeChannel(verb: ApiVerb | 'exportAudit'): string {
  return `${IPC_PREFIX}invoke:${verb}`;
}

/** Main → renderer: every GatehouseEvent is pushed on this channel. */
export const EVENT_CHANNEL = `${IPC_PREFIX}event`;

/** Main → renderer: progress of one audit export, tagged with the token the preload chose. */
export const EXPORT_PROGRESS_CHANNEL = `${IPC_PREFIX}export-progress`;

/** Payload of EXPORT_PROGRESS_CHANNEL. */
export interface ExportProgress {
  token: string;
  rows: number;
}

/** The arguments the preload sends for `exportAudit` (the progress callback stays in the preload). */
export type ExportAuditArgs = [filter: AuditFilter, format: ExportFormat, token: string];
