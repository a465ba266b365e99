// The Claude Agent SDK's own query() running the pinned Claude Code against the scripted Anthropic model, with
// canUseTool from claudeAgentSdkGate and a real `gatehouse serve`: a Write is held until the person approves it in
// Gatehouse and lands with the content the person edited; a denied one does not land and the model reads why.
import { query } from '@anthropic-ai/claude-agent-sdk';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatehouseClient } from '../../main/core/client/client.js';
import { claudeAgentSdkGate } from '../../main/core/client/adapters/claude-agent-sdk.js';
import { anthropic } from './model/anthropic.js';
import { startModel, type ScriptedModel } from './model/server.js';
import { agentBin, cleanEnv } from './support/agents.js';
import { startGatehouse, type RunningGatehouse } from './support/gatehouse.js';

const claude = agentBin('claude');

describe.skipIf(!claude)('claudeAgentSdkGate: the Claude Agent SDK through Gatehouse', () => {
  let root: string;
  let ws: string;
  let model: ScriptedModel;
  let g: RunningGatehouse;
  let canUseTool: ReturnType<typeof claudeAgentSdkGate>;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'gatehouse-claude-sdk-'));
    ws = join(root, 'ws');
    mkdirSync(ws);
    mkdirSync(join(root, 'home'));
    execFileSync('git', ['init', '-q'], { cwd: ws });
    model = await startModel(anthropic);
    g = await startGatehouse(join(root, 'gatehouse'));
    canUseTool = claudeAgentSdkGate({ client: new GatehouseClient({ home: join(root, 'gatehouse') }), cwd: ws, sessionId: 'sdk-1' });
  });
  afterAll(async () => {
    await g?.stop();
    await model?.close();
    rmSync(root, { recursive: true, force: true });
  });

  /** One query() to completion with the scripted call. */
  async function ask(call: { name: string; input: Record<string, unknown> }): Promise<void> {
    model.script(call);
    const env = cleanEnv({ HOME: join(root, 'home'), ANTHROPIC_BASE_URL: model.url, ANTHROPIC_API_KEY: 'sk-test', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', DISABLE_AUTOUPDATER: '1' });
    for await (const _message of query({ prompt: 'do the task', options: { pathToClaudeCodeExecutable: claude!, cwd: ws, env, canUseTool, permissionMode: 'default' } })) {
      // Drain: the run ends when Claude Code does.
    }
  }

  it('a held Write lands with the content the person edited, recorded as the SDK\'s call', async () => {
    const path = join(ws, 'notes.md');
    const running = ask({ name: 'Write', input: { file_path: path, content: 'from the agent\n' } });
    const pending = await g.nextPending();
    expect(pending.request).toMatchObject({ tool_name: 'Write', agent: 'claude-agent-sdk', session_id: 'sdk-1' });
    expect(existsSync(path)).toBe(false);
    await g.approver('POST', `/v1/requests/${pending.request.id}/decision`, { approved: true, updated_args: { file_path: path, content: 'from the person\n' } });
    await running;
    expect(readFileSync(path, 'utf8')).toBe('from the person\n');
  });

  it('a denied Write does not land, and the model reads the reason', async () => {
    const path = join(ws, 'denied.md');
    const running = ask({ name: 'Write', input: { file_path: path, content: 'x\n' } });
    const pending = await g.nextPending();
    await g.approver('POST', `/v1/requests/${pending.request.id}/decision`, { approved: false, reason: 'keep the docs as they are' });
    await running;
    expect(existsSync(path)).toBe(false);
    expect(model.toolResults.join('\n')).toContain('keep the docs as they are');
  });
});
