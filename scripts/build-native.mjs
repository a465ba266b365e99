// The native hook client (native/hook, C99 + POSIX, libc only): built into dist/native/gatehouse-hook with the C
// compiler that builds better-sqlite3 ($CC, else cc), when there is one. Without one the build says so and every hook
// keeps running on Node (`gatehouse install` writes the native command only when the binary exists). Linked statically
// where the toolchain can (no dynamic loader to start on every tool call: about a millisecond of each run), else
// dynamically: a missing static libc never fails the build.
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/** Where the binary goes, inside dist/. */
export const NATIVE_HOOK = join('native', 'gatehouse-hook');

/** The C compiler's path ($CC, else cc, looked up on PATH like a shell would), or null when there is none. */
export function findCompiler(env = process.env) {
  const name = env.CC?.trim() || 'cc';
  const candidates = isAbsolute(name) ? [name] : (env.PATH ?? '').split(delimiter).filter(Boolean).map((d) => join(d, name));
  for (const c of candidates) {
    try {
      accessSync(c, constants.X_OK);
      return c;
    } catch {
      // not here
    }
  }
  return null;
}

/** Compiles the native hook into `dist`; says why not when it cannot. Swapped in with one rename: a hook running now keeps working. */
export function buildNativeHook(dist, source = join('native', 'hook')) {
  const cc = process.platform === 'win32' ? null : findCompiler();
  if (cc === null) {
    console.log('gatehouse build: no C compiler (cc) found: the native hook is not built, and hooks run on Node');
    return;
  }
  const files = readdirSync(source).filter((f) => f.endsWith('.c')).sort().map((f) => join(source, f));
  const out = join(dist, NATIVE_HOOK);
  mkdirSync(join(dist, 'native'), { recursive: true });
  const args = ['-std=c99', '-D_POSIX_C_SOURCE=200809L', '-O2', '-Wall', '-Wextra', '-o', `${out}.next`, ...files];
  try {
    const linked = spawnSync(cc, [...args, '-static'], { stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
    if (linked.status === 0) process.stderr.write(linked.stderr); // the compiler's warnings
    else {
      rmSync(`${out}.next`, { force: true });
      console.log(`gatehouse build: ${cc} cannot link the native hook statically here: linked dynamically`);
      execFileSync(cc, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    }
    renameSync(`${out}.next`, out);
  } catch (err) {
    rmSync(`${out}.next`, { force: true });
    console.log(`gatehouse build: the native hook did not compile with ${cc} (${err.message.split('\n')[0]}): hooks run on Node`);
    if (existsSync(out)) rmSync(out); // not a binary from older sources
  }
}
