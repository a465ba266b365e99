// Builds everything `npm start`, `npm run serve`, the CLI and the tests need:
// typecheck + emit of the Node-side code (tsc), the sandboxed preload as one CommonJS file (esbuild),
// and the renderer bundle (vite).
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { build as esbuild } from 'esbuild';

const run = (cmd, args) => execFileSync(cmd, args, { stdio: 'inherit' });

// A clean build every time: stale outputs of deleted sources (or a tsbuildinfo that outlived its outputs) must not survive.
rmSync('dist', { recursive: true, force: true });
run(process.execPath, ['node_modules/typescript/bin/tsc', '-b', 'tsconfig.json']);
if (existsSync('preload/preload.ts')) {
  // Sandboxed preloads cannot be ES modules: bundle it to a single CommonJS file.
  await esbuild({
    entryPoints: ['preload/preload.ts'],
    outfile: 'dist/preload/preload.cjs',
    bundle: true,
    platform: 'node',
    format: 'cjs',
    external: ['electron'],
    logLevel: 'warning',
  });
}
// `gatehouse hook` runs before every tool call: one CommonJS file starts faster than its ES modules one by one
// (bin/gatehouse.js loads it). It holds Node built-ins and the thin hook client only, minified: node compiles the
// file on every run, and 40% fewer bytes cost ~0.1 ms less each time.
await esbuild({
  entryPoints: ['main/core/cli/hook.ts'],
  outfile: 'dist/hook.cjs',
  bundle: true,
  minify: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  logLevel: 'warning',
});
if (existsSync('renderer/index.html') && !process.env.GATEHOUSE_SKIP_RENDERER) {
  run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
}
