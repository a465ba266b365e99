// A build (`npm run build`, and so `serve`, `start`, `npm test`) clears dist/ but never the files the installed hook
// loads: an agent's tool call during a build still gets Gatehouse's answer, not a hook that cannot start.
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../core/server/helpers.js';
import { BUILT, ROOT, runCli } from '../core/cli/run-cli.js';

interface DistKeep {
  HOOK_FILES: string[];
  clearDistKeeping(dist: string, keep?: string[]): void;
}
const distKeep = (): Promise<DistKeep> => import(join(ROOT, 'scripts', 'dist-keep.mjs')) as Promise<DistKeep>;

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe.skipIf(!BUILT)('scripts/dist-keep.mjs', () => {
  it('keeps every dist/ file bin/gatehouse.js loads for a hook', async () => {
    const { HOOK_FILES } = await distKeep();
    const loaded = [...readFileSync(join(ROOT, 'bin', 'gatehouse.js'), 'utf8').matchAll(/require\('\.\.\/dist\/([^']+)'\)/g)].map((m) => m[1]);
    expect(loaded.length).toBeGreaterThan(0);
    for (const file of loaded) expect(HOOK_FILES).toContain(file);
  });

  it('clears stale outputs while the hook keeps answering in the agent\'s terms', async () => {
    const { clearDistKeeping } = await distKeep();
    const program = tempDir('gatehouse-program-');
    dirs.push(program);
    mkdirSync(join(program, 'bin'));
    for (const f of ['gatehouse.js', 'package.json']) copyFileSync(join(ROOT, 'bin', f), join(program, 'bin', f));
    mkdirSync(join(program, 'dist', 'main', 'core'), { recursive: true });
    copyFileSync(join(ROOT, 'dist', 'hook.cjs'), join(program, 'dist', 'hook.cjs'));
    writeFileSync(join(program, 'dist', 'main', 'core', 'deleted-source.js'), 'stale');
    writeFileSync(join(program, 'dist', '.tsbuildinfo'), 'stale');

    clearDistKeeping(join(program, 'dist'));

    expect(existsSync(join(program, 'dist', 'main'))).toBe(false);
    expect(existsSync(join(program, 'dist', '.tsbuildinfo'))).toBe(false);
    const event = JSON.stringify({ hook_event_name: 'BeforeTool', session_id: 's', cwd: '/tmp', tool_name: 'run_shell_command', tool_input: { command: 'ls' } });
    const r = await runCli(['hook', 'gemini'], { stdin: event, env: { GATEHOUSE_HOME: join(program, 'home') }, bin: join(program, 'bin', 'gatehouse.js') });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).decision).toBe('deny');
    expect(r.stderr).toMatch(/Gatehouse is not running/);
  });
});
