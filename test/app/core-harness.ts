// A real core in a temporary GATEHOUSE_HOME for the shell's tests (real SQLite, real policy, real broker).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RequestRecord } from '../../common/domain.js';
import { createCore, type Core } from '../../main/core/core.js';

/** A running core plus helpers; `dispose()` closes it and removes the temp home. */
export interface CoreHarness {
  core: Core;
  home: string;
  /** A workspace folder outside GATEHOUSE_HOME (requests touching the home are guard tampering). */
  workspace: string;
  /** Submits a request that no rule decides (it stays pending for the person). */
  ask(args?: Record<string, unknown>, tool?: string): Promise<RequestRecord>;
  dispose(): Promise<void>;
}

/** Starts a real core in a fresh temp home. */
export async function startCore(): Promise<CoreHarness> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'gatehouse-shell-'));
  const home = path.join(root, 'home');
  const workspace = path.join(root, 'workspace');
  mkdirSync(home);
  mkdirSync(workspace);
  const core = await createCore({ home, logger: () => undefined });
  return {
    core,
    home,
    workspace,
    ask: (args = { command: 'npm publish' }, tool = 'Bash') =>
      core.submit({ tool_name: tool, args, agent: 'claude-code', session_id: 'session-1', cwd: workspace }),
    async dispose() {
      await core.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
