// The Sessions view in web mode against a real core: "approve for session" creates a live approval that
// decides identical requests of that session; revoking it in the UI makes the next one pending again.
import { expect, test } from './fixtures.js';

const npmTest = (session: string) => ({ tool_name: 'Bash', agent: 'claude-code', session_id: session, cwd: '/tmp', args: { command: 'npm test' } });

test('approve for session, see it in Sessions, revoke it: the next identical request is pending again', async ({ app, gatehouse }) => {
  const first = await gatehouse.submit(npmTest('sess-a'));
  expect(first.status).toBe('pending');
  await gatehouse.approver('POST', `/v1/requests/${first.id}/decision`, { approved: true, scope: 'session' });

  const covered = await gatehouse.submit(npmTest('sess-a'));
  expect(covered).toMatchObject({ status: 'approved', decision: { decided_by: 'session' } });
  // Another session is not covered.
  expect((await gatehouse.submit(npmTest('sess-b'))).status).toBe('pending');

  await app.getByRole('link', { name: 'Sessions' }).click();
  const table = app.getByRole('table', { name: 'Session approvals' });
  const row = table.locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('claude-code');
  await expect(row).toContainText('sess-a');
  await expect(row).toContainText('Bash');
  await expect(row).toContainText('npm test');
  await expect(row).toContainText('when the session ends');

  await row.getByRole('button', { name: /^Revoke .*npm test/ }).click();
  await expect(app.getByText('No live session approvals.')).toBeVisible();
  expect(await gatehouse.approver<unknown[]>('GET', '/v1/session-approvals')).toHaveLength(0);

  const after = await gatehouse.submit(npmTest('sess-a'));
  expect(after.status).toBe('pending');
});

test('a session approval made while the view is open appears without a reload, with its expiry', async ({ app, gatehouse }) => {
  await gatehouse.approver('PATCH', '/v1/settings', { session_ttl_seconds: 3600 });
  await app.goto(`${gatehouse.url}/#/sessions`);
  await expect(app.getByText('No live session approvals.')).toBeVisible();
  const pending = await gatehouse.submit(npmTest('sess-live'));
  await gatehouse.approver('POST', `/v1/requests/${pending.id}/decision`, { approved: true, scope: 'session' });
  const row = app.getByRole('table', { name: 'Session approvals' }).locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/in (59 min|1 h)/);
});

test('the session dialog offers a prefix the person narrows; the grant covers exactly that and says so everywhere', async ({ app, gatehouse }) => {
  // A project folder: the temp folder itself is no workspace, and a grant there is refused.
  const ws = await gatehouse.workspace({ 'package.json': '{}\n' });
  const run = (command: string) => ({ tool_name: 'Bash', agent: 'claude-code', session_id: 'sess-p', cwd: ws, args: { command } });
  const first = gatehouse.submit(run('npm run test:unit -- --bail'), 30);
  await expect(app.locator('.gh-queue-row')).toHaveCount(1);
  await app.keyboard.press('s');
  const dialog = app.getByRole('dialog', { name: 'Approve for this session' });
  await dialog.getByRole('radio', { name: /^commands starting with/ }).check();
  const prefix = dialog.getByRole('textbox', { name: 'Command prefix' });
  await prefix.fill('npm run test:unit');
  const words = 'commands starting with `npm run test:unit` — each command of a chain must start with it';
  await expect(dialog).toContainText(words);
  await dialog.getByRole('button', { name: 'Approve for session' }).click();
  expect((await first).decision).toMatchObject({ status: 'approved', grant: words });

  expect((await gatehouse.submit(run('npm run test:unit -- --watch'))).status).toBe('approved');
  expect((await gatehouse.submit(run('npm run test:unit && rm -rf ~'))).status).not.toBe('approved');
  expect((await gatehouse.submit(run('npm run lint'))).status).toBe('pending');

  await app.getByRole('link', { name: 'Sessions' }).click();
  await expect(app.getByRole('table', { name: 'Session approvals' }).locator('tbody tr')).toContainText(words);
});

test('a session grant also decides the waiting calls it covers, and the notice names them', async ({ app, gatehouse }) => {
  const ws = await gatehouse.workspace({ 'package.json': '{}\n' });
  const run = (command: string) => ({ tool_name: 'Bash', agent: 'claude-code', session_id: 'sess-r', cwd: ws, args: { command } });
  const first = gatehouse.submit(run('npm run test:unit -- --bail'), 30);
  await expect(app.locator('.gh-queue-row')).toHaveCount(1);
  const twin = gatehouse.submit(run('npm run test:unit -- --watch'), 30);
  const lint = await gatehouse.submit(run('npm run lint'));
  await expect(app.locator('.gh-queue-row')).toHaveCount(3);
  await app.locator('.gh-queue-row', { hasText: '--bail' }).click();
  await app.keyboard.press('s');
  const dialog = app.getByRole('dialog', { name: 'Approve for this session' });
  await dialog.getByRole('radio', { name: /^commands starting with/ }).check();
  await dialog.getByRole('textbox', { name: 'Command prefix' }).fill('npm run test:unit');
  // The released call's own event may reach the page before the answer does: hold the answer until it has.
  await app.route('**/v1/requests/*/decision', async (route) => {
    const response = await route.fetch();
    await expect(app.locator('.gh-queue-row', { hasText: '--watch' })).toHaveCount(0);
    await route.fulfill({ response });
  });
  await dialog.getByRole('button', { name: 'Approve for session' }).click();
  expect((await first).status).toBe('approved');
  expect((await twin).decision).toMatchObject({ status: 'approved', decided_by: 'session' });
  await expect(app.locator('.gh-queue-row')).toHaveCount(1);
  await expect(app.locator('.gh-queue-row')).toContainText('npm run lint');
  await expect(app.getByRole('status')).toContainText('and 1 call (Bash `npm run test:unit -- --watch`) waiting, which it covers');
  expect((await gatehouse.approver<{ status: string }>('GET', `/v1/requests/${lint.id}`)).status).toBe('pending');
});
