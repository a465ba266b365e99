// `npm run test:agents`: the real-agent suite. Installs the pinned agents (Claude Code, Gemini CLI, Codex, Copilot CLI,
// OpenCode, Qwen Code, Cline, the Claude Code ACP adapter) from npm into a
// cache folder outside node_modules when missing (never into package.json), then runs test/agents with vitest.
// Prints one skip line and exits 0 only when the agents cannot be installed here (no registry access).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const PINNED = [
  '@anthropic-ai/claude-code@2.1.331',
  '@google/gemini-cli@0.61.0',
  '@openai/codex@0.169.0',
  '@github/copilot@1.0.102',
  'opencode-ai@1.18.33',
  '@qwen-code/qwen-code@0.24.4',
  'cline@3.0.65',
  '@zed-industries/claude-code-acp@0.16.2',
];
const dir = process.env.GATEHOUSE_AGENTS_DIR || join(homedir(), '.cache', 'gatehouse-agents', 'v1');
const bins = ['claude', 'gemini', 'codex', 'copilot', 'opencode', 'qwen', 'cline', 'claude-code-acp'].map((b) => join(dir, 'node_modules', '.bin', b));

if (!bins.every((b) => existsSync(b))) {
  mkdirSync(dir, { recursive: true });
  console.log(`installing ${PINNED.join(' ')} into ${dir}`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['install', '--prefix', dir, '--no-audit', '--no-fund', ...PINNED], { stdio: 'inherit' });
  if (r.status !== 0 || !bins.every((b) => existsSync(b))) {
    console.log(`SKIP real-agent suite: the agents could not be installed from npm into ${dir} (npm exit ${r.status})`);
    process.exit(0);
  }
}
if (!existsSync(join('dist', 'main', 'core', 'cli', 'main.js'))) execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
const run = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--config', 'test/agents/vitest.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, GATEHOUSE_AGENTS_DIR: dir },
});
process.exit(run.status ?? 1);
