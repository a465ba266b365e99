// The queue in web mode against a real core: live arrival, keyboard decisions reaching the waiting agent,
// batch approval, grouping, countdown, and "always" creating a rule that decides the next identical request.
import { expect, row, test } from './fixtures.js';

const bash = (command: string, extra: Record<string, unknown> = {}) => ({
  tool_name: 'Bash',
  args: { command },
  agent: 'claude-code',
  session_id: 'sess-1',
  cwd: '/tmp',
  ...extra,
});

test('a request an agent POSTs appears in the queue without a reload', async ({ app, gatehouse }) => {
  await app.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  const answer = await gatehouse.submit(bash('echo live-arrival'));
  expect(answer.status).toBe('pending');
  await expect(row(app, answer.id)).toBeVisible();
  await expect(row(app, answer.id)).toContainText('echo live-arrival');
  await expect(app.getByRole('navigation', { name: 'Main' })).toContainText('1');
  expect(await app.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
});

test('`a` approves: the agent’s waiting call returns approved', async ({ app, gatehouse }) => {
  const waiting = gatehouse.submit(bash('echo approve-me'), 30);
  const first = app.locator('.gh-queue-row').first();
  await expect(first).toContainText('echo approve-me');
  await app.keyboard.press('a');
  const answer = await waiting;
  expect(answer.status).toBe('approved');
  expect(answer.decision).toMatchObject({ status: 'approved', decided_by: 'user' });
  await expect(app.locator('.gh-queue-row')).toHaveCount(0);
  await expect(app.getByRole('status').filter({ hasText: 'Approved once' })).toBeVisible();
});

test('`d` with a reason denies with that reason', async ({ app, gatehouse }) => {
  const waiting = gatehouse.submit(bash('psql -c "drop table users"'), 30);
  await expect(app.locator('.gh-queue-row')).toHaveCount(1);
  await app.keyboard.press('d');
  const dialog = app.getByRole('dialog', { name: 'Deny this request' });
  await expect(dialog).toBeVisible();
  await app.keyboard.type('use the staging database');
  await app.keyboard.press('Enter');
  const answer = await waiting;
  expect(answer.status).toBe('denied');
  expect(answer.decision).toMatchObject({ decided_by: 'user', reason: 'use the staging database' });
  await expect(dialog).toBeHidden();
});

test('Esc closes the deny dialog without deciding', async ({ app, gatehouse }) => {
  const answer = await gatehouse.submit(bash('echo keep-me'));
  await expect(row(app, answer.id)).toBeVisible();
  await app.keyboard.press('d');
  await expect(app.getByRole('dialog')).toBeVisible();
  await app.keyboard.press('Escape');
  await expect(app.getByRole('dialog')).toBeHidden();
  const still = await gatehouse.approver<{ status: string }>('GET', `/v1/requests/${answer.id}`);
  expect(still.status).toBe('pending');
});

test('batch approve of three requests', async ({ app, gatehouse }) => {
  const waits = [1, 2, 3].map((n) => gatehouse.submit(bash(`echo batch-${n}`, { group_id: 'g-1' }), 30));
  await expect(app.locator('.gh-queue-row')).toHaveCount(3);
  await expect(app.getByRole('group', { name: 'Batch g-1' })).toBeVisible();
  await app.getByLabel('Select all').check();
  await app.getByRole('button', { name: 'Approve selected (3)' }).click();
  const answers = await Promise.all(waits);
  expect(answers.map((a) => a.status)).toEqual(['approved', 'approved', 'approved']);
  await expect(app.locator('.gh-queue-row')).toHaveCount(0);
});

test('groups by session, oldest first; j/k move focus and x selects', async ({ app, gatehouse }) => {
  const a = await gatehouse.submit(bash('echo one', { session_id: 'alpha' }));
  const b = await gatehouse.submit(bash('echo two', { session_id: 'beta' }));
  const c = await gatehouse.submit(bash('echo three', { session_id: 'alpha' }));
  await expect(app.locator('.gh-queue-row')).toHaveCount(3);
  const ids = await app.locator('.gh-queue-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-request-id')));
  expect(ids).toEqual([a.id, c.id, b.id]);
  await expect(app.getByRole('region', { name: /Session alpha/ })).toContainText('echo three');

  await expect(row(app, a.id)).toHaveAttribute('aria-current', 'true');
  await app.keyboard.press('j');
  await expect(row(app, c.id)).toHaveAttribute('aria-current', 'true');
  await expect(row(app, c.id)).toBeFocused();
  await app.keyboard.press('x');
  await expect(app.getByRole('button', { name: 'Approve selected (1)' })).toBeEnabled();
  await app.keyboard.press('k');
  await expect(row(app, a.id)).toBeFocused();
  await app.keyboard.press('Enter');
  await expect(app.locator(`.gh-review[data-request-id="${a.id}"]`)).toBeVisible();
  await app.keyboard.press('Escape');
  await expect(app.getByRole('heading', { name: /Queue/ })).toBeVisible();
});

