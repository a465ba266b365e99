// One browser notification per call that starts waiting while the page is out of sight (another tab, window or app):
// never for calls the page already showed, never while the person is looking at the page. A click brings the page
// forward on that call's review; a call decided elsewhere takes its notification away.
import type { RequestRecord } from '../../common/domain.js';
import { inertText } from '../../common/inert.js';
import { useQueue } from '../store/queue.js';
import { useUi } from '../store/ui.js';
import { useNotifyPreference } from './preference.js';

/** Agent and tool names are the agent's words: one plain line, nothing hidden, bounded. */
const plain = (text: string, max: number): string => {
  const chars = Array.from(inertText(text, { singleLine: true, codePoints: true }).replace(/\s+/g, ' ').trim());
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
};

/** Whether the person is looking at the page now. */
const inView = (): boolean => document.visibilityState === 'visible' && document.hasFocus();

/**
 * The notification for one call. It names who asks and for which tool, never the arguments: a notification can show
 * on a locked screen and stays in the system's notification history, and a command line may hold a secret.
 */
function show(record: RequestRecord, waiting: number): Notification {
  const { request } = record;
  const more = waiting > 1 ? ` (${waiting} calls wait)` : '';
  const notification = new Notification(`${plain(String(request.agent), 30)} asks to use ${plain(request.tool_name, 40)}`, {
    body: `Waiting for your answer in Gatehouse${more}.`,
    tag: request.id,
  });
  notification.addEventListener('click', () => {
    window.focus();
    useUi.getState().navigate({ view: 'review', id: request.id });
    notification.close();
  });
  return notification;
}

/** Starts watching the queue (web mode; the desktop app notifies natively). Call once, before the queue loads. */
export function watchForNotifications(): void {
  const seen = new Set<string>();
  const shown = new Map<string, Notification>();
  useQueue.subscribe((state, prev) => {
    if (state.records === prev.records || state.phase !== 'ready') return;
    // The first load is what the page shows on opening: already seen, nothing to announce.
    const quiet = prev.phase !== 'ready' || useNotifyPreference.getState().state !== 'on' || inView();
    const ids = Object.keys(state.records);
    for (const id of ids) {
      const record = state.records[id];
      if (seen.has(id) || !record) continue;
      seen.add(id);
      if (quiet) continue;
      try {
        shown.set(id, show(record, ids.length));
      } catch (error) {
        // Some browsers (Chrome on Android) only notify through a service worker: the queue and the tab title still count.
        console.error('Gatehouse could not show a browser notification', error);
      }
    }
    for (const [id, notification] of shown) {
      if (state.records[id]) continue;
      shown.delete(id);
      notification.close();
    }
  });
}
