// The Rules view in web mode against a real core: what-if before saving (and the confirmation a warning
// demands), a rule that decides requests until it is disabled, editing, deleting, import/export, presets,
// the many-allow-rules warning, and the README screenshot.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test, type Gatehouse } from './fixtures.js';
import { readmeShot } from './readme-shot.js';

const rulesTable = (page: Page) => page.getByRole('table', { name: 'Rules', exact: true });
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&')}$`);
const ruleRow = (page: Page, pattern: string) =>
  rulesTable(page).locator('tbody tr').filter({ has: page.locator('.gh-pattern', { hasText: exactly(pattern) }) });
const gitStatus = { tool_name: 'Bash', agent: 'claude-code', session_id: 'sess-rules', cwd: '/tmp', args: { command: 'git status' } };

async function openRules(app: Page, gatehouse: Gatehouse): Promise<void> {
  await app.goto(`${gatehouse.url}/#/rules`);
  await expect(app.getByRole('heading', { name: 'Rules', level: 2 })).toBeVisible();
}

test('a bare `Bash` rule shows the what-if warning and needs an explicit confirmation', async ({ app, gatehouse }) => {
  for (const [action, pattern, note] of [['allow', 'Bash(npm run test:*)', 'tests'], ['deny', 'Bash(git push --force:*)', 'never force-push'], ['ask', 'WebFetch(domain:example.com)', null]] as const) {
    await gatehouse.approver('POST', '/v1/rules', { action, pattern, note });
  }
  for (const command of ['ls', 'pwd', 'make build', 'cargo test', 'npm ci', 'git log']) {
    await gatehouse.submit({ ...gitStatus, args: { command } });
  }
  await openRules(app, gatehouse);
  await expect(rulesTable(app).locator('tbody tr')).toHaveCount(3);

  await app.getByRole('button', { name: 'New rule' }).click();
  const editor = app.getByRole('form', { name: 'New rule' });
  await expect(editor.getByLabel('Pattern')).toBeFocused();
  await editor.getByLabel('Pattern').fill('Bash');
  const warnings = editor.getByRole('alert', { name: 'Warnings' });
  await expect(warnings).toBeVisible();
  await expect(warnings).toContainText(/Bash/);
  await expect(editor.getByRole('region', { name: 'What-if' })).toContainText(/Would have matched 6 past requests/);
  const save = editor.getByRole('button', { name: 'Save rule' });
  await expect(save).toBeDisabled();
  await readmeShot(app, 'rules');

  await editor.getByLabel('I have read the warnings and want to save this rule anyway').check();
  await expect(save).toBeEnabled();
  // Changing the pattern withdraws the confirmation: it was given for the old warnings.
  await editor.getByLabel('Pattern').fill('Bash(*)');
  await expect(warnings).toBeVisible();
  await expect(save).toBeDisabled();
  await editor.getByLabel('I have read the warnings and want to save this rule anyway').check();
  await save.click();
  await expect(editor).toBeHidden();
  await expect(ruleRow(app, 'Bash(*)')).toBeVisible();
  const saved = await gatehouse.approver<Array<{ pattern: string; action: string }>>('GET', '/v1/rules');
  expect(saved.map((r) => r.pattern)).toContain('Bash(*)');
});

test('create with what-if, then disable: the request it allowed is pending again', async ({ app, gatehouse }) => {
  const before = await gatehouse.submit(gitStatus);
  expect(before.status).toBe('pending');
  await openRules(app, gatehouse);
  await expect(app.getByText(/No rules yet/)).toBeVisible();

  await app.getByRole('button', { name: 'New rule' }).click();
  const editor = app.getByRole('form', { name: 'New rule' });
  await editor.getByLabel('Pattern').fill('Bash(git status)');
  await editor.getByLabel('Note').fill('read-only');
  const whatIf = editor.getByRole('region', { name: 'What-if' });
  await expect(whatIf).toContainText('Would have matched 1 past request');
  await expect(whatIf).toContainText('changed 1 decision');
  await expect(whatIf.getByRole('table', { name: 'Matching past requests' })).toContainText('git status');
  await expect(editor.getByRole('alert', { name: 'Warnings' })).toHaveCount(0);
  await editor.getByLabel('Pattern').press('Enter');
  await expect(editor).toBeHidden();

  const row = ruleRow(app, 'Bash(git status)');
  await expect(row).toContainText('read-only');
  await expect(row).toContainText('never');
  const allowed = await gatehouse.submit(gitStatus);
  expect(allowed).toMatchObject({ status: 'approved', decision: { decided_by: 'rule' } });
  // The hit shows up without a reload.
  await expect(row.locator('td').nth(7)).toHaveText('1');

  await row.getByRole('checkbox', { name: 'Enabled: Bash(git status)' }).uncheck();
  await expect(row.getByRole('checkbox', { name: 'Enabled: Bash(git status)' })).not.toBeChecked();
  await expect.poll(async () => (await gatehouse.approver<Array<{ enabled: boolean }>>('GET', '/v1/rules'))[0]?.enabled).toBe(false);
  const again = await gatehouse.submit(gitStatus);
  expect(again.status).toBe('pending');

  await row.getByRole('checkbox', { name: 'Enabled: Bash(git status)' }).check();
  await expect.poll(async () => (await gatehouse.submit(gitStatus)).status).toBe('approved');
});

