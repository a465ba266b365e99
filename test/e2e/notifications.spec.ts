// Browser notifications in web mode: off until the person clicks (the page never asks on load), then one per call that
// starts waiting while the page is out of sight, none for calls already shown, and a click opens that call's review.
// Headless Chromium never leaves a page: the init script lets a test send it "away" (hidden, unfocused) and records
// every Notification the page creates by wrapping the browser's own class.
import type { Page } from '@playwright/test';
import { expect, row, test } from './fixtures.js';

const bash = (command: string) => ({ tool_name: 'Bash', args: { command }, agent: 'claude-code', session_id: 'sess-n', cwd: '/tmp' });

interface Watched {
  shown: Array<{ title: string; body: string; tag: string; closed: boolean }>;
  asked: number;
}

/** Installs the watch (before any page script runs) and reloads the signed-in page with it. */
async function watchNotifications(app: Page, origin: string): Promise<void> {
  await app.context().grantPermissions(['notifications'], { origin });
  await app.addInitScript(() => {
    const w = window as unknown as { __watched: { shown: Notification[]; asked: number }; __away: boolean };
    w.__watched = { shown: [], asked: 0 };
    w.__away = false;
    const Real = window.Notification;
    class WatchedNotification extends Real {
      closed = false;
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        w.__watched.shown.push(this);
      }
      static override get permission(): NotificationPermission {
        return Real.permission;
      }
      static override requestPermission(): Promise<NotificationPermission> {
        w.__watched.asked += 1;
        return Real.requestPermission();
      }
      override close(): void {
        this.closed = true;
        super.close();
      }
    }
    window.Notification = WatchedNotification;
    Object.defineProperty(Document.prototype, 'visibilityState', { get: () => (w.__away ? 'hidden' : 'visible') });
    Document.prototype.hasFocus = () => !w.__away;
  });
  await app.reload();
  await expect(app.locator('body[data-app-state="ready"]')).toBeAttached();
}

const watched = (app: Page): Promise<Watched> =>
  app.evaluate(() => {
    const { shown, asked } = (window as unknown as { __watched: { shown: Array<Notification & { closed: boolean }>; asked: number } }).__watched;
    return { asked, shown: shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, closed: n.closed })) };
  });

const away = (app: Page, value: boolean): Promise<void> => app.evaluate((v) => void ((window as unknown as { __away: boolean }).__away = v), value);

test('notifications wait for the person to turn them on, then announce each new call that waits while the page is away', async ({ app, gatehouse }) => {
  const before = await gatehouse.submit(bash('echo waiting-before-the-page-opened'));
  await watchNotifications(app, gatehouse.url);
  await expect(row(app, before.id)).toBeVisible();
  await away(app, true);
  const unasked = await gatehouse.submit(bash('echo not-turned-on-yet'));
  await expect(row(app, unasked.id)).toBeVisible();
  expect(await watched(app)).toEqual({ asked: 0, shown: [] }); // never asked on load, nothing shown while off

  await away(app, false);
  await app.getByRole('link', { name: 'Settings' }).click();
  await app.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'Notifications are on in this browser' })).toBeVisible();
  await app.getByRole('link', { name: /Queue/ }).click();

  const watchedByPerson = await gatehouse.submit(bash('echo while-the-person-looks'));
  await expect(row(app, watchedByPerson.id)).toBeVisible();
  expect((await watched(app)).shown).toEqual([]); // the page is in view: the queue is the notice

  await away(app, true);
  const secret = 'echo TOKEN=hunter2-do-not-show';
  const fresh = await gatehouse.submit(bash(secret));
  await expect(row(app, fresh.id)).toBeVisible();
  const { shown } = await watched(app);
  expect(shown).toEqual([{ title: 'claude-code asks to use Bash', body: 'Waiting for your answer in Gatehouse (4 calls wait).', tag: fresh.id, closed: false }]);

  // After a reload the calls the page shows on opening are not announced again; a new one is.
  await app.reload();
  await expect(app.locator('body[data-app-state="ready"]')).toBeAttached();
  await away(app, true);
  await expect(row(app, fresh.id)).toBeVisible();
  const next = await gatehouse.submit(bash('echo after-reload'));
  await expect(row(app, next.id)).toBeVisible();
  expect((await watched(app)).shown.map((n) => n.tag)).toEqual([next.id]);
});

test('clicking a notification opens that call; a call decided elsewhere takes its notification away', async ({ app, gatehouse }) => {
  await watchNotifications(app, gatehouse.url);
  await app.getByRole('link', { name: 'Settings' }).click();
  await app.getByRole('button', { name: 'Turn on notifications' }).click();
  await app.getByRole('link', { name: /Queue/ }).click();
  await away(app, true);
  const first = await gatehouse.submit(bash('echo first-away'));
  const second = await gatehouse.submit(bash('echo second-away'));
  await expect(row(app, second.id)).toBeVisible();
  expect((await watched(app)).shown.map((n) => n.tag)).toEqual([first.id, second.id]);

  await app.evaluate((id) => {
    const n = (window as unknown as { __watched: { shown: Notification[] } }).__watched.shown.find((x) => x.tag === id);
    n?.dispatchEvent(new Event('click'));
  }, second.id);
  await expect(app.locator(`.gh-review[data-request-id="${second.id}"]`)).toBeVisible();
  expect((await watched(app)).shown.find((n) => n.tag === second.id)?.closed).toBe(true);

  await gatehouse.approver('POST', `/v1/requests/${first.id}/decision`, { approved: false, reason: 'decided elsewhere' });
  await expect.poll(async () => (await watched(app)).shown.find((n) => n.tag === first.id)?.closed).toBe(true);
});
