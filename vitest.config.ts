import { defineConfig } from 'vitest/config';

// Unit and integration tests run under plain Node: core, CLI, shell services with injected Electron objects.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The real-agent suite runs on its own (npm run test:agents, called by .ci/run): real agent processes, slow.
    exclude: ['test/e2e/**', 'test/agents/**', 'node_modules/**', 'dist/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
