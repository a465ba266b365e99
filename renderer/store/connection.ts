// Whether the page still reaches its Gatehouse. The event stream is its pulse: when it drops, agents that wait on
// this instance get no answer from this page, and the person must know that rather than watch a quiet queue.
import { create } from 'zustand';

/** The connection as the page last saw it. */
export interface ConnectionState {
  /** When the event stream dropped (ms since epoch), or null while connected. */
  lostSince: number | null;
  /** True for a moment after the stream came back. */
  back: boolean;
}

/** The connection store (the web client writes it; the banner reads it; the desktop app's IPC never drops). */
export const useConnection = create<ConnectionState>(() => ({ lostSince: null, back: false }));

/** The event stream dropped: keeps the first moment it did. */
export function connectionLost(): void {
  if (useConnection.getState().lostSince === null) useConnection.setState({ lostSince: Date.now(), back: false });
}

/** The event stream is back (the caller has replayed what it missed). */
export function connectionBack(): void {
  useConnection.setState({ lostSince: null, back: true });
}
