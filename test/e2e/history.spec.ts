// The History view in web mode against a real core: entries seeded through the agent API (rule-allowed,
// rule-denied, approved and denied by the person), full-text search, decision filter, entry detail with the
// reviewed diff, the dashboard, CSV export through a real download, and the README screenshot.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test, type Gatehouse } from './fixtures.js';
import { readmeShot } from './readme-shot.js';

const entries = (page: Page) => page.getByRole('table', { name: 'Audit entries' }).locator('tbody tr');

/** Four finished requests: one per way a decision is made, plus an Edit the person denied with a reason. */
async function seed(gatehouse: Gatehouse): Promise<{ ws: string }> {
  const ws = await gatehouse.workspace({ 'src/app.ts': 'export const port = 3000;\nexport const host = "localhost";\n' });
  await gatehouse.approver('POST', '/v1/rules', { action: 'allow', pattern: 'Bash(git status)', note: 'read-only' });
  await gatehouse.approver('POST', '/v1/rules', { action: 'deny', pattern: 'Bash(rm -rf:*)' });
  const base = { agent: 'claude-code', session_id: 'sess-history', cwd: ws };

  const allowed = await gatehouse.submit({ ...base, tool_name: 'Bash', args: { command: 'git status' } });
  expect(allowed.status).toBe('approved');
  const denied = await gatehouse.submit({ ...base, tool_name: 'Bash', args: { command: 'rm -rf build' } });
  expect(denied.status).toBe('denied');

  const publish = await gatehouse.submit({ ...base, tool_name: 'Bash', args: { command: 'npm publish --tag next', description: 'Publish the package' } });
  expect(publish.status).toBe('pending');
  await gatehouse.approver('POST', `/v1/requests/${publish.id}/decision`, { approved: true });

  const edit = await gatehouse.submit({
    ...base,
    tool_name: 'Edit',
    args: { file_path: `${ws}/src/app.ts`, old_string: 'export const port = 3000;', new_string: 'export const port = 8080;' },
  });
  expect(edit.status).toBe('pending');
  await gatehouse.approver('POST', `/v1/requests/${edit.id}/decision`, { approved: false, reason: 'keep the default port' });
  return { ws };
}

