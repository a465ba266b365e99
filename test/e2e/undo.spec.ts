// Undo from History in web mode against a real core: shell calls approved by the person and really run in a git
// repository (with the after-call hook, as Claude Code sends it), then undone from the list with the preview first;
// a conflicting undo that changes nothing until "Undo back to here"; and "Undo this session" from the session filter.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { callJson } from '../../bench/support/serve.js';
import { expect, test, type Gatehouse } from './fixtures.js';

const entries = (page: Page) => page.getByRole('table', { name: 'Audit entries' }).locator('tbody tr');
const entry = (page: Page, text: string) => entries(page).filter({ hasText: text });

/** A shell call the person approves while the agent waits (which takes the before-snapshot), then run and reported. */
async function ranCall(gatehouse: Gatehouse, ws: string, command: string, session = 'sess-undo'): Promise<string> {
  const base = { agent: 'claude-code', tool_name: 'Bash', args: { command }, session_id: session, cwd: ws };
  const asked = await gatehouse.submit(base);
  expect(asked.status).toBe('pending');
  const waiting = callJson<{ status: string }>(gatehouse.url, gatehouse.agentToken, 'GET', `/v1/requests/${asked.id}?wait=10`);
  await gatehouse.approver('POST', `/v1/requests/${asked.id}/decision`, { approved: true });
  expect((await waiting).status).toBe('approved');
  execFileSync('bash', ['-c', command], { cwd: ws });
  await gatehouse.hook({ hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command }, session_id: session, cwd: ws, tool_use_id: asked.id });
  return asked.id;
}

/** A repository with a text file, a file the call deletes and an executable whose mode the call changes. */
async function repo(gatehouse: Gatehouse): Promise<string> {
  const ws = await gatehouse.workspace({ 'a.txt': 'alpha\nbeta\n', 'b.txt': 'bee\n', 'run.sh': '#!/bin/sh\necho hi\n' });
  execFileSync('chmod', ['755', join(ws, 'run.sh')]);
  return ws;
}

const modeOf = (path: string) => statSync(path).mode & 0o777;

test('Undo from History: the preview lists each file and its diff, then the files come back and the undo is an entry of its own', async ({ app, gatehouse }) => {
  test.slow(); // two undos, each with its snapshots, on a shared machine
  const ws = await repo(gatehouse);
  const command = "sed -i 's/alpha/ALPHA/' a.txt && rm b.txt && echo new > c.txt && chmod 644 run.sh";
  await ranCall(gatehouse, ws, command);
  expect(readFileSync(join(ws, 'a.txt'), 'utf8')).toBe('ALPHA\nbeta\n');

  await app.goto(`${gatehouse.url}/#/history`);
  await expect(entries(app)).toHaveCount(1);
  await entry(app, 'sed -i').getByRole('button', { name: /^Undo / }).click();

  const dialog = app.getByRole('dialog', { name: 'Undo this call' });
  await expect(dialog).toBeVisible();
  const files = dialog.getByRole('list', { name: 'Files' });
  await expect(files.locator('li')).toHaveCount(4);
  const a = files.locator('li[data-undo-file="a.txt"]');
  await expect(a).toContainText('Restore');
  await expect(a.locator('.gh-diff-del')).toHaveText('-ALPHA');
  await expect(a.locator('.gh-diff-add')).toHaveText('+alpha');
  await expect(files.locator('li[data-undo-file="b.txt"]')).toContainText('Recreate');
  await expect(files.locator('li[data-undo-file="c.txt"]')).toContainText('Delete');
  await expect(files.locator('li[data-undo-file="run.sh"]')).toContainText('mode: regular file 100644 → executable 100755');
  // The preview changed nothing.
  expect(readFileSync(join(ws, 'a.txt'), 'utf8')).toBe('ALPHA\nbeta\n');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();

  await dialog.getByRole('button', { name: 'Restore 4 files' }).click();
  await expect(dialog.getByRole('status')).toContainText('Restored 4 files.');
  expect(readFileSync(join(ws, 'a.txt'), 'utf8')).toBe('alpha\nbeta\n');
  expect(readFileSync(join(ws, 'b.txt'), 'utf8')).toBe('bee\n');
  expect(existsSync(join(ws, 'c.txt'))).toBe(false);
  expect(modeOf(join(ws, 'run.sh'))).toBe(0o755);

  // The undo is listed as its own entry, recorded as the person's, and can itself be undone.
  await expect(entries(app)).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Show the undo' }).click();
  await expect(dialog).toBeHidden();
  const detail = app.getByRole('region', { name: 'Entry detail' });
  await expect(detail).toContainText('undo of');
  await expect(detail).toContainText('you');
  await detail.getByRole('button', { name: /^Undo / }).click();
  await expect(dialog.getByRole('list', { name: 'Files' }).locator('li')).toHaveCount(4);
  await dialog.getByRole('button', { name: 'Restore 4 files' }).click();
  await expect(dialog.getByRole('status')).toContainText('Restored 4 files.');
  expect(readFileSync(join(ws, 'a.txt'), 'utf8')).toBe('ALPHA\nbeta\n');
  expect(existsSync(join(ws, 'b.txt'))).toBe(false);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(entries(app)).toHaveCount(3);
});

