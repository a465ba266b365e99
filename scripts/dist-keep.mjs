// The installed hook runs `bin/gatehouse.js`, which loads dist/hook.cjs before every tool call of every agent; a
// build that deleted dist/ for its ~30 s left every agent with a hook that could not start. So a build clears dist/
// around the files the hook needs, and build.mjs replaces each with its new build in one rename: never a moment
// without it.
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Files under dist/ the installed hook needs (all of them: hook.cjs holds Node built-ins and the thin client only;
 * native/ holds the native hook client, which build-native.mjs also swaps in with one rename).
 */
export const HOOK_FILES = ['hook.cjs', 'native'];

/** Removes everything in `dist` but the `keep` files (for a clean build: stale outputs must not survive). */
export function clearDistKeeping(dist, keep = HOOK_FILES) {
  mkdirSync(dist, { recursive: true });
  for (const name of readdirSync(dist)) {
    if (!keep.includes(name)) rmSync(join(dist, name), { recursive: true, force: true });
  }
}
