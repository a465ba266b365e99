// Server-sent events from `GET /v1/events`: one stream (read with fetch, sse.ts) shared by every subscriber of the page.
import type { GatehouseEvent } from '../../common/api.js';
import { authHeaders, signOut } from './session.js';
import { readSse, type SseMessage } from './sse.js';

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

/** A fan-out over one lazily opened event stream. */
export interface EventHub {
  subscribe(listener: (event: GatehouseEvent) => void): () => void;
}

/**
 * Opens the stream on the first subscriber and closes it after the last; re-opens it after a drop.
 * `onReconnect` runs when the stream comes back after a drop, so the caller can replay what it missed;
 * `onConnection` hears each drop (false) and each return (true, once the replay is done).
 */
export function createEventHub(
  url: string,
  onReconnect: (emit: (event: GatehouseEvent) => void) => Promise<void>,
  onConnection: (up: boolean) => void = () => {},
): EventHub {
  const listeners = new Set<(event: GatehouseEvent) => void>();
  let running: AbortController | null = null;
  let dropped = false;

  const emit = (event: GatehouseEvent): void => {
    for (const listener of [...listeners]) listener(event);
  };

  const onMessage = (message: SseMessage): void => {
    if (!(EVENT_TYPES as readonly string[]).includes(message.event)) return;
    try {
      const event = JSON.parse(message.data) as GatehouseEvent;
      if (event && event.type === message.event) emit(event);
    } catch {
      console.error(`Gatehouse sent an unreadable ${message.event} event`);
    }
  };

  const open = (): AbortController => {
    const ac = new AbortController();
    const again = (): void => {
      if (running !== ac) return;
      dropped = true;
      running = null;
      onConnection(false);
      // Retry while someone listens: after a drop, or an HTTP error such as 401 after `serve` restarted.
      setTimeout(() => {
        if (listeners.size > 0) running ??= open();
      }, RETRY_MS);
    };
    void readSse(url, authHeaders(), ac.signal, {
      open: () => {
        if (!dropped) return;
        dropped = false;
        void onReconnect(emit).finally(() => onConnection(true));
      },
      message: onMessage,
      status: (code) => {
        if (code === 401) signOut();
      },
    }).then(again, again);
    return ac;
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      running ??= open();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && running) {
          running.abort();
          running = null;
        }
      };
    },
  };
}