test('search, filter by decision, open an entry, dashboard', async ({ app, gatehouse }) => {
  const { ws } = await seed(gatehouse);
  await app.getByRole('link', { name: 'History' }).click();
  await expect(app.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(entries(app)).toHaveCount(4);
  // Newest first.
  await expect(entries(app).first()).toContainText('Edit');
  await expect(entries(app).last()).toContainText('git status');

  // Full-text search (debounced) finds the one request that mentions "publish".
  await app.getByRole('searchbox', { name: 'Search' }).fill('publish');
  await expect(entries(app)).toHaveCount(1);
  await expect(entries(app).first()).toContainText('npm publish --tag next');
  await expect(entries(app).first()).toContainText('approved');
  await app.getByRole('searchbox', { name: 'Search' }).fill('');
  await expect(entries(app)).toHaveCount(4);

  // Filter by decision: the rule's deny and the person's deny.
  await app.getByLabel('Decision', { exact: true }).selectOption('denied');
  await expect(entries(app)).toHaveCount(2);
  for (const text of await entries(app).allInnerTexts()) expect(text).toContain('denied');
  await app.getByLabel('Decided by').selectOption('rule');
  await expect(entries(app)).toHaveCount(1);
  await expect(entries(app).first()).toContainText('rm -rf build');
  await app.getByRole('button', { name: 'Clear filters' }).click();
  await expect(entries(app)).toHaveCount(4);

  // Open the denied Edit: the diff as reviewed, who decided, the reason, the verdict.
  await entries(app).filter({ hasText: 'Edit' }).getByRole('button', { name: 'Open' }).click();
  const detail = app.getByRole('region', { name: 'Entry detail' });
  await expect(detail).toBeFocused();
  await expect(detail).toContainText(`${ws}/src/app.ts`);
  await expect(detail.locator('.gh-diff-del')).toHaveText(/export const port = 3000;/);
  await expect(detail.locator('.gh-diff-add')).toHaveText(/export const port = 8080;/);
  await expect(detail).toContainText('keep the default port');
  await expect(detail.getByText('Decided by')).toBeVisible();
  await expect(detail).toContainText('you');
  await expect(detail.getByRole('region', { name: /^Verdict: ask/ })).toBeVisible();
  await app.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // The rule-allowed entry names its rule; following it filters the list by that rule.
  await entries(app).filter({ hasText: 'git status' }).getByRole('button', { name: 'Open' }).click();
  await expect(detail).toContainText('a rule');
  await detail.getByRole('button', { name: /^Show entries decided by rule / }).click();
  await expect(entries(app)).toHaveCount(1);
  await expect(app.getByLabel('Rule id')).not.toHaveValue('');
  await app.getByRole('button', { name: 'Clear filters' }).click();

  // Dashboard: totals by outcome and the person's median time to decision.
  const dashboard = app.locator('.gh-dashboard');
  await expect(dashboard).toContainText('Auto-allowed: 1');
  await expect(dashboard).toContainText('Approved: 1');
  await expect(dashboard).toContainText('Denied: 2');
  await expect(dashboard.getByRole('img', { name: /^Top tools: Bash 3, Edit 1$/ })).toBeVisible();
  await expect(dashboard.getByRole('img', { name: /Top rules: .*Bash\(git status\) 1/ })).toBeVisible();
  await expect(dashboard.getByRole('group', { name: 'Median time to decision' })).not.toContainText('—');

  await app.getByRole('button', { name: 'Open' }).nth(1).click();
  await expect(detail).toContainText('npm publish --tag next');
  await app.locator('.gh-main').evaluate((el) => el.scrollTo(0, 0));
  await readmeShot(app, 'history');
});

test('a request decided while History is open appears without a reload', async ({ app, gatehouse }) => {
  await gatehouse.approver('POST', '/v1/rules', { action: 'allow', pattern: 'Bash(ls:*)' });
  await app.goto(`${gatehouse.url}/#/history`);
  await expect(app.getByText('No entries match these filters.')).toBeVisible();
  await gatehouse.submit({ tool_name: 'Bash', agent: 'claude-code', session_id: 's', cwd: '/tmp', args: { command: 'ls -la' } });
  await expect(entries(app)).toHaveCount(1);
  await expect(entries(app).first()).toContainText('auto-allowed');
});

test('export downloads the filtered log as CSV with a header and one row per entry', async ({ app, gatehouse }) => {
  await seed(gatehouse);
  await app.goto(`${gatehouse.url}/#/history`);
  await expect(entries(app)).toHaveCount(4);
  await app.getByLabel('Decision', { exact: true }).selectOption('denied');
  await expect(entries(app)).toHaveCount(2);

  const exportGroup = app.getByRole('group', { name: 'Export' });
  await expect(exportGroup.getByLabel('Format')).toHaveValue('csv');
  const downloading = app.waitForEvent('download');
  await exportGroup.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  await expect(exportGroup.getByRole('status')).toHaveText('Exported 2 rows.');

  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.trimEnd().split(/\r\n/);
  expect(lines[0]).toMatch(/^seq,id,received_at,agent,session_id,cwd,tool_name,summary/);
  expect(lines).toHaveLength(3);
  expect(csv).toContain('rm -rf build');
  expect(csv).toContain('keep the default port');
  expect(csv).not.toContain('git status');

  // NDJSON of everything: one parsable line per entry.
  await app.getByRole('button', { name: 'Clear filters' }).click();
  await expect(entries(app)).toHaveCount(4);
  await exportGroup.getByLabel('Format').selectOption('ndjson');
  const again = app.waitForEvent('download');
  await exportGroup.getByRole('button', { name: 'Export' }).click();
  const ndjson = await readFile((await (await again).path())!, 'utf8');
  const rows = ndjson.trim().split('\n').map((l) => JSON.parse(l) as { tool_name: string });
  expect(rows).toHaveLength(4);
  await expect(exportGroup.getByRole('status')).toHaveText('Exported 4 rows.');
});

test('load more pages through a long history without repeats, and new activity meanwhile never throws the pages away', async ({ app, gatehouse }) => {
  await gatehouse.approver('POST', '/v1/rules', { action: 'allow', pattern: 'Bash(echo:*)' });
  for (let i = 0; i < 60; i++) {
    await gatehouse.submit({ tool_name: 'Bash', agent: 'claude-code', session_id: 'bulk', cwd: '/tmp', args: { command: `echo page-${i}` } });
  }
  await app.goto(`${gatehouse.url}/#/history`);
  await expect(entries(app)).toHaveCount(50);
  await expect(entries(app).first()).toContainText('echo page-59');

  // Hold the second page in flight while an agent's request lands: the refresh that activity triggers must
  // not replace the list under the page the person asked for.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await app.route(/\/v1\/audit\?.*cursor=/, async (route) => {
    await held;
    await route.continue();
  });
  await app.getByRole('button', { name: 'Load more' }).click();
  await gatehouse.submit({ tool_name: 'Bash', agent: 'claude-code', session_id: 'bulk', cwd: '/tmp', args: { command: 'echo late' } });
  await app.waitForTimeout(800); // past the view's refresh debounce
  release();

  await expect(entries(app)).toHaveCount(60);
  await expect(entries(app).last()).toContainText('echo page-0');
  await expect(app.getByRole('button', { name: 'Load more' })).toBeHidden();
  await expect(app.getByRole('status').filter({ hasText: 'New requests arrived.' })).toBeVisible();
  const texts = await entries(app).locator('.gh-summary-cell').allInnerTexts();
  expect(new Set(texts).size).toBe(60);

  // Refresh is the person's choice, and shows the newest first.
  await app.getByRole('button', { name: 'Refresh' }).click();
  await expect(entries(app).first()).toContainText('echo late');
  await expect(entries(app)).toHaveCount(50);
});

