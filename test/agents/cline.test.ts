// Cline CLI 3.0.65, headless (`cline --json`), with its OpenAI-compatible provider (`cline auth --provider openai
// --baseurl`) pointed at the scripted Chat Completions model, through Gatehouse's PreToolUse script. Cline's cancel
// stops the whole task and tells the model nothing, so unlike the shared scenarios a deny is proven by the command not
// running and the reason by Gatehouse's audit.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chat } from './model/chat.js';
import { startModel, type ScriptedModel } from './model/server.js';
import { agentBin, cleanEnv, runAgent } from './support/agents.js';
import { gatehouse, startGatehouse, type RunningGatehouse } from './support/gatehouse.js';

const bin = agentBin('cline');

describe.skipIf(!bin)('cline: the real agent through Gatehouse', () => {
  let root: string;
  let ws: string;
  let env: NodeJS.ProcessEnv;
  let model: ScriptedModel;
  let g: RunningGatehouse | null = null;
  const hooks = () => [join(root, 'home', '.cline', 'hooks', 'PreToolUse'), join(root, 'home', '.cline', 'hooks', 'PostToolUse')];
  const run = (command: string) => {
    model.script({ name: 'run_commands', input: { commands: [command] } });
    return runAgent(bin!, ['--json', 'do the task'], { cwd: ws, env });
  };
  const lastAudit = async () => ((await g!.approver('GET', '/v1/audit?limit=1')).json as { entries: any[] }).entries[0];

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'gatehouse-agent-cline-'));
    ws = join(root, 'ws');
    for (const d of [join(root, 'home'), ws]) mkdirSync(d, { recursive: true });
    execFileSync('git', ['init', '-q'], { cwd: ws });
    model = await startModel(chat);
    env = cleanEnv({ HOME: join(root, 'home'), GATEHOUSE_HOME: join(root, 'gatehouse') });
    execFileSync(bin!, ['auth', '--provider', 'openai', '--apikey', 'k', '--modelid', 'scripted', '--baseurl', `${model.url}/v1`], { cwd: ws, env, stdio: 'ignore' });
    const installed = await gatehouse(['install', 'cline'], env);
    expect(installed.code, installed.stderr).toBe(0);
    g = await startGatehouse(join(root, 'gatehouse'));
  });
  afterAll(async () => {
    await g?.stop();
    await model?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('runs a command a Gatehouse rule allows, recorded as Cline', async () => {
    expect((await g!.approver('POST', '/v1/rules', { action: 'allow', pattern: 'Bash(touch allowed.txt)' })).status).toBe(201);
    const r = await run('touch allowed.txt');
    expect(existsSync(join(ws, 'allowed.txt')), r.stdout + r.stderr).toBe(true);
    expect(await lastAudit()).toMatchObject({ agent: 'cline', tool_name: 'Bash', status: 'approved', decided_by: 'rule' });
  });

  it('does not run a hard-denied command (the task is cancelled)', async () => {
    expect((await g!.approver('POST', '/v1/rules', { action: 'deny', pattern: 'Bash(touch denied.txt)' })).status).toBe(201);
    const r = await run('touch denied.txt');
    expect(existsSync(join(ws, 'denied.txt')), r.stdout + r.stderr).toBe(false);
    expect(await lastAudit()).toMatchObject({ agent: 'cline', status: 'denied' });
  });

  it('runs a held command only after the person approves it', async () => {
    const running = run('touch held.txt');
    const pending = await g!.nextPending();
    expect(pending.request).toMatchObject({ agent: 'cline', tool_name: 'Bash', args: { command: 'touch held.txt' } });
    expect((await g!.approver('POST', `/v1/requests/${pending.request.id}/decision`, { approved: true })).status).toBe(200);
    const r = await running;
    expect(existsSync(join(ws, 'held.txt')), r.stdout + r.stderr).toBe(true);
  });

  it('with Gatehouse stopped, allows nothing', async () => {
    await g!.stop();
    const r = await run('touch allowed.txt && touch unattended.txt');
    expect(existsSync(join(ws, 'unattended.txt')), r.stdout + r.stderr).toBe(false);
  });

  it('uninstall removes the scripts it wrote', async () => {
    const removed = await gatehouse(['uninstall', 'cline'], env);
    expect(removed.code, removed.stderr).toBe(0);
    for (const f of hooks()) expect(existsSync(f), f).toBe(false);
  });
});
