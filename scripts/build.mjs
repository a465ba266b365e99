// Builds everything `npm start`, `npm run serve`, the CLI and the tests need:
// typecheck + emit of the Node-side code (tsc), the sandboxed preload as one CommonJS file (esbuild),
// and the renderer bundle (vite).
import { execFileSync } from 'node:child_process';
import { existsSync, renameSync } from 'node:fs';
import { build as esbuild } from 'esbuild';
import { buildIsCurrent, inputsFingerprint, recordBuild } from './build-inputs.mjs';
import { buildNativeHook } from './build-native.mjs';
import { clearDistKeeping } from './dist-keep.mjs';

const run = (cmd, args) => execFileSync(cmd, args, { stdio: 'inherit' });

// Nothing changed since the last successful build: keep it (`--force` rebuilds anyway).
const fingerprint = inputsFingerprint();
if (!process.argv.includes('--force') && buildIsCurrent(fingerprint)) {
  console.log('gatehouse build: dist/ is current (no input changed since the last build); `npm run build -- --force` rebuilds');
  process.exit(0);
}

console.log('gatehouse build: building dist/ (an input changed since the last build)…');

// Otherwise a clean build: stale outputs of deleted sources (or a tsbuildinfo that outlived its outputs) must not
// survive. Except the hook's own file, which every agent's hook loads during the build too (dist-keep.mjs): it is
// built first and swapped in.
clearDistKeeping('dist');
// `gatehouse hook` runs before every tool call: one CommonJS file starts faster than its ES modules one by one
// (bin/gatehouse.js loads it). It holds Node built-ins and the thin hook client only, minified: node compiles the
// file on every run, and 40% fewer bytes cost ~0.1 ms less each time.
await esbuild({
  entryPoints: ['main/core/cli/hook.ts'],
  outfile: 'dist/hook.cjs.next',
  bundle: true,
  minify: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  logLevel: 'warning',
});
renameSync('dist/hook.cjs.next', 'dist/hook.cjs'); // one rename: the old file until the new one is whole
// The native hook client, which installs write when it exists (native/hook).
buildNativeHook('dist');
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
if (existsSync('renderer/index.html') && !process.env.GATEHOUSE_SKIP_RENDERER) {
  run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
}
recordBuild(fingerprint);