test('hostile and secret-bearing requests show inert and redacted in the list and the detail', async ({ app, gatehouse }) => {
  const hostile = 'echo ok \u202e; rm -rf ~ \u001b[8mhidden\u001b[0m';
  await gatehouse.submit({ tool_name: 'Bash', agent: 'claude-code', session_id: 's', cwd: '/tmp', args: { command: hostile } });
  await gatehouse.submit({
    tool_name: 'Bash', agent: 'claude-code', session_id: 's', cwd: '/tmp',
    args: { command: 'curl -H "Authorization: Bearer ghp_abcdefghijklmnopqrstuvwxyz0123456789" https://api.github.com' },
  });
  await app.goto(`${gatehouse.url}/#/history`);
  await expect(entries(app)).toHaveCount(2);
  const row = entries(app).filter({ hasText: 'echo ok' });
  await expect(row).toContainText('⟨U+202E⟩');
  await expect(row).toContainText('␛[8mhidden␛[0m');
  expect(await row.innerText()).not.toContain('\u202e');

  await row.getByRole('button', { name: 'Open' }).click();
  const detail = app.getByRole('region', { name: 'Entry detail' });
  await expect(detail.getByLabel('Command')).toContainText('⟨U+202E⟩; rm -rf ~ ␛[8mhidden');
  await app.keyboard.press('Escape');

  await entries(app).filter({ hasText: 'curl' }).getByRole('button', { name: 'Open' }).click();
  await expect(detail.getByLabel('Command')).toContainText('[REDACTED');
  await expect(detail).not.toContainText('ghp_abcdefghijklmnopqrstuvwxyz0123456789');
});

test('with no rule-decided requests, "Top rules" says so instead of drawing an empty chart', async ({ app, gatehouse }) => {
  await gatehouse.submit({ tool_name: 'Bash', args: { command: 'echo hi' }, session_id: 'h', cwd: '/tmp', agent: 'claude-code' });
  await app.goto(`${gatehouse.url}/#/history`);
  const tile = app.locator('figure', { has: app.getByText('Top rules', { exact: true }) });
  await expect(tile).toContainText('No request was decided by a rule in this period.');
  await expect(tile.getByRole('img')).toHaveCount(0);
});

test('a call you approved that the agent never ran says so in History, with what to do about it', async ({ app, gatehouse }) => {
  const ws = await gatehouse.workspace({ 'notes.md': 'x\n' });
  await gatehouse.approver('PATCH', '/v1/settings', { mode: 'approve-all' });
  const event = (command: string, id: string) => ({
    session_id: 'sess-not-run', transcript_path: '/tmp/t.jsonl', cwd: ws, permission_mode: 'default', hook_event_name: 'PreToolUse',
    tool_name: 'Bash', tool_input: { command }, tool_use_id: id,
  });
  // Approved (approve-all), but no result comes back before the session's next call, and nothing in the tree changed.
  await gatehouse.hook(event('echo hi > out.txt', 'toolu_1'));
  await gatehouse.hook(event('ls', 'toolu_2'));
  await app.goto(`${gatehouse.url}/#/history`);
  const row = entries(app).filter({ hasText: 'echo hi > out.txt' });
  await expect(row).toContainText('not run');
  await row.getByRole('button', { name: 'Open' }).click();
  const detail = app.getByRole('region', { name: 'Entry detail' });
  await expect(detail).toContainText(/not run: no sign it ran/);
  await expect(detail).toContainText('gatehouse rules sync claude-code');
});
