// What the Electron shell needs from the in-process core (createCore in main/core/core.ts), as structural types:
// the shell's services are written and tested against these, and main.ts hands them the real core.
import type { Writable } from 'node:stream';
import type { ExportFormat, GatehouseApi, GatehouseEvent, Result } from '../../common/api.js';
import type { AuditFilter } from '../../common/domain.js';
import type { ApiVerb } from '../../common/ipc.js';

type ResultValue<F> = F extends (...args: never[]) => Promise<Result<infer T>> ? T : never;

/** The core's approver service: every verb of GatehouseApi as a plain async method that throws typed errors. */
export type Approver = { [V in ApiVerb]: (...args: Parameters<GatehouseApi[V]>) => Promise<ResultValue<GatehouseApi[V]>> };

/** The core's event bus, as far as the shell listens to it (CoreEvents in main/core/broker/events.ts). */
export interface CoreEventsLike {
  subscribeAll(listener: (event: GatehouseEvent) => void): () => void;
}

/** Streams the filtered audit into `out` (the store's exporter); resolves with the number of rows written. */
export type AuditExporter = (filter: AuditFilter, format: ExportFormat, out: Writable) => Promise<number>;
