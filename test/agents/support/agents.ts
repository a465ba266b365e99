// The real agents: pinned versions installed from npm into a cache folder outside node_modules (scripts/test-agents.mjs
// installs them), and a runner that starts one headless with a timeout and collects its output.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where scripts/test-agents.mjs installs the agents. */
export const AGENTS_DIR = process.env.GATEHOUSE_AGENTS_DIR || join(homedir(), '.cache', 'gatehouse-agents', 'v1');

/** The pinned agent versions this suite was written against. */
export const PINNED = {
  claude: '@anthropic-ai/claude-code@2.1.331',
  gemini: '@google/gemini-cli@0.61.0',
  codex: '@openai/codex@0.169.0',
  copilot: '@github/copilot@1.0.102',
  opencode: 'opencode-ai@1.18.33',
  qwen: '@qwen-code/qwen-code@0.24.4',
  cline: 'cline@3.0.65',
  'claude-code-acp': '@zed-industries/claude-code-acp@0.16.2',
} as const;

/** The agent's executable, or null when it is not installed. */
export function agentBin(name: keyof typeof PINNED): string | null {
  const bin = join(AGENTS_DIR, 'node_modules', '.bin', name);
  return existsSync(bin) ? bin : null;
}

/** One agent run. */
export interface AgentRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs an agent to completion (killed after `timeoutMs`), stdin closed. */
export function runAgent(bin: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number }): Promise<AgentRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 90_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A PATH and environment with nothing of the outer machine's agent configs. */
export function cleanEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, LANG: 'C.UTF-8', TERM: 'dumb', NO_COLOR: '1' };
  return { ...env, ...extra };
}
