// Spawns the real compiled CLI (`node bin/gatehouse.js …`), as Claude Code and users do.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Repository root (tests run from it). */
export const ROOT = process.cwd();
/** The CLI entry every test spawns. */
export const BIN = join(ROOT, 'bin', 'gatehouse.js');
/** Whether the compiled CLI exists (`npm run build`); tests that need it skip with a message otherwise. */
export const BUILT = existsSync(join(ROOT, 'dist', 'main', 'core', 'cli', 'main.js'));
if (!BUILT) console.warn('dist/main/core/cli/main.js is missing: run `npm run build` to run the CLI tests');

/** Result of one CLI run. */
export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs `node [nodeArgs] bin/gatehouse.js args` (or another copy's bin) with stdin, to completion. */
export function runCli(args: string[], opts: { stdin?: string; env?: NodeJS.ProcessEnv; nodeArgs?: string[]; bin?: string } = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), opts.bin ?? BIN, ...args], { env: { ...process.env, ...opts.env }, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
    child.stdin.end(opts.stdin ?? '');
  });
}
