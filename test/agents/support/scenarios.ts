// The scenarios every real agent goes through, with Gatehouse installed by `gatehouse install` into a temp home:
// a rule-allowed command runs; a hard-denied one does not and the model receives Gatehouse's reason; a held command
// runs only after the person approves through the approver API, not after a deny; with Gatehouse stopped nothing is
// auto-allowed; uninstall restores the configs. Each agent file supplies how to run its agent and its tool calls.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderHandler, ScriptedCall, ScriptedModel } from '../model/server.js';
import { startModel } from '../model/server.js';
import { runAgent, type AgentRun } from './agents.js';
import { gatehouse, startGatehouse, type RunningGatehouse } from './gatehouse.js';

/** Temp folders of one agent's suite. */
export interface Dirs {
  root: string;
  /** The person's HOME for the agent and for `gatehouse install`. */
  home: string;
  /** GATEHOUSE_HOME. */
  gatehouseHome: string;
  /** The agent's working directory (a git repo). */
  ws: string;
}

/** What an agent's suite supplies. */
export interface AgentSpec {
  /** `gatehouse install <cli>`. */
  cli: string;
  /** The agent field Gatehouse records. */
  kind: string;
  bin: string | null;
  provider: ProviderHandler;
  /** Writes the agent's own (non-hook) settings; returns the env and args of a headless run. */
  prepare(dirs: Dirs, model: ScriptedModel): { env: NodeJS.ProcessEnv; args: string[] };
  /** The agent's call for a shell command. */
  shell(command: string): ScriptedCall;
  /** The config files install touches (to prove uninstall restores them byte for byte). */
  configFiles(dirs: Dirs): string[];
  /** How long one run may take before it is killed (runAgent's default when unset): a slow-starting agent needs more. */
  timeoutMs?: number;
}

/** The shared context the agent-specific tests extend. */
export interface Suite {
  dirs: Dirs;
  model: ScriptedModel;
  g: () => RunningGatehouse;
  /** Scripts one call, runs the agent once, returns its run. */
  run(call: ScriptedCall): Promise<AgentRun>;
  env: NodeJS.ProcessEnv;
}

/** Registers the common scenarios for one agent; `extra` adds agent-specific ones on the same setup. */
export function describeAgent(spec: AgentSpec, extra?: (s: Suite) => void): void {
  describe.skipIf(!spec.bin)(`${spec.cli}: the real agent through Gatehouse`, () => {
    const s = {} as Suite;
    let g: RunningGatehouse | null = null;
    let headless: { env: NodeJS.ProcessEnv; args: string[] };
    const originals = new Map<string, string | null>();

    beforeAll(async () => {
      const root = mkdtempSync(join(tmpdir(), `gatehouse-agent-${spec.cli}-`));
      const dirs: Dirs = { root, home: join(root, 'home'), gatehouseHome: join(root, 'gatehouse'), ws: join(root, 'ws') };
      for (const d of [dirs.home, dirs.ws]) mkdirSync(d, { recursive: true });
      execFileSync('git', ['init', '-q'], { cwd: dirs.ws });
      s.dirs = dirs;
      s.model = await startModel(spec.provider);
      headless = spec.prepare(dirs, s.model);
      for (const f of spec.configFiles(dirs)) originals.set(f, existsSync(f) ? readFileSync(f, 'utf8') : null);
      s.env = { ...headless.env, HOME: dirs.home, GATEHOUSE_HOME: dirs.gatehouseHome };
      const installed = await gatehouse(['install', spec.cli], s.env);
      expect(installed.stderr).toBe('');
      expect(installed.code).toBe(0);
      // The temp folder a contained command may write, apart from the throwaway HOME it may not (both in /tmp otherwise).
      mkdirSync(join(root, 'tmp'));
      g = await startGatehouse(dirs.gatehouseHome, { TMPDIR: join(root, 'tmp') });
      s.g = () => g!;
      s.run = async (call) => {
        s.model.script(call);
        return runAgent(spec.bin!, headless.args, { cwd: dirs.ws, env: s.env, ...(spec.timeoutMs ? { timeoutMs: spec.timeoutMs } : {}) });
      };
    });
    afterAll(async () => {
      await g?.stop();
      await s.model?.close();
      if (s.dirs) rmSync(s.dirs.root, { recursive: true, force: true });
    });

    const file = (name: string) => join(s.dirs.ws, name);
    const lastAudit = async () => ((await s.g().approver('GET', '/v1/audit?limit=1')).json as { entries: any[] }).entries[0];

    it('runs a command a Gatehouse rule allows, recorded as this agent', async () => {
      expect((await s.g().approver('POST', '/v1/rules', { action: 'allow', pattern: 'Bash(touch allowed.txt)' })).status).toBe(201);
      const r = await s.run(spec.shell('touch allowed.txt'));
      expect(existsSync(file('allowed.txt')), r.stdout + r.stderr).toBe(true);
      expect(await lastAudit()).toMatchObject({ agent: spec.kind, tool_name: 'Bash', status: 'approved', decided_by: 'rule' });
    });

    it('does not run a hard-denied command, and the model receives Gatehouse\'s reason', async () => {
      expect((await s.g().approver('POST', '/v1/rules', { action: 'deny', pattern: 'Bash(touch denied.txt)', note: 'no denied files here' })).status).toBe(201);
      const r = await s.run(spec.shell('touch denied.txt'));
      expect(existsSync(file('denied.txt')), r.stdout + r.stderr).toBe(false);
      expect(s.model.toolResults.join('\n')).toContain('Bash(touch denied.txt)');
    });

    it('runs a held command only after the person approves it', async () => {
      const running = s.run(spec.shell('touch held.txt'));
      const pending = await s.g().nextPending();
      expect(pending.request).toMatchObject({ agent: spec.kind, tool_name: 'Bash', args: { command: 'touch held.txt' } });
      expect(existsSync(file('held.txt'))).toBe(false);
      expect((await s.g().approver('POST', `/v1/requests/${pending.request.id}/decision`, { approved: true })).status).toBe(200);
      const r = await running;
      expect(existsSync(file('held.txt')), r.stdout + r.stderr).toBe(true);
    });

    it('does not run a held command the person denies, and the model hears why', async () => {
      const running = s.run(spec.shell('touch refused.txt'));
      const pending = await s.g().nextPending();
      await s.g().approver('POST', `/v1/requests/${pending.request.id}/decision`, { approved: false, reason: 'not today' });
      const r = await running;
      expect(existsSync(file('refused.txt')), r.stdout + r.stderr).toBe(false);
      expect(s.model.toolResults.join('\n')).toContain('not today');
    });

    extra?.(s);

    it('with Gatehouse stopped, allows nothing', async () => {
      await g!.stop();
      const r = await s.run(spec.shell('touch allowed.txt && touch unattended.txt'));
      expect(existsSync(file('unattended.txt')), r.stdout + r.stderr).toBe(false);
    });

    it('uninstall restores every config file byte for byte', async () => {
      const removed = await gatehouse(['uninstall', spec.cli], s.env);
      expect(removed.code, removed.stderr).toBe(0);
      for (const [path, text] of originals) {
        if (text === null) expect(existsSync(path), path).toBe(false);
        else expect(readFileSync(path, 'utf8'), path).toBe(text);
      }
    });
  });
}
