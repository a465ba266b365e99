// Real ACP agents from npm behind `gatehouse acp-proxy`, each against its scripted model, driven by a scripted editor
// written with the official ACP SDK's client app, with a real `gatehouse serve`: the agent's permission requests are
// answered by Gatehouse and never reach the editor. The Claude Code ACP adapter sends each call's input, so rules
// decide its commands; Gemini CLI's ACP mode sends only a title, so each of its commands is asked of the person.
import { client, ndJsonStream, type ClientConnection, type PromptResponse } from '@agentclientprotocol/sdk';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anthropic } from './model/anthropic.js';
import { gemini } from './model/gemini.js';
import { startModel, type ProviderHandler, type ScriptedCall, type ScriptedModel } from './model/server.js';
import { agentBin, cleanEnv } from './support/agents.js';
import { startGatehouse, type RunningGatehouse } from './support/gatehouse.js';

const adapter = agentBin('claude-code-acp');
const claude = agentBin('claude');
const geminiBin = agentBin('gemini');
const GATEHOUSE = join(process.cwd(), 'bin', 'gatehouse.js');
/** The editor's first message, spaced and escaped as no JSON.stringify writes it. */
const INITIALIZE = '{ "jsonrpc" : "2.0", "id" : 1, "method" : "initialize", "params" : { "protocolVersion" : 1.0, "clientCapabilities" : { }, "clientInfo" : { "name" : "\\u0065ditor", "version" : "1" } } }\n';

/** Starts `cmd` with `env` in `cwd`, writes `line`, and resolves with the raw bytes of the first line it answers. */
function firstAnswer(cmd: string, args: string[], env: NodeJS.ProcessEnv, cwd: string, line: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['pipe', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => {
      chunks.push(c);
      const all = Buffer.concat(chunks);
      const nl = all.indexOf(0x0a);
      if (nl !== -1) {
        resolve(all.subarray(0, nl + 1));
        child.stdin.end();
        child.kill();
      }
    });
    child.once('error', reject);
    child.once('close', () => reject(new Error(`${cmd} closed without answering`)));
    child.stdin.write(line);
  });
}

/** One agent's suite: the folders, model, Gatehouse and the editor connected through the proxy. */
interface Setup {
  ws: string;
  env: NodeJS.ProcessEnv;
  model: ScriptedModel;
  g: RunningGatehouse;
  /** What the proxy wrote on stderr (one line per answered permission request). */
  log(): string;
  /** Permission requests that reached the editor: the proxy answers them all, so none should. */
  editorAsked: unknown[];
  /** One prompt in a new session with `call` scripted: how the turn ended. */
  run(call: ScriptedCall): Promise<PromptResponse | Error>;
  /** Whether, in the last run, the agent told the editor a tool call was rejected or cancelled. */
  rejected(): boolean;
}

