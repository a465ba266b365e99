// `npm start` without an Electron binary or Electron headers (as on this machine): it fails with one clear
// message and exit code 1, and the Node build of better-sqlite3 that the tests use is left exactly as it was.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const NODE_BUILD = path.join(ROOT, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');
const ELECTRON_VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'node_modules/electron/package.json'), 'utf8')) as { version: string }).version;

const hash = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** A local port with nothing listening: downloads from it fail at once, online or not. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 1;
}

async function start(env: Record<string, string>): Promise<{ code: number; stderr: string; stdout: string }> {
  // Its own Gatehouse home: start.mjs first checks that no other instance holds the home it would use.
  const home = mkdtempSync(path.join(os.tmpdir(), 'gatehouse-start-home-'));
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['scripts/start.mjs'], { cwd: ROOT, env: { ...process.env, GATEHOUSE_HOME: home, ...env }, timeout: 120_000 });
    return { code: 0, stderr: '', stdout };
  } catch (err) {
    const e = err as { code?: number; stderr?: string; stdout?: string };
    return { code: e.code ?? -1, stderr: e.stderr ?? '', stdout: e.stdout ?? '' };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

describe('scripts/start.mjs', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gatehouse-start-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('cannot build the Electron SQLite module: clear message, exit 1, Node build untouched', async () => {
    const before = hash(NODE_BUILD);
    const nativeDir = path.join(dir, 'native-a');
    const result = await start({
      GATEHOUSE_ELECTRON_NATIVE_DIR: nativeDir,
      GATEHOUSE_ELECTRON_HEADERS_URL: `http://127.0.0.1:${await closedPort()}`,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`gatehouse start: could not build better-sqlite3 for Electron ${ELECTRON_VERSION}`);
    expect(result.stderr).toContain('`npm test` and `npm run serve` (web UI) still work');
    // The clear message is all a person sees: node-gyp's output went to the build log it names.
    expect(result.stderr.startsWith('gatehouse start: could not build')).toBe(true);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/gyp (ERR|info)/);
    const log = path.join(nativeDir, `build-${ELECTRON_VERSION}.log`);
    expect(result.stderr).toContain(log);
    expect(readFileSync(log, 'utf8')).toMatch(/gyp/);
    expect(hash(NODE_BUILD)).toBe(before);
    expect(readdirSync(nativeDir).filter((f) => f !== 'gyp' && !f.endsWith('.log'))).toEqual([]);
  });

  it('with the module built but no Electron binary: clear message, exit 1', async () => {
    const nativeDir = path.join(dir, 'native-b');
    mkdirSync(path.join(nativeDir, ELECTRON_VERSION), { recursive: true });
    writeFileSync(path.join(nativeDir, ELECTRON_VERSION, 'better_sqlite3.node'), 'stand-in');
    const result = await start({ GATEHOUSE_ELECTRON_NATIVE_DIR: nativeDir, ELECTRON_OVERRIDE_DIST_PATH: path.join(dir, 'no-electron-here') });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`gatehouse start: the Electron ${ELECTRON_VERSION} binary is not installed`);
  });
});
