// A page whose Gatehouse is gone says so: a quiet queue must not pass for "nothing waits" while agents wait on an
// instance this page no longer reaches.
import { expect, test } from './fixtures.js';

test('when the server stops, the page shows that Gatehouse is not reachable', async ({ app, gatehouse }) => {
  await expect(app.getByRole('alert').filter({ hasText: 'Gatehouse is not reachable' })).toHaveCount(0);
  await gatehouse.stop();
  const banner = app.getByRole('alert').filter({ hasText: 'Gatehouse is not reachable' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('agents that wait on Gatehouse get no answer from here');
});

test('when the event stream comes back, the page says it is connected again and the notice goes away', async ({ app }) => {
  let streamUp = true;
  await app.route('**/v1/events', (route) => (streamUp ? route.continue() : route.abort('connectionreset')));
  streamUp = false;
  await app.reload(); // the first stream of the reloaded page fails: the page says so
  await expect(app.getByRole('alert').filter({ hasText: 'Gatehouse is not reachable' })).toBeVisible();
  streamUp = true; // the page's next retry gets through
  await expect(app.getByRole('status').filter({ hasText: 'Connected to Gatehouse again; the queue is up to date.' })).toBeVisible({ timeout: 15_000 });
  await expect(app.getByRole('alert').filter({ hasText: 'Gatehouse is not reachable' })).toHaveCount(0);
});
