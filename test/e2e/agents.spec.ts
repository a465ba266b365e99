// The Agents view in real Chromium against a real `gatehouse serve` whose HOME is a temp folder: Claude Code is
// detected, installing shows the diff first and then writes the hook, uninstalling puts the file back byte for byte.
import { test, expect } from '@playwright/test';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServe, type ServeHandle } from '../../bench/support/serve.js';
import { readmeShot } from './readme-shot.js';

let home: string;
let serve: ServeHandle;

test.beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'gatehouse-agents-home-'));
  await mkdir(join(home, '.claude'));
  serve = await startServe(process.cwd(), { HOME: home });
});

test.afterEach(async () => {
  await serve.stop();
  await rm(home, { recursive: true, force: true });
});

test('install and uninstall Claude Code from the Agents view', async ({ page }) => {
  const file = join(home, '.claude', 'settings.json');
  const original = '{\n  // my own settings\n  "model": "opus"\n}\n';
  await writeFile(file, original);
  await page.goto(serve.loginUrl);
  await expect(page.locator('body[data-app-state="ready"]')).toBeAttached();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agents' }).click();

  const claude = page.locator('tr[data-agent="claude-code"][data-scope="user"]');
  await expect(claude.locator('[data-hook-state]')).toHaveText('detected, not installed');
  await expect(page.locator('tr[data-agent="gemini"] [data-hook-state]')).toHaveText('not detected');

  await claude.getByRole('button', { name: 'Install…' }).click();
  const change = page.getByRole('region', { name: 'Pending change' });
  await expect(change).toContainText('hook claude-code');
  expect(await readFile(file, 'utf8')).toBe(original);
  await change.getByRole('button', { name: 'Apply this change' }).click();
  await expect(claude.locator('[data-hook-state]')).toHaveText('installed, runs');
  expect(await readFile(file, 'utf8')).toContain('hook claude-code');
  expect(await readFile(file, 'utf8')).toContain('// my own settings');
  await readmeShot(page, 'agents');

  await claude.getByRole('button', { name: 'Uninstall…' }).click();
  await page.getByRole('region', { name: 'Pending change' }).getByRole('button', { name: 'Apply this change' }).click();
  await expect(claude.locator('[data-hook-state]')).toHaveText('detected, not installed');
  expect(await readFile(file, 'utf8')).toBe(original);
});

test('a project folder that does not exist is refused with a clear line', async ({ page }) => {
  await page.goto(serve.loginUrl);
  await expect(page.locator('body[data-app-state="ready"]')).toBeAttached();
  await page.goto(`${serve.url}/#/agents`);
  await page.getByLabel('Also show a project folder (absolute path)').fill(join(home, 'missing'));
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('alert')).toContainText('is not a folder on this machine');
});
