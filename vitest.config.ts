import { defineConfig } from 'vitest/config';

// Unit and integration tests run under plain Node: core, CLI, shell services with injected Electron objects.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**', 'dist/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
