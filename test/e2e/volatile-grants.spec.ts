// Issue 23 in the browser: "always" for `kill 48211` offers the rule over the pid beside the exact one, and before it is
// saved shows the past and waiting calls it would also cover; approving it decides the waiting one too.
import { expect, test } from './fixtures.js';

test('"always" offers the rule over a volatile word with its preview, and releases the waiting call it covers', async ({ app, gatehouse }) => {
  const ws = await gatehouse.workspace({ 'README.md': 'x\n' });
  const run = (command: string) => ({ tool_name: 'Bash', agent: 'claude-code', session_id: 'sess-v', cwd: ws, args: { command } });
  const past = await gatehouse.submit(run('kill 40001'));
  await gatehouse.approver('POST', `/v1/requests/${past.id}/decision`, { approved: true });
  const first = gatehouse.submit(run('kill 48211'), 30);
  await expect(app.locator('.gh-queue-row')).toHaveCount(1);
  const waiting = await gatehouse.submit(run('kill 48212'));
  await expect(app.locator('.gh-queue-row')).toHaveCount(2);
  await app.keyboard.press('A');
  const dialog = app.getByRole('dialog', { name: 'Always allow' });
  await expect(dialog.getByRole('radio', { name: /^Exactly this: Bash\(kill 48211\)/ })).toBeChecked();
  await dialog.getByRole('radio', { name: /^Similar calls: Bash\(kill <pid>\)/ }).check();
  await expect(dialog).toContainText('any process id in place of 48211');
  await expect(dialog.getByRole('textbox', { name: 'Rule pattern' })).toHaveValue('Bash(kill <pid>)');
  await expect(dialog.getByRole('list', { name: 'Past calls it covers' })).toContainText('kill 40001');
  await expect(dialog.getByRole('list', { name: 'Waiting calls it covers' })).toContainText('kill 48212');
  await dialog.getByRole('button', { name: 'Approve and create rule' }).click();
  expect((await first).decision).toMatchObject({ status: 'approved', scope: 'always' });
  await expect(app.locator('.gh-queue-row')).toHaveCount(0);
  expect((await gatehouse.approver<{ status: string }>('GET', `/v1/requests/${waiting.id}`)).status).toBe('approved');
  expect((await gatehouse.submit(run('kill 5555'))).status).toBe('approved');
  expect((await gatehouse.submit(run('kill -9 -1'))).status).not.toBe('approved');
});

test('after three approvals of the same kind of call the queue suggests its rule; dismissed it stays away, accepted it allows the next one', async ({ app, gatehouse }) => {
  const ws = await gatehouse.workspace({ 'README.md': 'x\n' });
  const run = (command: string) => ({ tool_name: 'Bash', agent: 'claude-code', session_id: 'sess-s', cwd: ws, args: { command } });
  const suggestions = app.getByRole('region', { name: 'Suggested rules' });
  for (const pid of [42001, 42002, 42003]) {
    const sent = await gatehouse.submit(run(`kill ${pid}`));
    await gatehouse.approver('POST', `/v1/requests/${sent.id}/decision`, { approved: true });
  }
  await app.reload();
  const card = suggestions.getByRole('article', { name: 'Suggested rule Bash(kill <pid>)' });
  await expect(card).toContainText('You approved 3 calls like this by hand');
  await expect(card).toContainText('kill 42003');
  // Only a suggestion: the next kill still waits for the person.
  const fourth = await gatehouse.submit(run('kill 42004'));
  expect(fourth.status).toBe('pending');
  await card.getByRole('button', { name: 'Dismiss' }).click();
  await expect(card).toHaveCount(0);
  await app.reload();
  await expect(app.locator('.gh-queue-row')).toHaveCount(1);
  await expect(app.getByRole('article', { name: 'Suggested rule Bash(kill <pid>)' })).toHaveCount(0);
  // Accepting (from a fresh browser state) creates the rule; the next kill is allowed.
  await app.evaluate(() => localStorage.removeItem('gatehouse.dismissed-rule-suggestions'));
  await app.reload();
  await app.getByRole('article', { name: 'Suggested rule Bash(kill <pid>)' }).getByRole('button', { name: 'Create rule' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'Rule created: Bash(kill <pid>)' })).toBeVisible();
  expect((await gatehouse.submit(run('kill 42005'))).status).toBe('approved');
});
