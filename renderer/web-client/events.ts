// Server-sent events from `GET /v1/events`: one EventSource shared by every subscriber of the page.
import type { GatehouseEvent } from '../../common/api.js';

/** The event names the server pushes (the `event:` field equals the GatehouseEvent `type`). */
const EVENT_TYPES: ReadonlyArray<GatehouseEvent['type']> = [
  'request_pending',
  'request_decided',
  'rule_changed',
  'mode_changed',
  'settings_changed',
];

/** Pause before re-opening a stream the browser gave up on. */
const RETRY_MS = 3000;

/** A fan-out over one lazily opened EventSource. */
export interface EventHub {
  subscribe(listener: (event: GatehouseEvent) => void): () => void;
}

/**
 * Opens the stream on the first subscriber and closes it after the last.
 * `onReconnect` runs when the stream comes back after a drop, so the caller can replay what it missed.
 */
export function createEventHub(url: string, onReconnect: (emit: (event: GatehouseEvent) => void) => Promise<void>): EventHub {
  const listeners = new Set<(event: GatehouseEvent) => void>();
  let source: EventSource | null = null;
  let dropped = false;

  const emit = (event: GatehouseEvent): void => {
    for (const listener of [...listeners]) listener(event);
  };

  const open = (): EventSource => {
    const es = new EventSource(url, { withCredentials: true });
    for (const type of EVENT_TYPES) {
      es.addEventListener(type, (message) => {
        try {
          const event = JSON.parse((message as MessageEvent<string>).data) as GatehouseEvent;
          if (event && event.type === type) emit(event);
        } catch {
          console.error(`Gatehouse sent an unreadable ${type} event`);
        }
      });
    }
    es.addEventListener('error', () => {
      dropped = true;
      // The browser retries by itself after a network error, but gives up for good on an HTTP error
      // (e.g. 401 after `serve` restarted): retry ourselves, or the queue would silently stop updating.
      if (es.readyState === EventSource.CLOSED && source === es) {
        source = null;
        setTimeout(() => {
          if (listeners.size > 0) source ??= open();
        }, RETRY_MS);
      }
    });
    es.addEventListener('open', () => {
      if (!dropped) return;
      dropped = false;
      void onReconnect(emit);
    });
    return es;
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      source ??= open();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && source) {
          source.close();
          source = null;
        }
      };
    },
  };
}
