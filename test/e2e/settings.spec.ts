// Settings in web mode: approve-all only after confirmation, its warning on every view, and saved timeouts.
import { expect, test } from './fixtures.js';

test('approve-all asks first, then warns on every view until switched back', async ({ app, gatehouse }) => {
  await app.getByRole('link', { name: 'Settings' }).click();
  await app.getByRole('radio', { name: /Approve all/ }).click();
  const confirm = app.getByRole('dialog', { name: 'Turn on approve-all?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(app.getByRole('radio', { name: /Interactive/ })).toBeChecked();
  expect((await gatehouse.approver<{ mode: string }>('GET', '/v1/settings')).mode).toBe('interactive');

  await app.getByRole('radio', { name: /Approve all/ }).click();
  await app.getByRole('dialog').getByRole('button', { name: 'Turn on approve-all' }).click();
  const banner = app.getByRole('alert').filter({ hasText: 'Approve-all is on' });
  await expect(banner).toBeVisible();
  await app.getByRole('link', { name: 'Queue' }).click();
  await expect(banner).toBeVisible();
  const answer = await gatehouse.submit({ tool_name: 'Bash', args: { command: 'echo auto' }, session_id: 's', cwd: '/tmp' });
  expect(answer.status).toBe('approved');
  expect(answer.decision?.decided_by).toBe('mode');

  await banner.getByRole('button', { name: 'Switch back to interactive' }).click();
  await expect(banner).toBeHidden();
  expect((await gatehouse.approver<{ mode: string }>('GET', '/v1/settings')).mode).toBe('interactive');
});

test('a mode change made elsewhere shows up live', async ({ app, gatehouse }) => {
  await gatehouse.approver('PATCH', '/v1/settings', { mode: 'strict' });
  await expect(app.getByRole('status').filter({ hasText: 'Strict mode' })).toBeVisible();
});

test('timeout, its outcome and the session TTL are saved', async ({ app, gatehouse }) => {
  await app.getByRole('link', { name: 'Settings' }).click();
  await app.getByLabel(/Request timeout/).fill('90');
  await app.getByLabel('When a request times out').selectOption('deny');
  await app.getByLabel(/Session approvals last/).fill('3600');
  await app.getByRole('button', { name: 'Save' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  expect(await gatehouse.approver('GET', '/v1/settings')).toMatchObject({ timeout_seconds: 90, timeout_outcome: 'deny', session_ttl_seconds: 3600 });
});

test('"contain instead of asking" is explained, says whether the sandbox runs, and is saved', async ({ app, gatehouse }) => {
  await app.getByRole('link', { name: 'Settings' }).click();
  const toggle = app.getByRole('checkbox', { name: 'Contain instead of asking' });
  await expect(toggle).not.toBeChecked();
  await expect(app.getByText(/runs inside an OS\s+sandbox instead of waiting for you/)).toBeVisible();
  // This machine has bubblewrap: `gatehouse serve` hosts the sandbox (elsewhere the line gives doctor's reason).
  const sandbox = await gatehouse.approver<{ available: boolean; why?: string }>('GET', '/v1/sandbox');
  const line = sandbox.available ? 'The sandbox is running' : `cannot run here, so contained commands are asked instead: ${sandbox.why ?? ''}`;
  await expect(app.getByRole('status').filter({ hasText: line })).toBeVisible();
  await toggle.check();
  await expect(toggle).toBeChecked();
  await expect.poll(async () => (await gatehouse.approver<{ contain_unvouched: boolean }>('GET', '/v1/settings')).contain_unvouched).toBe(true);
  await toggle.uncheck();
  await expect.poll(async () => (await gatehouse.approver<{ contain_unvouched: boolean }>('GET', '/v1/settings')).contain_unvouched).toBe(false);
});

test('a toggle moves when clicked, even while the server is slow, and moves back if saving fails', async ({ app, gatehouse }) => {
  await app.getByRole('link', { name: 'Settings' }).click();
  const toggle = app.getByRole('checkbox', { name: 'Contain instead of asking' });
  // A slow server: the checkbox must not snap back until it answers (Playwright's check() fails if the click does nothing).
  let release = (): void => {};
  const held = new Promise<void>((resolve) => { release = resolve; });
  await app.route('**/v1/settings', async (route) => {
    if (route.request().method() === 'PATCH') await held;
    await route.continue();
  });
  await toggle.check();
  release();
  await expect.poll(async () => (await gatehouse.approver<{ contain_unvouched: boolean }>('GET', '/v1/settings')).contain_unvouched).toBe(true);
  await app.unroute('**/v1/settings');

  // A failed save puts the toggle back and says why; the setting is unchanged.
  await app.route('**/v1/settings', (route) => (route.request().method() === 'PATCH'
    ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'disk full' }) })
    : route.continue()));
  await toggle.click();
  await expect(app.getByRole('alert').filter({ hasText: /disk full/ })).toBeVisible();
  await expect(toggle).toBeChecked();
  expect((await gatehouse.approver<{ contain_unvouched: boolean }>('GET', '/v1/settings')).contain_unvouched).toBe(true);
});
