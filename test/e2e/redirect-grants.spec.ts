// Issue 23 in the browser: the session and "always" dialogs for `npm test > log.txt` say which file the grant also
// lets the command write, a refused grant says why in the dialog, and an MCP tool's description is labelled as the server's.
import { expect, row, test } from './fixtures.js';

test('the session dialog names the file a redirect grant also covers, and a refused prefix says why in the dialog', async ({ app, gatehouse }) => {
  const ws = await gatehouse.workspace({ 'package.json': '{}\n' });
  const run = (command: string) => ({ tool_name: 'Bash', agent: 'claude-code', session_id: 'sess-r', cwd: ws, args: { command } });
  const first = gatehouse.submit(run('npm test > log.txt'), 30);
  await expect(app.locator('.gh-queue-row')).toHaveCount(1);
  await app.keyboard.press('s');
  const dialog = app.getByRole('dialog', { name: 'Approve for this session' });
  const prefix = dialog.getByRole('radio', { name: /^commands starting with/ });
  await prefix.check();
  await expect(dialog).toContainText(`and writing the file ${ws}/log.txt (only that file)`);
  // A prefix that does not cover the command: Gatehouse refuses, and the dialog says why.
  await dialog.getByRole('textbox', { name: 'Command prefix' }).fill('npm run lint');
  await dialog.getByRole('button', { name: 'Approve for session' }).click();
  await expect(dialog.getByRole('alert')).toContainText('does not cover this request');
  await dialog.getByRole('textbox', { name: 'Command prefix' }).fill('npm test');
  await dialog.getByRole('button', { name: 'Approve for session' }).click();
  expect((await first).decision).toMatchObject({ status: 'approved', scope: 'session' });
  expect((await gatehouse.submit(run('npm test > log.txt'))).status).toBe('approved');
  expect((await gatehouse.submit(run('npm test > .env'))).status).toBe('pending');
});

test('a redirect into a secret file is offered only as this exact command', async ({ app, gatehouse }) => {
  const ws = await gatehouse.workspace({ 'package.json': '{}\n' });
  await gatehouse.submit({ tool_name: 'Bash', agent: 'claude-code', session_id: 'sess-e', cwd: ws, args: { command: 'npm test > .env' } });
  await expect(app.locator('.gh-queue-row')).toHaveCount(1);
  await app.keyboard.press('s');
  const dialog = app.getByRole('dialog', { name: 'Approve for this session' });
  await expect(dialog.getByRole('radio')).toHaveCount(1);
  await expect(dialog.getByRole('radio', { name: 'this exact command: `npm test > .env`' })).toBeVisible();
});

test('"always" lists the file the command writes beside its rule', async ({ app, gatehouse }) => {
  const ws = await gatehouse.workspace({ 'package.json': '{}\n' });
  await gatehouse.submit({ tool_name: 'Bash', agent: 'claude-code', session_id: 'sess-a', cwd: ws, args: { command: 'npm test > log.txt' } });
  await expect(app.locator('.gh-queue-row')).toHaveCount(1);
  await app.keyboard.press('A');
  const dialog = app.getByRole('dialog', { name: 'Always allow' });
  await expect(dialog.getByLabel('Files it may write')).toContainText(`${ws}/log.txt`);
  await expect(dialog.getByRole('alert', { name: 'Warnings' })).toHaveCount(0);
});

test('an MCP tool\'s description from the proxy is labelled as the server\'s, not the agent\'s', async ({ app, gatehouse }) => {
  const sent = await gatehouse.submit({ tool_name: 'mcp__fs__edit_file', args: { path: '/tmp/x', edits: [] }, agent: 'mcp', session_id: 'm', description: 'Make line-based edits to a text file' });
  await row(app, sent.id).getByRole('button', { name: 'Review' }).click();
  await expect(app.getByText('Tool description (from the MCP server)')).toBeVisible();
  await expect(app.getByText("Agent's description")).toHaveCount(0);
});
