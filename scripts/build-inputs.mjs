// `npm run serve`, `npm start` and `npm test` build first; a build costs ~30 s and clears dist/, so one whose inputs
// are byte-for-byte those of the last successful build is skipped. The fingerprint is of contents, not times: a
// checkout that restores an old file with a new time rebuilds, an edit undone does not.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findCompiler } from './build-native.mjs';

/** Folders whose files the build reads (tsc's three projects, esbuild's entries, vite's root). */
const INPUT_DIRS = ['main', 'renderer', 'preload', 'common', 'bench', 'test', 'bin', 'native'];
/** Files at the top that change what the build makes. */
const INPUT_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.base.json', 'tsconfig.node.json', 'tsconfig.web.json', 'tsconfig.test.json', 'vite.config.ts', 'scripts/build.mjs', 'scripts/dist-keep.mjs', 'scripts/build-inputs.mjs', 'scripts/build-native.mjs'];
/** Where the fingerprint of the last successful build is kept (inside dist/, so a clean or a clone has none). */
const STAMP = join('dist', '.build-inputs');

/** Every regular file under `root/dir`, paths relative to root, sorted (symlinks are not build inputs here). */
function filesUnder(root, dir) {
  const out = [];
  const walk = (rel) => {
    for (const e of readdirSync(join(root, rel), { withFileTypes: true })) {
      const p = join(rel, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) out.push(p);
    }
  };
  if (existsSync(join(root, dir))) walk(dir);
  return out.sort();
}

/** The fingerprint of everything the build reads, and the one setting that changes its output. */
export function inputsFingerprint(root = '.') {
  const h = createHash('sha256');
  // A C compiler found or lost changes whether dist/ has the native hook.
  h.update(`node ${process.version}\0skip-renderer ${process.env.GATEHOUSE_SKIP_RENDERER ? 1 : 0}\0cc ${findCompiler() ?? ''}\0`);
  for (const file of [...INPUT_FILES, ...INPUT_DIRS.flatMap((d) => filesUnder(root, d))]) {
    const p = join(root, file);
    h.update(file).update('\0');
    h.update(existsSync(p) ? readFileSync(p) : '(none)').update('\0');
  }
  return h.digest('hex');
}

/** True when dist/ was built from exactly these inputs and still has what every entry point loads. */
export function buildIsCurrent(fingerprint, root = '.') {
  const whole = ['dist/hook.cjs', 'dist/main/core/cli/main.js'].every((f) => existsSync(join(root, f)));
  return whole && existsSync(join(root, STAMP)) && readFileSync(join(root, STAMP), 'utf8') === fingerprint;
}

/** Records a successful build's fingerprint (written last: a build that failed halfway is never current). */
export function recordBuild(fingerprint, root = '.') {
  writeFileSync(join(root, STAMP), fingerprint);
}
