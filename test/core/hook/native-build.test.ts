// scripts/build-native.mjs links the native hook statically where the toolchain can (no dynamic loader to start on
// every tool call), and dynamically where it cannot: the build never fails for want of a static libc.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../server/helpers.js';
import { ROOT } from '../cli/run-cli.js';

const cc = (() => {
  try {
    return execFileSync('sh', ['-c', 'command -v "${CC:-cc}"'], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
})();
const RUNNABLE = cc !== '' && process.platform === 'linux';
if (!RUNNABLE) console.warn('native build tests skipped: no C compiler, or not Linux');

/** Whether cc links a static program here at all (a toolchain without a static libc cannot). */
function staticWorks(dir: string): boolean {
  writeFileSync(join(dir, 'probe.c'), 'int main(void) { return 0; }\n');
  try {
    execFileSync(cc, ['-static', '-o', join(dir, 'probe'), join(dir, 'probe.c')], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Whether an ELF64 little-endian program asks for a dynamic loader (has a PT_INTERP program header). */
function hasInterpreter(file: string): boolean {
  const elf = readFileSync(file);
  expect(elf.subarray(0, 4).toString('latin1')).toBe('\x7fELF');
  const phoff = Number(elf.readBigUInt64LE(0x20));
  const size = elf.readUInt16LE(0x36);
  const count = elf.readUInt16LE(0x38);
  for (let i = 0; i < count; i++) if (elf.readUInt32LE(phoff + i * size) === 3) return true;
  return false;
}

/** Runs buildNativeHook into dist with env beside ours; what it printed. */
function build(dist: string, env: NodeJS.ProcessEnv = {}): string {
  const script = `import(${JSON.stringify(join(ROOT, 'scripts', 'build-native.mjs'))}).then((m) => m.buildNativeHook(${JSON.stringify(dist)}, ${JSON.stringify(join(ROOT, 'native', 'hook'))}))`;
  return execFileSync(process.execPath, ['-e', script], { env: { ...process.env, ...env }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe.runIf(RUNNABLE && process.arch === 'x64')('the native hook build', () => {
  it('links statically where cc -static works', () => {
    const dir = tempDir('gatehouse-native-build-');
    dirs.push(dir);
    if (!staticWorks(dir)) {
      console.warn('cc -static does not link here: only the dynamic fallback is tested');
      return;
    }
    build(dir);
    expect(hasInterpreter(join(dir, 'native', 'gatehouse-hook'))).toBe(false);
  });

  it('links dynamically, and says so, where the compiler refuses -static', () => {
    const dir = tempDir('gatehouse-native-build-');
    dirs.push(dir);
    const refusing = join(dir, 'cc-no-static');
    writeFileSync(refusing, `#!/bin/sh\nfor a in "$@"; do [ "$a" = -static ] && { echo 'no static libc' >&2; exit 1; }; done\nexec ${JSON.stringify(cc)} "$@"\n`, { mode: 0o755 });
    const printed = build(dir, { CC: refusing });
    expect(printed).toMatch(/cannot link the native hook statically here: linked dynamically/);
    const out = join(dir, 'native', 'gatehouse-hook');
    expect(existsSync(out)).toBe(true);
    expect(hasInterpreter(out)).toBe(true);
    expect(existsSync(`${out}.next`)).toBe(false);
  });
});