test('edit a rule: note and "for the next N uses", which count down as it is used', async ({ app, gatehouse }) => {
  await gatehouse.approver('POST', '/v1/rules', { action: 'allow', pattern: 'Bash(git status)' });
  await openRules(app, gatehouse);
  const row = ruleRow(app, 'Bash(git status)');
  await row.getByRole('button', { name: 'Edit rule Bash(git status)' }).click();
  const editor = app.getByRole('form', { name: 'Edit rule' });
  await expect(editor.getByLabel('Pattern')).toHaveValue('Bash(git status)');
  await editor.getByLabel('Note').fill('two more times');
  await editor.getByLabel('For the next N uses').check();
  await editor.getByLabel('Number of uses').fill('2');
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(editor).toBeHidden();
  await expect(row).toContainText('two more times');
  await expect(row).toContainText('2 uses left');

  expect((await gatehouse.submit(gitStatus)).status).toBe('approved');
  await expect(row).toContainText('1 use left');
  expect((await gatehouse.submit(gitStatus)).status).toBe('approved');
  await expect(row).toContainText('expired');
  expect((await gatehouse.submit(gitStatus)).status).toBe('pending');

  // A bad value is refused in the form, with a reason, and nothing is saved.
  await row.getByRole('button', { name: 'Edit rule Bash(git status)' }).click();
  await editor.getByLabel('For the next N uses').check();
  await editor.getByLabel('Number of uses').fill('0');
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(editor.getByRole('alert')).toContainText('whole number');
  await app.keyboard.press('Escape');
  await expect(editor).toBeHidden();
});

test('delete asks first; cancel keeps the rule', async ({ app, gatehouse }) => {
  await gatehouse.approver('POST', '/v1/rules', { action: 'deny', pattern: 'Bash(sudo:*)' });
  await openRules(app, gatehouse);
  const row = ruleRow(app, 'Bash(sudo:*)');
  await row.getByRole('button', { name: 'Delete rule Bash(sudo:*)' }).click();
  const dialog = app.getByRole('dialog', { name: 'Delete this rule?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Delete rule Bash(sudo:*)' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  expect(await gatehouse.approver<unknown[]>('GET', '/v1/rules')).toEqual([]);
});

test('import a Claude Code settings file, see what was skipped, export the rules', async ({ app, gatehouse }) => {
  await openRules(app, gatehouse);
  await app.getByRole('button', { name: 'Import Claude Code settings…' }).click();
  const panel = app.getByRole('region', { name: 'Import Claude Code settings' });
  const settings = {
    permissions: {
      allow: ['Bash(npm run test:*)', 'Read(./src/**)'],
      deny: ['Bash(curl:*)', 'Bash(unclosed'],
      ask: ['WebFetch(domain:example.com)'],
    },
  };
  await panel.getByLabel('Settings file').setInputFiles({ name: 'settings.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(settings)) });
  await expect(panel.getByLabel('Settings JSON')).toHaveValue(/npm run test/);
  await panel.getByRole('button', { name: 'Import' }).click();
  const report = panel.getByRole('status');
  await expect(report).toContainText('Imported 4 rules, skipped 1.');
  await expect(report.getByRole('list', { name: 'Skipped entries' })).toContainText('Bash(unclosed');
  await expect(rulesTable(app).locator('tbody tr')).toHaveCount(4);
  await expect(ruleRow(app, 'Read(./src/**)')).toContainText('import');

  // Not JSON at all: a clear error, nothing imported.
  await panel.getByLabel('Settings JSON').fill('{ not json');
  await panel.getByRole('button', { name: 'Import' }).click();
  await expect(panel.getByRole('alert')).toContainText('Import failed');
  await expect(rulesTable(app).locator('tbody tr')).toHaveCount(4);

  const downloading = app.waitForEvent('download');
  await app.getByRole('button', { name: 'Export rules' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('gatehouse-rules.json');
  const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as { allow: string[]; ask: string[]; deny: string[] };
  expect(exported.allow.sort()).toEqual(['Bash(npm run test:*)', 'Read(./src/**)']);
  expect(exported.deny).toEqual(['Bash(curl:*)']);
  expect(exported.ask).toEqual(['WebFetch(domain:example.com)']);
});

test('a preset lists its rules before it is applied', async ({ app, gatehouse }) => {
  await openRules(app, gatehouse);
  await app.getByRole('button', { name: 'Presets…' }).click();
  const panel = app.getByRole('region', { name: 'Presets' });
  const table = panel.getByRole('table').first();
  await expect(table).toBeVisible();
  const listed = await table.locator('tbody tr').count();
  expect(listed).toBeGreaterThan(0);
  await expect(rulesTable(app)).toHaveCount(0);
  await panel.getByRole('button', { name: /^Apply / }).first().click();
  await expect(panel.getByRole('status')).toContainText(`Imported ${listed} rules`);
  await expect(rulesTable(app).locator('tbody tr')).toHaveCount(listed);
});

test('20 enabled allow rules raise the warning; disabling one clears it', async ({ app, gatehouse }) => {
  for (let i = 0; i < 20; i++) await gatehouse.approver('POST', '/v1/rules', { action: 'allow', pattern: `Bash(tool-${i}:*)` });
  await openRules(app, gatehouse);
  const banner = app.getByRole('alert').filter({ hasText: 'allow rules are enabled' });
  await expect(banner).toContainText('20 allow rules are enabled');
  await ruleRow(app, 'Bash(tool-3:*)').getByRole('checkbox').uncheck();
  await expect(banner).toBeHidden();
});
