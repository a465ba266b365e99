// `gatehouse opencode-bridge` against the real `opencode serve` (OpenCode 1.18.33), offline on the scripted Chat
// Completions model (the provider set up as in opencode.test.ts), with OpenCode's own permission set to ask for bash
// and no plugin: every refusal and every approval here is the bridge's reply to OpenCode's `permission.asked`.
import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chat } from './model/chat.js';
import { startModel, type ScriptedModel } from './model/server.js';
import { agentBin } from './support/agents.js';
import { opencodeEnv, writeOpencodeConfig } from './support/opencode.js';
import { startGatehouse, type RunningGatehouse } from './support/gatehouse.js';

const BIN = agentBin('opencode');

/** Starts a process and resolves with it once its output matches `ready` (the match's first group). */
function startUntil(cmd: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv }, ready: RegExp): Promise<{ child: ChildProcess; found: string; log: () => string }> {
  const child = spawn(cmd, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  return new Promise((resolve, reject) => {
    const onData = (c: Buffer) => {
      log += c.toString();
      const m = ready.exec(log);
      if (m) resolve({ child, found: m[1] ?? m[0], log: () => log });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${cmd} exited ${code}:\n${log}`)));
  });
}

const stop = (child: ChildProcess | undefined) =>
  new Promise<void>((resolve) => {
    if (!child || child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

describe.skipIf(!BIN)('opencode serve: Gatehouse answers its permission questions (gatehouse opencode-bridge)', () => {
  let root: string;
  let ws: string;
  let model: ScriptedModel;
  let g: RunningGatehouse;
  let server: ChildProcess | undefined;
  let bridge: ChildProcess | undefined;
  let bridgeLog: () => string = () => '';
  let url: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'gatehouse-opencode-serve-'));
    ws = join(root, 'ws');
    mkdirSync(ws);
    execFileSync('git', ['init', '-q'], { cwd: ws });
    model = await startModel(chat);
    writeOpencodeConfig(root, model.url, { permission: { bash: 'ask' } });
    const env = opencodeEnv(root, { HOME: join(root, 'home') });
    g = await startGatehouse(join(root, 'gatehouse'));
    const started = await startUntil(BIN!, ['serve', '--port', '0', '--hostname', '127.0.0.1'], { cwd: ws, env }, /listening on (http:\/\/127\.0\.0\.1:\d+)/);
    server = started.child;
    url = started.found;
    const b = await startUntil(process.execPath, [join(process.cwd(), 'bin', 'gatehouse.js'), 'opencode-bridge', '--url', url], { cwd: ws, env: { ...process.env, GATEHOUSE_HOME: join(root, 'gatehouse') } }, /following/);
    bridge = b.child;
    bridgeLog = b.log;
  }, 150_000);

  afterAll(async () => {
    await stop(bridge);
    await stop(server);
    await g?.stop();
    await model?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  const api = async (method: string, path: string, body?: unknown): Promise<any> => {
    const res = await fetch(`${url}${path}`, { method, headers: { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await res.text();
    return text ? JSON.parse(text) : null;
  };

  /** Starts a turn in a new session in which the model runs `command` through OpenCode's bash tool. */
  const turn = async (command: string): Promise<string> => {
    model.script({ name: 'bash', input: { command, description: 'as asked' } });
    const session = await api('POST', '/session', {});
    await api('POST', `/session/${session.id}/prompt_async`, { parts: [{ type: 'text', text: 'do the task' }] });
    return session.id as string;
  };

  /** The bash call's state once it finished (completed or error). */
  const finished = async (session: string): Promise<any> => {
    for (let i = 0; i < 1500; i++) {
      const messages = (await api('GET', `/session/${session}/message`)) as any[];
      const part = messages.flatMap((m) => m.parts).find((p: any) => p.type === 'tool' && p.tool === 'bash');
      if (part && (part.state.status === 'completed' || part.state.status === 'error')) return part.state;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the bash call never finished; bridge log:\n${bridgeLog()}`);
  };

  it('holds the call until the person approves it in Gatehouse, then OpenCode runs it', async () => {
    const session = await turn('touch approved.txt');
    const pending = await g.nextPending();
    expect(pending.request).toMatchObject({ agent: 'opencode', tool_name: 'Bash', args: { command: 'touch approved.txt' }, session_id: session });
    expect(existsSync(join(ws, 'approved.txt'))).toBe(false);
    expect((await g.approver('POST', `/v1/requests/${pending.request.id}/decision`, { approved: true })).status).toBe(200);
    expect((await finished(session)).status).toBe('completed');
    expect(existsSync(join(ws, 'approved.txt'))).toBe(true);
  }, 150_000);

  it('rejects a call the person denies, and the model hears why', async () => {
    const session = await turn('touch denied.txt');
    const pending = await g.nextPending();
    await g.approver('POST', `/v1/requests/${pending.request.id}/decision`, { approved: false, reason: 'not on a Friday' });
    const state = await finished(session);
    expect(state.status).toBe('error');
    expect(state.error).toContain('not on a Friday');
    expect(existsSync(join(ws, 'denied.txt'))).toBe(false);
  }, 150_000);

  it('asks the person once for a call OpenCode asks about twice (its folder outside the project, then the command)', async () => {
    const outside = join(root, 'outside.txt');
    const session = await turn(`touch ${outside}`);
    const pending = await g.nextPending();
    expect(pending.request).toMatchObject({ tool_name: 'Bash', args: { command: `touch ${outside}` } });
    await g.approver('POST', `/v1/requests/${pending.request.id}/decision`, { approved: true });
    expect((await finished(session)).status, bridgeLog()).toBe('completed');
    expect(existsSync(outside)).toBe(true);
    expect(bridgeLog()).toContain('external_directory');
    const entries = ((await g.approver('GET', `/v1/audit?session_id=${session}`)).json as { entries: unknown[] }).entries;
    expect(entries).toHaveLength(1);
  }, 150_000);

  it('with Gatehouse stopped, rejects (never allows) and says why', async () => {
    await g.stop();
    const session = await turn('touch unattended.txt');
    const state = await finished(session);
    expect(state.status).toBe('error');
    expect(state.error).toContain('Gatehouse could not decide');
    expect(existsSync(join(ws, 'unattended.txt'))).toBe(false);
  }, 150_000);
});
