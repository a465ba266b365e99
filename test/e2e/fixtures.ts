// Playwright fixtures for web mode: each test gets its own real `gatehouse serve` (own GATEHOUSE_HOME),
// a logged-in page that waits on the explicit readiness marker, and helpers that act as an agent.
import { test as base, expect, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { callJson, startServe } from '../../bench/support/serve.js';

/** What the agent gets back from `POST /v1/requests`. */
export interface AgentAnswer {
  id: string;
  status: 'pending' | 'approved' | 'denied' | 'expired' | 'cancelled';
  verdict: { decision: string; reasons: string[]; risks: unknown[] };
  decision?: { status: string; decided_by: string; reason?: string; updated_args?: Record<string, unknown> };
}

/** A running Gatehouse plus agent- and approver-side helpers. */
export interface Gatehouse {
  url: string;
  loginUrl: string;
  agentToken: string;
  approverToken: string;
  home: string;
  /** Submits a tool call as an agent; with `wait` the promise settles when the person decides (or it times out). */
  submit(body: Record<string, unknown>, wait?: number): Promise<AgentAnswer>;
  /** Sends a Claude Code hook event to `POST /v1/hooks/claude-code` and returns the hook's answer. */
  hook(event: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Calls an approver route with the approver token (test setup and checks, not what the UI does). */
  approver<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /** A temp git repository holding `files` (committed), removed after the test. */
  workspace(files: Record<string, string>): Promise<string>;
  /** Stops the server now (SIGTERM), as a person quitting it would. */
  stop(): Promise<void>;
}

/** The test API: `gatehouse` (server + helpers) and `app` (a logged-in, ready page). */
export const test = base.extend<{ gatehouse: Gatehouse; app: Page }>({
  gatehouse: async ({}, use) => {
    const serve = await startServe();
    const dirs: string[] = [];
    const agent = <T>(method: string, path: string, body?: unknown) => callJson<T>(serve.url, serve.agentToken, method, path, body);
    try {
      await use({
        url: serve.url,
        loginUrl: serve.loginUrl,
        agentToken: serve.agentToken,
        approverToken: serve.approverToken,
        home: serve.home,
        submit: (body, wait) => agent<AgentAnswer>('POST', `/v1/requests${wait ? `?wait=${wait}` : ''}`, body),
        hook: (event) => agent('POST', '/v1/hooks/claude-code', event),
        approver: (method, path, body) => callJson(serve.url, serve.approverToken, method, path, body),
        stop: () => serve.stop(),
        async workspace(files) {
          const dir = await mkdtemp(join(tmpdir(), 'gatehouse-ws-'));
          dirs.push(dir);
          for (const [name, content] of Object.entries(files)) {
            await mkdir(dirname(join(dir, name)), { recursive: true });
            await writeFile(join(dir, name), content);
          }
          const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: dir, stdio: 'ignore' });
          git('init', '-q');
          git('add', '-A');
          git('commit', '-q', '-m', 'init', '--allow-empty');
          return dir;
        },
      });
    } finally {
      await serve.stop();
      await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
    }
  },

  app: async ({ page, gatehouse }, use) => {
    await page.goto(gatehouse.loginUrl);
    await expect(page.locator('body[data-app-state="ready"]')).toBeAttached();
    await use(page);
  },
});

/** A queue row by request id. */
export const row = (page: Page, id: string) => page.locator(`.gh-queue-row[data-request-id="${id}"]`);

export { expect };