/** Registers the setup of one agent behind the proxy; `agentEnv` gives its offline environment. */
function setUp(provider: ProviderHandler, command: string[], agentEnv: (root: string, model: ScriptedModel) => NodeJS.ProcessEnv): Setup {
  const s = { editorAsked: [] as unknown[] } as Setup;
  let root: string;
  let proxy: ChildProcess;
  let conn: ClientConnection;
  let log = '';
  const updates: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'gatehouse-acp-'));
    s.ws = join(root, 'ws');
    mkdirSync(s.ws);
    mkdirSync(join(root, 'home'));
    execFileSync('git', ['init', '-q'], { cwd: s.ws });
    s.model = await startModel(provider);
    s.g = await startGatehouse(join(root, 'gatehouse'));
    s.env = { ...agentEnv(root, s.model), HOME: join(root, 'home'), GATEHOUSE_HOME: join(root, 'gatehouse') };
    proxy = spawn(process.execPath, [GATEHOUSE, 'acp-proxy', '--', ...command], { cwd: s.ws, env: s.env, stdio: ['pipe', 'pipe', 'pipe'] });
    proxy.stderr!.on('data', (c: Buffer) => (log += c.toString()));
    const editor = client({ name: 'scripted-editor' })
      .onRequest('session/request_permission', ({ params }) => {
        s.editorAsked.push(params);
        return { outcome: { outcome: 'cancelled' } };
      })
      .onNotification('session/update', ({ params }) => {
        updates.push(params.update as unknown as Record<string, unknown>);
      });
    conn = editor.connect(ndJsonStream(Writable.toWeb(proxy.stdin!) as WritableStream<Uint8Array>, Readable.toWeb(proxy.stdout!) as ReadableStream<Uint8Array>));
    await conn.agent.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
  });
  afterAll(async () => {
    conn?.close();
    proxy?.kill();
    await s.g?.stop();
    await s.model?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });
  s.log = () => log;
  s.run = async (call) => {
    s.model.script(call);
    updates.length = 0;
    const session = await conn.agent.buildSession(s.ws).start();
    try {
      return await session.prompt('do the task');
    } catch (err) {
      return err as Error;
    } finally {
      session.dispose();
    }
  };
  s.rejected = () => updates.some((u) => u['sessionUpdate'] === 'tool_call_update' && u['status'] === 'failed');
  return s;
}

const lastAudit = async (g: RunningGatehouse) => ((await g.approver('GET', '/v1/audit?limit=1')).json as { entries: any[] }).entries[0];

