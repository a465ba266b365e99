// The Settings control for browser notifications (web mode): off until the person clicks, because the browser's
// permission prompt must answer a click, and a page that asks on load teaches people to click "Block".
import type { ReactNode } from 'react';
import { turnOffNotifications, turnOnNotifications, useNotifyPreference } from './preference.js';

/** Turns browser notifications for new waiting calls on and off, and says why it cannot when the browser refuses. */
export function NotificationsSetting(): ReactNode {
  const state = useNotifyPreference((s) => s.state);
  return (
    <fieldset className="gh-fieldset">
      <legend>Browser notifications</legend>
      <p className="gh-muted">
        A notification for each call that starts waiting while this page is in the background — it names the agent and the
        tool, not the command. Clicking it opens that call here.
      </p>
      {state === 'on' && (
        <div className="gh-actions">
          <span role="status">Notifications are on in this browser.</span>
          <button type="button" className="gh-button" onClick={turnOffNotifications}>
            Turn off notifications
          </button>
        </div>
      )}
      {state === 'off' && (
        <button type="button" className="gh-button" onClick={() => void turnOnNotifications()}>
          Turn on notifications
        </button>
      )}
      {state === 'blocked' && (
        <p role="status" className="gh-warning">
          This browser blocks notifications from this page; allow them in the browser's site settings, then reload.
        </p>
      )}
      {state === 'unsupported' && <p role="status">This browser cannot show notifications.</p>}
    </fieldset>
  );
}
