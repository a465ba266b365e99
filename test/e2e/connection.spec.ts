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
