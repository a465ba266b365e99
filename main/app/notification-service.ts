// One native notification per new pending request — who asks, for which tool, to do what — and a click
// that opens the review of exactly that request. Text goes through requestLine: redacted, inert, short.
import type { RequestRecord } from '../../common/domain.js';
import type { Route } from '../../common/routes.js';
import { requestLine } from './one-line.js';

/** Options for one notification (a subset of Electron's NotificationConstructorOptions). */
export interface NotificationOptionsLike {
  title: string;
  body: string;
  silent: boolean;
}

/** The part of Electron's Notification the service uses. */
export interface NotificationLike {
  show(): void;
  close(): void;
  on(event: 'click' | 'close', listener: () => void): unknown;
}

/** What the notification service is wired to. */
export interface NotificationServiceDeps {
  /** Creates (does not show) a notification; `requestId` names the request it is about. */
  create: (options: NotificationOptionsLike, requestId: string) => NotificationLike;
  isSupported: () => boolean;
  /** Current notification preferences (read on every request: the person may switch them at any time). */
  prefs: () => { notifications: boolean; sound: boolean };
  open: (route: Route) => void;
}

/** The title and body of the notification for one request. */
export function notificationText(record: RequestRecord): { title: string; body: string } {
  const line = requestLine(record);
  return { title: `${line.agent} asks to use ${line.tool}`, body: line.summary };
}

/** Shows and retires request notifications. */
export class NotificationService {
  // Electron drops click handlers of notifications that are garbage-collected: keep each one until it is done.
  private readonly shown = new Map<string, NotificationLike>();

  constructor(private readonly deps: NotificationServiceDeps) {}

  /** Notifies about a request that now waits for the person; once per request id. Returns whether one was shown. */
  notifyPending(record: RequestRecord): boolean {
    const { id } = record.request;
    if (record.status !== 'pending' || this.shown.has(id)) return false;
    const prefs = this.deps.prefs();
    if (!prefs.notifications || !this.deps.isSupported()) return false;
    const notification = this.deps.create({ ...notificationText(record), silent: !prefs.sound }, id);
    notification.on('click', () => {
      this.deps.open({ view: 'review', id });
      this.retire(id);
    });
    notification.on('close', () => this.shown.delete(id));
    this.shown.set(id, notification);
    notification.show();
    return true;
  }

  /** Removes the notification of a request that was decided elsewhere (window, rule, timeout). */
  retire(id: string): void {
    const notification = this.shown.get(id);
    if (!notification) return;
    this.shown.delete(id);
    notification.close();
  }

  /** Closes every notification (quit). */
  dispose(): void {
    for (const id of [...this.shown.keys()]) this.retire(id);
  }
}
