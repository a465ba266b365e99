// Playwright: web mode in Debian's Chromium against a real `gatehouse serve` (project `web`), and the
// Electron suite (project `electron`, test/e2e/electron/**) that skips where no Electron binary exists.
import { defineConfig } from '@playwright/test';

/** Chromium flags for this machine: no sandbox (container), no GPU, nothing phoning home. */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export default defineConfig({
  testDir: 'test/e2e',
  // Two shared cores on this machine: one worker; every test still gets its own server and home dir.
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'web',
      testMatch: /\.spec\.ts$/,
      testIgnore: /[\\/]electron[\\/]/,
      use: {
        browserName: 'chromium',
        launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
      },
    },
    {
      name: 'electron',
      testDir: 'test/e2e/electron',
      testMatch: /\.spec\.ts$/,
    },
  ],
});