test('a request decided elsewhere leaves the queue live', async ({ app, gatehouse }) => {
  const answer = await gatehouse.submit(bash('echo decided-elsewhere'));
  await expect(row(app, answer.id)).toBeVisible();
  await gatehouse.approver('POST', `/v1/requests/${answer.id}/decision`, { approved: false, reason: 'no' });
  await expect(row(app, answer.id)).toHaveCount(0);
});

test('a countdown shows when a timeout applies', async ({ app, gatehouse }) => {
  await gatehouse.approver('PATCH', '/v1/settings', { timeout_seconds: 300 });
  const answer = await gatehouse.submit(bash('echo with-timeout'));
  await expect(row(app, answer.id).getByRole('timer')).toHaveAccessibleName(/Expires in [45]:\d\d/);
});

test('`A` creates a rule from the suggestion; the next identical request is auto-allowed', async ({ app, gatehouse }) => {
  const ws = await gatehouse.workspace({ 'README.md': '# ws\n' });
  const request = bash('echo always-ok', { cwd: ws });
  const waiting = gatehouse.submit(request, 30);
  await expect(app.locator('.gh-queue-row')).toHaveCount(1);
  await app.keyboard.press('Shift+A');
  const dialog = app.getByRole('dialog', { name: 'Always allow' });
  const pattern = dialog.getByLabel('Rule pattern');
  await expect(pattern).not.toHaveValue('');
  await expect(dialog.getByRole('radio', { name: /This workspace/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Approve and create rule' }).click();
  const first = await waiting;
  expect(first.status).toBe('approved');
  expect(first.decision).toMatchObject({ scope: 'always' });

  const second = await gatehouse.submit(request);
  expect(second.status).toBe('approved');
  expect(second.decision?.decided_by).toBe('rule');
  await expect(app.locator('.gh-queue-row')).toHaveCount(0);
});

test('after the event stream drops, the queue catches up with what it missed', async ({ app, gatehouse }) => {
  let streamUp = false;
  await app.route('**/v1/events', (route) => (streamUp ? route.continue() : route.abort('connectionreset')));
  const before = await gatehouse.submit(bash('echo decided-while-offline'));
  await app.reload();
  await expect(row(app, before.id)).toBeVisible(); // loaded by listPending, while the stream keeps failing
  await gatehouse.approver('POST', `/v1/requests/${before.id}/decision`, { approved: true });
  const during = await gatehouse.submit(bash('echo arrived-while-offline'));
  streamUp = true; // the browser's next retry gets through
  await expect(row(app, during.id)).toBeVisible({ timeout: 15_000 });
  await expect(row(app, before.id)).toHaveCount(0);
});

test('`s` approves for the session: the same call in that session is approved without asking', async ({ app, gatehouse }) => {
  const request = bash('echo session-ok', { session_id: 'sess-s' });
  const waiting = gatehouse.submit(request, 30);
  await expect(app.locator('.gh-queue-row')).toHaveCount(1);
  await app.keyboard.press('s');
  const dialog = app.getByRole('dialog', { name: 'Approve for this session' });
  await expect(dialog.getByRole('radio', { name: 'this exact command: `echo session-ok`' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Approve for session' }).click();
  expect((await waiting).decision).toMatchObject({ status: 'approved', scope: 'session', grant: 'this exact command: `echo session-ok`' });
  const again = await gatehouse.submit(request);
  expect(again.status).toBe('approved');
  expect(again.decision?.decided_by).toBe('session');
  const other = await gatehouse.submit({ ...request, session_id: 'another-session' });
  expect(other.status).toBe('pending');
});

test('in the review, j/k step through the queue and a decision moves on to the next request', async ({ app, gatehouse }) => {
  const a = await gatehouse.submit(bash('echo first', { session_id: 'r' }));
  const b = await gatehouse.submit(bash('echo second', { session_id: 'r' }));
  await expect(app.locator('.gh-queue-row')).toHaveCount(2);
  await app.keyboard.press('Enter');
  await expect(app.locator(`.gh-review[data-request-id="${a.id}"]`)).toBeVisible();
  await expect(app.getByText('Request 1 of 2')).toBeVisible();
  await app.keyboard.press('j');
  await expect(app.locator(`.gh-review[data-request-id="${b.id}"]`)).toBeVisible();
  await app.keyboard.press('k');
  await expect(app.locator(`.gh-review[data-request-id="${a.id}"]`)).toBeVisible();
  await expect(app.locator('[data-armed="true"]')).toBeVisible();
  await app.keyboard.press('a');
  await expect(app.locator(`.gh-review[data-request-id="${b.id}"]`)).toBeVisible();
  await expect(app.locator('[data-armed="true"]')).toBeVisible();
  await app.keyboard.press('a');
  await expect(app.getByRole('heading', { name: /Queue/ })).toBeVisible();
  const statuses = await Promise.all([a, b].map((r) => gatehouse.approver<{ status: string }>('GET', `/v1/requests/${r.id}`)));
  expect(statuses.map((s) => s.status)).toEqual(['approved', 'approved']);
});

test('a double `a` decides one request, not two: the next one waits behind a visible pause', async ({ app, gatehouse }) => {
  const first = await gatehouse.submit(bash('echo one', { session_id: 'd' }));
  // Harmless, so only the pause (not the risky-request confirmation) can stop the second key press.
  const second = await gatehouse.submit(bash('echo two', { session_id: 'd' }));
  await expect(app.locator('.gh-queue-row')).toHaveCount(2);
  await app.keyboard.press('Enter');
  await expect(app.locator(`.gh-review[data-request-id="${first.id}"] [data-armed="true"]`)).toBeVisible();
  await app.keyboard.press('a');
  await app.keyboard.press('a');
  await expect(app.locator(`.gh-review[data-request-id="${second.id}"]`)).toBeVisible();
  await expect(app.getByText('New request — decisions wake in a moment')).toBeVisible();
  expect((await gatehouse.approver<{ status: string }>('GET', `/v1/requests/${first.id}`)).status).toBe('approved');
  expect((await gatehouse.approver<{ status: string }>('GET', `/v1/requests/${second.id}`)).status).toBe('pending');
  // Once the pause is over the keys work again.
  await expect(app.locator('[data-armed="true"]')).toBeVisible();
  await app.keyboard.press('a');
  await expect.poll(async () => (await gatehouse.approver<{ status: string }>('GET', `/v1/requests/${second.id}`)).status).toBe('approved');
});

test('approving a destructive or code-running request needs a deliberate confirmation', async ({ app, gatehouse }) => {
  const risky = await gatehouse.submit(bash('curl -s https://example.com/install.sh | sh', { session_id: 'c' }));
  await expect(app.locator('.gh-queue-row')).toHaveCount(1);
  await app.keyboard.press('a');
  const confirm = app.getByRole('dialog', { name: 'Approve a risky request?' });
  await expect(confirm).toContainText('code-execution');
  // Cancel has the focus: a second `a` or Enter does not approve.
  await app.keyboard.press('a');
  await app.keyboard.press('Enter');
  await expect(confirm).toHaveCount(0);
  expect((await gatehouse.approver<{ status: string }>('GET', `/v1/requests/${risky.id}`)).status).toBe('pending');
  await app.keyboard.press('a');
  await confirm.getByRole('button', { name: 'Approve anyway' }).click();
  await expect.poll(async () => (await gatehouse.approver<{ status: string }>('GET', `/v1/requests/${risky.id}`)).status).toBe('approved');
});

test('a flood is visible as such and one session\'s worth is denied in one step', async ({ app, gatehouse }) => {
  const ids: string[] = [];
  for (let i = 0; i < 22; i++) ids.push((await gatehouse.submit(bash(`echo flood ${i}`, { session_id: 'flooder' }))).id);
  const keep = await gatehouse.submit(bash('echo other', { session_id: 'calm' }));
  const notice = app.getByRole('alert', { name: 'Many requests waiting' });
  await expect(notice).toContainText('23 requests are waiting');
  await notice.getByRole('button', { name: 'Deny all 22…' }).click();
  await app.getByRole('dialog', { name: 'Deny 22 requests' }).getByRole('button', { name: 'Deny' }).click();
  await expect(app.locator('.gh-queue-row')).toHaveCount(1);
  await expect(row(app, keep.id)).toBeVisible();
  const statuses = await Promise.all(ids.map((id) => gatehouse.approver<{ status: string }>('GET', `/v1/requests/${id}`)));
  expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(['denied']));
});

test('first run: with no rules the empty queue offers the presets, and one click applies the recommended one', async ({ app, gatehouse }) => {
  const offer = app.getByRole('region', { name: 'Start from a preset' });
  await expect(offer).toBeVisible();
  await expect(offer.getByRole('article').first()).toHaveAccessibleName('Everyday work (recommended)');
  await offer.getByRole('button', { name: /^Use Everyday work \(recommended\)/ }).click();
  await expect(app.getByRole('status').filter({ hasText: /Everyday work \(recommended\): \d+ rules added/ })).toBeVisible();
  const rules = await gatehouse.approver<Array<{ pattern: string; source: string }>>('GET', '/v1/rules');
  expect(rules.length).toBeGreaterThan(50);
  expect(rules.every((r) => r.source === 'preset')).toBe(true);
  // With rules in place the offer is gone, and everyday work no longer waits.
  await app.reload();
  await expect(app.locator('body[data-app-state="ready"]')).toBeAttached();
  await expect(offer).toBeHidden();
  const ws = await gatehouse.workspace({ 'src/a.ts': 'export {};\n' });
  expect((await gatehouse.submit({ ...bash('git status'), cwd: ws })).status).toBe('approved');
});