describe.skipIf(!adapter || !claude)('acp-proxy: the Claude Code ACP adapter through Gatehouse', () => {
  const s = setUp(anthropic, [adapter!], (_root, model) =>
    cleanEnv({ ANTHROPIC_BASE_URL: model.url, ANTHROPIC_API_KEY: 'sk-test', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', DISABLE_AUTOUPDATER: '1', CLAUDE_CODE_EXECUTABLE: claude! }),
  );
  const bash = (command: string): ScriptedCall => ({ name: 'Bash', input: { command, description: 'as asked' } });
  const file = (name: string) => join(s.ws, name);

  it('passes an unrelated message through byte for byte (the agent\'s initialize answer is what it says without the proxy)', async () => {
    const direct = await firstAnswer(adapter!, [], s.env, s.ws, INITIALIZE);
    const proxied = await firstAnswer(process.execPath, [GATEHOUSE, 'acp-proxy', '--', adapter!], s.env, s.ws, INITIALIZE);
    expect(JSON.parse(direct.toString())).toMatchObject({ id: 1, result: { protocolVersion: 1 } });
    expect(proxied.equals(direct), `${proxied}\n${direct}`).toBe(true);
  });

  it('runs a command a Gatehouse rule allows, recorded under the agent\'s name', async () => {
    expect((await s.g.approver('POST', '/v1/rules', { action: 'allow', pattern: 'Bash(touch allowed.txt)' })).status).toBe(201);
    await s.run(bash('touch allowed.txt'));
    expect(existsSync(file('allowed.txt')), s.log()).toBe(true);
    expect(await lastAudit(s.g)).toMatchObject({ agent: 'acp:zed-industries-claude-code-acp', tool_name: 'Bash', status: 'approved', decided_by: 'rule' });
    expect(s.editorAsked).toEqual([]);
  });

  it('does not run a denied command, and the agent reports the rejection', async () => {
    expect((await s.g.approver('POST', '/v1/rules', { action: 'deny', pattern: 'Bash(touch denied.txt)' })).status).toBe(201);
    await s.run(bash('touch denied.txt'));
    expect(existsSync(file('denied.txt')), s.log()).toBe(false);
    // ACP's answer carries no reason: the adapter tells the editor the call was rejected, and stops the turn.
    expect(s.rejected(), s.log()).toBe(true);
    expect(s.log()).toContain('rule Bash(touch denied.txt) denies');
    expect(s.editorAsked).toEqual([]);
  });

  it('runs a held command only after the person approves it in Gatehouse', async () => {
    const running = s.run(bash('touch held.txt'));
    const pending = await s.g.nextPending();
    expect(pending.request).toMatchObject({ agent: 'acp:zed-industries-claude-code-acp', tool_name: 'Bash', args: { command: 'touch held.txt' }, cwd: s.ws });
    expect(existsSync(file('held.txt'))).toBe(false);
    expect((await s.g.approver('POST', `/v1/requests/${pending.request.id}/decision`, { approved: true })).status).toBe(200);
    await running;
    expect(existsSync(file('held.txt')), s.log()).toBe(true);
    expect(s.editorAsked).toEqual([]);
  });

  it('with Gatehouse stopped, rejects', async () => {
    await s.g.stop();
    await s.run(bash('touch unattended.txt'));
    expect(existsSync(file('unattended.txt')), s.log()).toBe(false);
    expect(s.rejected(), s.log()).toBe(true);
    expect(s.log()).toMatch(/unattended\.txt.*: reject .*Gatehouse did not approve it/);
    expect(s.editorAsked).toEqual([]);
  });
});

describe.skipIf(!geminiBin)('acp-proxy: Gemini CLI\'s ACP mode through Gatehouse', () => {
  const s = setUp(gemini, [geminiBin!, '--acp'], (root, model) => {
    const dir = join(root, 'home', '.gemini');
    mkdirSync(dir, { recursive: true });
    const settings = { security: { auth: { selectedType: 'gemini-api-key' } }, privacy: { usageStatisticsEnabled: false }, telemetry: { enabled: false }, general: { enableAutoUpdate: false, enableAutoUpdateNotification: false } };
    writeFileSync(join(dir, 'settings.json'), JSON.stringify(settings));
    return cleanEnv({ GEMINI_CLI_HOME: join(root, 'home'), GEMINI_API_KEY: 'k', GOOGLE_GEMINI_BASE_URL: model.url, GEMINI_CLI_TRUST_WORKSPACE: 'true' });
  });
  const shell = (command: string): ScriptedCall => ({ name: 'run_shell_command', input: { command, description: 'as asked' } });
  const file = (name: string) => join(s.ws, name);

  it('asks the person about a command it knows only by its title, and runs it once approved', async () => {
    // A Bash rule cannot allow it: Gemini's request does not say what runs, only what it is called.
    expect((await s.g.approver('POST', '/v1/rules', { action: 'allow', pattern: 'Bash(touch gem-held.txt)' })).status).toBe(201);
    const running = s.run(shell('touch gem-held.txt'));
    const pending = await s.g.nextPending();
    expect(pending.request).toMatchObject({ agent: 'acp:gemini-cli', tool_name: 'AcpToolCall', args: { kind: 'execute', title: 'touch gem-held.txt' } });
    expect(existsSync(file('gem-held.txt'))).toBe(false);
    expect((await s.g.approver('POST', `/v1/requests/${pending.request.id}/decision`, { approved: true })).status).toBe(200);
    await running;
    expect(existsSync(file('gem-held.txt')), s.log()).toBe(true);
    expect(s.editorAsked).toEqual([]);
  });

  it('does not run a command the person refuses', async () => {
    const running = s.run(shell('touch gem-refused.txt'));
    const pending = await s.g.nextPending();
    await s.g.approver('POST', `/v1/requests/${pending.request.id}/decision`, { approved: false, reason: 'not today' });
    await running;
    expect(existsSync(file('gem-refused.txt')), s.log()).toBe(false);
    expect(s.model.toolResults.join('\n'), s.log()).toMatch(/cancel/i);
    expect(s.editorAsked).toEqual([]);
  });

  it('with Gatehouse stopped, rejects', async () => {
    await s.g.stop();
    await s.run(shell('touch gem-unattended.txt'));
    expect(existsSync(file('gem-unattended.txt')), s.log()).toBe(false);
    expect(s.log()).toContain('Gatehouse did not approve it');
    expect(s.editorAsked).toEqual([]);
  });
});
