// Web-mode sign-in: the one-time code in the page URL is swapped for the session cookie and leaves the address
// bar; without it the page says how to sign in instead of showing an empty queue.
import { expect, test } from './fixtures.js';

test('a ?code= in the page URL signs in and disappears from the address bar', async ({ page, gatehouse }) => {
  const code = new URL(gatehouse.loginUrl).searchParams.get('code');
  await page.goto(`${gatehouse.url}/?code=${code}`);
  await expect(page.locator('body[data-app-state="ready"]')).toBeAttached();
  expect(page.url()).not.toContain('code=');
  const sent = await gatehouse.submit({ tool_name: 'Bash', args: { command: 'echo signed-in' }, session_id: 's', cwd: '/tmp' });
  await expect(page.locator(`.gh-queue-row[data-request-id="${sent.id}"]`)).toBeVisible();
});

test('without signing in, the page explains how to and shows no data', async ({ page, gatehouse }) => {
  await page.goto(`${gatehouse.url}/`);
  await expect(page.locator('body[data-app-state="error"]')).toBeAttached();
  await expect(page.getByRole('alert').filter({ hasText: 'Not signed in' })).toBeVisible();
  await expect(page.locator('.gh-queue-row')).toHaveCount(0);
});
