// Shared set-up for the store tests: a real SQLite file in a temp dir, and requests/verdicts/decisions to feed it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ulid } from 'ulid';
import type { Decision, ToolRequest, Verdict } from '../../../common/domain.js';
import { openStore, type OpenStore } from '../../../main/core/store/index.js';

/** A temp dir with a store in it; `cleanup` closes the store and deletes the dir. */
export function tempStore(opts: Parameters<typeof openStore>[1] = {}): { dir: string; path: string; store: OpenStore; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-store-'));
  const path = join(dir, 'gatehouse.db');
  const store = openStore(path, opts);
  return {
    dir,
    path,
    store,
    cleanup: () => {
      try {
        store.close();
      } catch {
        // already closed by the test
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let clock = Date.parse('2026-03-01T10:00:00.000Z');

/** A Bash request (or any tool via overrides), each one a second after the previous. */
export function request(overrides: Partial<ToolRequest> = {}): ToolRequest {
  clock += 1000;
  return {
    id: ulid(),
    received_at: new Date(clock).toISOString(),
    agent: 'claude-code',
    session_id: 'sess-1',
    cwd: '/work/app',
    tool_name: 'Bash',
    args: { command: 'git status' },
    payload: 'Bash:git status',
    ...overrides,
  };
}

/** A verdict; `ask` unless told otherwise. */
export function verdict(decision: Verdict['decision'] = 'ask', reasons: string[] = ['no rule matched: default ask']): Verdict {
  return { decision, reasons, risks: [] };
}

/** A person's approval. */
export function approved(overrides: Partial<Decision> = {}): Decision {
  return { status: 'approved', decided_by: 'user', decided_at: new Date(clock + 500).toISOString(), latency_ms: 500, ...overrides };
}
