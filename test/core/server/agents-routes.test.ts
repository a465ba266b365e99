// The Agents view's routes on the real server: each agent's hook per scope and its last call, install and uninstall
// with a dry run first, clear errors that write nothing, and no way in with the agent's token.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentConnectReport, AgentOverview } from '../../../common/api.js';
import { fixture, makeWorkspace, startGatehouse, tempDir, type TestGatehouse } from './helpers.js';

let root: string;
let g: TestGatehouse;
beforeEach(async () => {
  root = tempDir('gatehouse-agents-');
  mkdirSync(join(root, '.claude'));
  g = await startGatehouse({ agentEnv: { HOME: root, PATH: process.env.PATH ?? '' } });
});
afterEach(async () => {
  await g.close();
  rmSync(root, { recursive: true, force: true });
});

const list = async (query = '') => (await g.approver('GET', `/v1/agents${query}`)).json as AgentOverview[];

describe('GET /v1/agents', () => {
  it('says which agents are here, and the last call each sent', async () => {
    const before = await list();
    expect(before.map((a) => [a.cli, a.scopes[0]!.detected, a.scopes[0]!.installed_in])).toEqual([['claude-code', true, []], ['gemini', false, []], ['codex', false, []], ['copilot', false, []], ['qwen', false, []], ['cline', false, []], ['opencode', false, []], ['cursor', false, []]]);
    expect(before[0]!.last_seen).toBeNull();
    const { ws, cleanup } = makeWorkspace();
    try {
      await g.agent('POST', '/v1/hooks/claude-code', fixture('pre-read.json', ws));
    } finally {
      cleanup();
    }
    const after = await list();
    expect(after[0]!.last_seen).toMatchObject({ tool_name: 'Read' });
    expect(after[1]!.last_seen).toBeNull();
  });

  it('refuses a relative or missing project folder', async () => {
    expect((await g.approver('GET', '/v1/agents?project=relative/dir')).status).toBe(400);
    expect((await g.approver('GET', `/v1/agents?project=${encodeURIComponent(join(root, 'nope'))}`)).status).toBe(400);
  });

  it('is not reachable with the agent token', async () => {
    expect((await g.agent('GET', '/v1/agents')).status).toBe(403);
    expect((await g.agent('POST', '/v1/agents/connect', { agent: 'claude-code', action: 'install' })).status).toBe(403);
  });
});

describe('POST /v1/agents/connect', () => {
  it('dry run shows the diff and writes nothing; install then uninstall restores the file byte for byte', async () => {
    const file = join(root, '.claude', 'settings.json');
    const original = '{\n  // mine\n  "model": "opus"\n}\n';
    writeFileSync(file, original);
    const dry = (await g.approver('POST', '/v1/agents/connect', { agent: 'claude-code', action: 'install', dry_run: true })).json as AgentConnectReport;
    expect(dry.diff).toContain('hook claude-code');
    expect(readFileSync(file, 'utf8')).toBe(original);
    const done = await g.approver('POST', '/v1/agents/connect', { agent: 'claude-code', action: 'install' });
    expect(done.status).toBe(200);
    expect(readFileSync(file, 'utf8')).toContain('hook claude-code');
    expect((await list())[0]!.scopes[0]!.installed_in).toEqual([file]);
    await g.approver('POST', '/v1/agents/connect', { agent: 'claude-code', action: 'uninstall' });
    expect(readFileSync(file, 'utf8')).toBe(original);
  });

  it('unknown agent 404, bad body 400, a config that does not parse 409 with nothing written', async () => {
    expect((await g.approver('POST', '/v1/agents/connect', { agent: 'no-such-agent', action: 'install' })).status).toBe(404);
    expect((await g.approver('POST', '/v1/agents/connect', { agent: 'codex', action: 'explode' })).status).toBe(400);
    expect((await g.approver('POST', '/v1/agents/connect', { agent: 'codex', action: 'install', extra: 1 })).status).toBe(400);
    const file = join(root, '.claude', 'settings.json');
    writeFileSync(file, '{ broken');
    const r = await g.approver('POST', '/v1/agents/connect', { agent: 'claude-code', action: 'install' });
    expect(r.status).toBe(409);
    expect(JSON.stringify(r.json)).toContain('does not parse');
    expect(readFileSync(file, 'utf8')).toBe('{ broken');
  });
});