test('a conflicting undo shows the later call and changes nothing; Cancel leaves it, "Undo back to here" takes both back', async ({ app, gatehouse }) => {
  const ws = await repo(gatehouse);
  await ranCall(gatehouse, ws, "sed -i 's/beta/BETA/' a.txt");
  const second = await ranCall(gatehouse, ws, "sed -i 's/alpha/ALPHA/' a.txt && touch d.txt");
  const changed = 'ALPHA\nBETA\n';

  await app.goto(`${gatehouse.url}/#/history`);
  await expect(entries(app)).toHaveCount(2);
  const dialog = app.getByRole('dialog', { name: 'Undo this call' });
  await entry(app, 's/beta/BETA/').getByRole('button', { name: /^Undo / }).click();
  const conflicts = dialog.getByRole('list', { name: 'Conflicts' });
  await expect(conflicts).toContainText(`a.txt was changed again after this call by sed -i 's/alpha/ALPHA/' a.txt && touch d.txt (${second})`);
  await expect(dialog.getByRole('button', { name: /^Restore/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(readFileSync(join(ws, 'a.txt'), 'utf8')).toBe(changed);
  expect(existsSync(join(ws, 'd.txt'))).toBe(true);

  await entry(app, 's/beta/BETA/').getByRole('button', { name: /^Undo / }).click();
  await dialog.getByRole('button', { name: 'Undo back to here' }).click();
  // The wider undo's own preview comes first: both calls, both files; still nothing applied.
  await expect(dialog).toContainText('taking back 2 calls');
  await expect(dialog.getByRole('list', { name: 'Files' }).locator('li')).toHaveCount(2);
  expect(readFileSync(join(ws, 'a.txt'), 'utf8')).toBe(changed);
  await dialog.getByRole('button', { name: 'Restore 2 files' }).click();
  await expect(dialog.getByRole('status')).toContainText('Restored 2 files.');
  expect(readFileSync(join(ws, 'a.txt'), 'utf8')).toBe('alpha\nbeta\n');
  expect(existsSync(join(ws, 'd.txt'))).toBe(false);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(entries(app)).toHaveCount(3);
  await expect(entries(app).first()).toContainText('Undo');
});

test('"Undo this session" from the session filter goes back to before the session\'s first change', async ({ app, gatehouse }) => {
  const ws = await repo(gatehouse);
  await ranCall(gatehouse, ws, "sed -i 's/beta/BETA/' a.txt", 'sess-one');
  await ranCall(gatehouse, ws, 'rm b.txt', 'sess-one');

  await app.goto(`${gatehouse.url}/#/history`);
  await expect(entries(app)).toHaveCount(2);
  await expect(app.getByRole('button', { name: 'Undo this session' })).toHaveCount(0);
  await entries(app).first().getByRole('button', { name: 'Open' }).click();
  await app.getByRole('region', { name: 'Entry detail' }).getByRole('button', { name: 'Show entries of session sess-one' }).click();
  await app.getByRole('button', { name: 'Undo this session' }).click();

  const dialog = app.getByRole('dialog', { name: 'Undo this session' });
  await expect(dialog.getByRole('list', { name: 'Files' }).locator('li')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Restore 2 files' }).click();
  await expect(dialog.getByRole('status')).toContainText('Restored 2 files.');
  expect(readFileSync(join(ws, 'a.txt'), 'utf8')).toBe('alpha\nbeta\n');
  expect(readFileSync(join(ws, 'b.txt'), 'utf8')).toBe('bee\n');
});
