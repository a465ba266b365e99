// The core's event bus: one EventEmitter whose event names are the GatehouseEvent types (common/api.ts).
import { EventEmitter } from 'node:events';
import type { GatehouseEvent } from '../../../common/api.js';

/** Every event type, for subscribers that want them all (SSE, IPC push). */
export const EVENT_TYPES: ReadonlyArray<GatehouseEvent['type']> = [
  'request_pending',
  'request_decided',
  'rule_changed',
  'mode_changed',
  'settings_changed',
];

/** Emits each GatehouseEvent under its `type`, with the whole event as the one argument. */
export class CoreEvents extends EventEmitter {
  constructor() {
    super();
    // Every SSE client and the Electron shell subscribe; many listeners are expected, not a leak.
    this.setMaxListeners(0);
  }

  /** Emits a typed event. */
  publish(event: GatehouseEvent): void {
    this.emit(event.type, event);
  }

  /** Subscribes to every event type; returns the unsubscribe function. */
  subscribeAll(listener: (event: GatehouseEvent) => void): () => void {
    for (const type of EVENT_TYPES) this.on(type, listener);
    return () => {
      for (const type of EVENT_TYPES) this.off(type, listener);
    };
  }
}
