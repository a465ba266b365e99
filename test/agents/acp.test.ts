// A real ACP agent from npm (the Claude Code ACP adapter, running the pinned Claude Code against the scripted Anthropic
// model) behind `gatehouse acp-proxy`, driven by a scripted editor written with the official ACP SDK's client app, with
// a real `gatehouse serve`: the agent's permission requests are answered by Gatehouse and never reach the editor.
// (Gemini CLI's ACP mode sends no rawInput, only a title, so its commands would all be asked: the adapter shows more.)
import { client, ndJsonStream, type ClientConnection, type PromptResponse } from '@agentclientprotocol/sdk';
import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anthropic } from './model/anthropic.js';
import { startModel, type ScriptedModel } from './model/server.js';
import { agentBin, cleanEnv } from './support/agents.js';
import { startGatehouse, type RunningGatehouse } from './support/gatehouse.js';

const adapter = agentBin('claude-code-acp');
const claude = agentBin('claude');
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

describe.skipIf(!adapter || !claude)('acp-proxy: the Claude Code ACP adapter through Gatehouse', () => {
  let root: string;
  let ws: string;
  let model: ScriptedModel;
  let g: RunningGatehouse;
  let env: NodeJS.ProcessEnv;
  let proxy: ChildProcess;
  let conn: ClientConnection;
  let proxyLog = '';
  /** Permission requests that reached the editor: the proxy answers them all, so none should. */
  const editorAsked: unknown[] = [];
  /** The agent's tool call updates, as the editor saw them. */
  const updates: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'gatehouse-acp-'));
    ws = join(root, 'ws');
    mkdirSync(ws);
    mkdirSync(join(root, 'home'));
    execFileSync('git', ['init', '-q'], { cwd: ws });
    model = await startModel(anthropic);
    g = await startGatehouse(join(root, 'gatehouse'));
    env = cleanEnv({
      HOME: join(root, 'home'),
      GATEHOUSE_HOME: join(root, 'gatehouse'),
      ANTHROPIC_BASE_URL: model.url,
      ANTHROPIC_API_KEY: 'sk-test',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1',
      CLAUDE_CODE_EXECUTABLE: claude!,
    });
    proxy = spawn(process.execPath, [GATEHOUSE, 'acp-proxy', '--', adapter!], { cwd: ws, env, stdio: ['pipe', 'pipe', 'pipe'] });
    proxy.stderr!.on('data', (c: Buffer) => (proxyLog += c.toString()));
    const editor = client({ name: 'scripted-editor' })
      .onRequest('session/request_permission', ({ params }) => {
        editorAsked.push(params);
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
    await g?.stop();
    await model?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  /** One prompt in a new session, the model scripted to run `command` with the Bash tool: how the turn ended. */
  async function run(command: string): Promise<PromptResponse | Error> {
    model.script({ name: 'Bash', input: { command, description: 'as asked' } });
    updates.length = 0;
    const session = await conn.agent.buildSession(ws).start();
    try {
      return await session.prompt('do the task');
    } catch (err) {
      return err as Error;
    } finally {
      session.dispose();
    }
  }
  const file = (name: string) => join(ws, name);
  /** Whether the agent told the editor its Bash call was rejected. */
  const rejected = () => updates.some((u) => u['sessionUpdate'] === 'tool_call_update' && u['status'] === 'failed' && /rejected/.test(String(u['rawOutput'])));
  const lastAudit = async () => ((await g.approver('GET', '/v1/audit?limit=1')).json as { entries: any[] }).entries[0];

  it('passes an unrelated message through byte for byte (the agent\'s initialize answer is what it says without the proxy)', async () => {
    const direct = await firstAnswer(adapter!, [], env, ws, INITIALIZE);
    const proxied = await firstAnswer(process.execPath, [GATEHOUSE, 'acp-proxy', '--', adapter!], env, ws, INITIALIZE);
    expect(JSON.parse(direct.toString())).toMatchObject({ id: 1, result: { protocolVersion: 1 } });
    expect(proxied.equals(direct), `${proxied}\n${direct}`).toBe(true);
  });

  it('runs a command a Gatehouse rule allows, recorded under the agent\'s name', async () => {
    expect((await g.approver('POST', '/v1/rules', { action: 'allow', pattern: 'Bash(touch allowed.txt)' })).status).toBe(201);
    await run('touch allowed.txt');
    expect(existsSync(file('allowed.txt')), proxyLog).toBe(true);
    expect(await lastAudit()).toMatchObject({ agent: 'acp:zed-industries-claude-code-acp', tool_name: 'Bash', status: 'approved', decided_by: 'rule' });
    expect(editorAsked).toEqual([]);
  });

  it('does not run a denied command, and the agent reports the rejection', async () => {
    expect((await g.approver('POST', '/v1/rules', { action: 'deny', pattern: 'Bash(touch denied.txt)' })).status).toBe(201);
    await run('touch denied.txt');
    expect(existsSync(file('denied.txt')), proxyLog).toBe(false);
    // ACP's answer carries no reason: the adapter tells the editor the call was rejected, and stops the turn.
    expect(rejected(), proxyLog).toBe(true);
    expect(proxyLog).toContain('rule Bash(touch denied.txt) denies');
    expect(editorAsked).toEqual([]);
  });

  it('runs a held command only after the person approves it in Gatehouse', async () => {
    const running = run('touch held.txt');
    const pending = await g.nextPending();
    expect(pending.request).toMatchObject({ agent: expect.stringMatching(/^acp:/), tool_name: 'Bash', args: { command: 'touch held.txt' }, cwd: ws });
    expect(existsSync(file('held.txt'))).toBe(false);
    expect((await g.approver('POST', `/v1/requests/${pending.request.id}/decision`, { approved: true })).status).toBe(200);
    await running;
    expect(existsSync(file('held.txt')), proxyLog).toBe(true);
    expect(editorAsked).toEqual([]);
  });

  it('with Gatehouse stopped, rejects', async () => {
    await g.stop();
    await run('touch unattended.txt');
    expect(existsSync(file('unattended.txt')), proxyLog).toBe(false);
    expect(rejected(), proxyLog).toBe(true);
    expect(proxyLog).toMatch(/unattended\.txt.*: reject .*Gatehouse did not approve it/);
    expect(editorAsked).toEqual([]);
  });
});
