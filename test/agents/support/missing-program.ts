// An agent whose installed hook lost its program: `gatehouse install` run from a copy of Gatehouse (as from a clone),
// then the copy's dist/ renamed away (a rebuild or clean in progress) or the whole copy moved (a moved or deleted
// clone). The agent must not run the command, and must be told why: a hook that dies is "go on" to Codex and Gemini.
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModel, type ScriptedModel } from '../model/server.js';
import { runAgent } from './agents.js';
import type { AgentSpec, Dirs } from './scenarios.js';
import { runCli } from '../../core/cli/run-cli.js';
import { spawnSync } from 'node:child_process';

/** A copy of this Gatehouse (bin, package.json, dist; node_modules linked) that a test may break. */
function copyProgram(to: string): string {
  mkdirSync(to, { recursive: true });
  for (const part of ['bin', 'package.json', 'dist']) cpSync(join(process.cwd(), part), join(to, part), { recursive: true });
  symlinkSync(join(process.cwd(), 'node_modules'), join(to, 'node_modules'));
  return to;
}

/** Registers the missing-program scenarios for one agent (its own temp home, agent config and program copy). */
export function describeMissingProgram(spec: AgentSpec): void {
  describe.skipIf(!spec.bin)(`${spec.cli}: the installed hook's program is missing`, () => {
    let dirs: Dirs;
    let model: ScriptedModel;
    let env: NodeJS.ProcessEnv;
    let args: string[];
    let program: string;

    beforeAll(async () => {
      const root = mkdtempSync(join(tmpdir(), `gatehouse-missing-${spec.cli}-`));
      dirs = { root, home: join(root, 'home'), gatehouseHome: join(root, 'gatehouse'), ws: join(root, 'ws') };
      for (const d of [dirs.home, dirs.ws]) mkdirSync(d, { recursive: true });
      spawnSync('git', ['init', '-q'], { cwd: dirs.ws });
      model = await startModel(spec.provider);
      const headless = spec.prepare(dirs, model);
      env = { ...headless.env, HOME: dirs.home, GATEHOUSE_HOME: dirs.gatehouseHome };
      args = headless.args;
      program = copyProgram(join(root, 'program'));
      const installed = await runCli(['install', spec.cli], { env, bin: join(program, 'bin', 'gatehouse.js') });
      expect(installed.code, installed.stderr).toBe(0);
    });
    afterAll(async () => {
      await model?.close();
      if (dirs) rmSync(dirs.root, { recursive: true, force: true });
    });

    /** Runs the agent on `touch <marker>` with `away` renamed aside; returns whether it ran and what the model was told. */
    const attempt = async (away: string, marker: string) => {
      renameSync(away, `${away}.away`);
      try {
        model.script(spec.shell(`touch ${marker}`));
        const r = await runAgent(spec.bin!, args, { cwd: dirs.ws, env, ...(spec.timeoutMs ? { timeoutMs: spec.timeoutMs } : {}) });
        return { ran: existsSync(join(dirs.ws, marker)), told: model.toolResults.join('\n'), log: r.stdout + r.stderr };
      } finally {
        renameSync(`${away}.away`, away);
      }
    };

    it('while dist/ is gone (a build or a clean), the command does not run and the agent hears why', async () => {
      // With the native client installed (it lives in dist/), the command's fail-closed tail answers instead of bin/gatehouse.js.
      const native = existsSync(join(program, 'dist', 'native', 'gatehouse-hook'));
      const { ran, told, log } = await attempt(join(program, 'dist'), 'during-build.txt');
      expect(ran, log).toBe(false);
      expect(told, log).toMatch(native ? /Gatehouse's hook program did not run/ : /Gatehouse's hook program failed/);
    });

    it('with the whole program moved away (a moved or deleted clone), the command does not run and the agent hears why', async () => {
      const { ran, told, log } = await attempt(program, 'moved-clone.txt');
      expect(ran, log).toBe(false);
      expect(told, log).toMatch(/Gatehouse's hook program did not run/);
    });
  });
}
