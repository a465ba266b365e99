import { defineConfig } from 'vitest/config';

// The real-agent suite (npm run test:agents via scripts/test-agents.mjs): Claude Code, Gemini CLI and Codex from npm,
// each driven by a scripted model on 127.0.0.1 through Gatehouse's hooks. Slow and serial: real agent processes.
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/agents/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
