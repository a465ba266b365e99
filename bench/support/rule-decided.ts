// A running Gatehouse (real core, store, policy and HTTP server in a temp home) with one allow rule, and the Claude
// Code event that rule decides: what the hook benchmarks send, through the route or through the hook process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../../main/core/core.js';
import { publishEndpoint } from '../../main/core/endpoint/publish.js';
import { newSecret } from '../../main/core/server/auth.js';
import { startServer } from '../../main/core/server/server.js';

/** A benchmark's Gatehouse: where it lives, how to reach it, the event to send, and how to stop it. */
export interface RuleDecidedGatehouse {
  home: string;
  port: number;
  token: string;
  /** A PreToolUse event for `npm test`, allowed by the rule `Bash(npm test)`. */
  event: string;
  close(): Promise<void>;
}

/**
 * Starts Gatehouse on 127.0.0.1:0 with `endpoint.json` written, so both the route and the hook CLI can reach it;
 * `allow` adds allow rules beside `Bash(npm test)` (the MCP proxy bench allows its tool).
 */
export async function startRuleDecidedGatehouse(name: string, allow: string[] = []): Promise<RuleDecidedGatehouse> {
  const home = mkdtempSync(join(tmpdir(), `gatehouse-bench-${name}-`));
  const ws = mkdtempSync(join(tmpdir(), 'gatehouse-bench-ws-'));
  const core = await createCore({ home, logger: () => {} });
  const token = newSecret();
  const server = await startServer(core, { port: 0, agentToken: token });
  const close = async () => {
    const closing = server.close();
    await core.close();
    await closing;
    rmSync(home, { recursive: true, force: true });
    rmSync(ws, { recursive: true, force: true });
  };
  try {
    publishEndpoint(home, server.endpoint);
    for (const pattern of ['Bash(npm test)', ...allow]) await core.approver.createRule({ action: 'allow', pattern });
  } catch (err) {
    await close();
    throw err;
  }
  const event = JSON.stringify({
    session_id: 'bench', transcript_path: '/tmp/t.jsonl', cwd: ws, permission_mode: 'default', hook_event_name: 'PreToolUse',
    tool_name: 'Bash', tool_input: { command: 'npm test', description: 'Run the test suite' }, tool_use_id: 'toolu_bench',
  });
  return { home, port: server.port, token, event, close };
}
