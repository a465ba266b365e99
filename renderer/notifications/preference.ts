// Whether this browser raises a notification for each new waiting call: the person's choice (kept in localStorage,
// per Gatehouse origin, which `serve` keeps across restarts) and the browser's permission, which only a click asks for.
import { create } from 'zustand';

const KEY = 'gatehouse.browser-notifications';

/** What the Settings control shows: unsupported browser, blocked by the browser, off, or on. */
export type NotifyState = 'unsupported' | 'blocked' | 'off' | 'on';

function current(): NotifyState {
  if (typeof window.Notification !== 'function') return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return Notification.permission === 'granted' && localStorage.getItem(KEY) === 'on' ? 'on' : 'off';
}

/** The preference store, read by the watcher on every new call and by the Settings control. */
export const useNotifyPreference = create<{ state: NotifyState }>(() => ({ state: current() }));

/** Turns notifications on: asks the browser's permission (only ever from the person's click), then remembers the choice. */
export async function turnOnNotifications(): Promise<void> {
  if (typeof window.Notification !== 'function') return;
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission === 'granted') localStorage.setItem(KEY, 'on');
  useNotifyPreference.setState({ state: current() });
}

/** Turns them off for this browser (the permission stays with the browser; the person revokes it there). */
export function turnOffNotifications(): void {
  localStorage.removeItem(KEY);
  useNotifyPreference.setState({ state: current() });
}
