// Web-mode sign-in: the one-time code in the page URL is swapped for a session token that the page keeps to itself
// (never a cookie, which every other server on 127.0.0.1 or localhost would receive), and leaves the address bar;
// without it the page says how to sign in instead of showing an empty queue.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
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
  await gatehouse.submit({ tool_name: 'Bash', args: { command: 'echo waiting' }, session_id: 's', cwd: '/tmp' });
  await page.goto(`${gatehouse.url}/`);
  await expect(page.locator('body[data-app-state="signed-out"]')).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Sign in to Gatehouse' })).toBeVisible();
  await expect(page.getByText('press Enter')).toBeVisible();
  await expect(page.getByText(/Queue/)).toHaveCount(0);
  await expect(page.locator('.gh-queue-row')).toHaveCount(0);
});

test('a used sign-in link says so on the signed-out page', async ({ page, gatehouse }) => {
  await page.goto(gatehouse.loginUrl);
  await expect(page.locator('body[data-app-state="ready"]')).toBeAttached();
  const other = await page.context().newPage();
  await other.goto(gatehouse.loginUrl);
  await expect(other.locator('body[data-app-state="signed-out"]')).toBeAttached();
  await expect(other.getByRole('alert')).toContainText('already used');
});

test('after signing in, another local server the person opens receives no credential and cannot approve', async ({ app, gatehouse }) => {
  // The dev server the agent just wrote, on another port of the same machine.
  const seen: IncomingHttpHeaders[] = [];
  const dev = createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>dev</title><p>dev server</p>');
  });
  await new Promise<void>((r) => dev.listen(0, '127.0.0.1', () => r()));
  const port = (dev.address() as AddressInfo).port;
  try {
    const pending = await gatehouse.submit({ tool_name: 'Bash', args: { command: 'echo approve-me' }, session_id: 's', cwd: '/tmp' });
    await expect(app.locator(`.gh-queue-row[data-request-id="${pending.id}"]`)).toBeVisible();
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      const tab = await app.context().newPage();
      await tab.goto(`http://${host}/`);
      await expect(tab.getByText('dev server')).toBeVisible();
      // The page tries to reach Gatehouse with whatever the browser would attach.
      const status = await tab.evaluate(async ({ url, id }) => {
        const r = await fetch(`${url}/v1/requests/${id}/decision`, {
          method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ approved: true }),
        }).catch(() => null);
        return r ? r.status : 0;
      }, { url: gatehouse.url, id: pending.id });
      expect([0, 401, 403]).toContain(status);
      await tab.close();
    }
    expect(seen.length).toBeGreaterThan(0);
    for (const headers of seen) {
      expect(headers.cookie).toBeUndefined();
      expect(headers.authorization).toBeUndefined();
    }
    expect((await gatehouse.approver<{ status: string }>('GET', `/v1/requests/${pending.id}`)).status).toBe('pending');
  } finally {
    await new Promise((r) => dev.close(r));
  }
});
