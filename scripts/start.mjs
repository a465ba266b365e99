// `npm start`: launches the desktop app from this checkout.
// better-sqlite3 in node_modules is built for Node (tests, CLI, `npm run serve`); Electron needs a build for its
// own ABI. The first start compiles one in a temporary copy of the package and keeps it in
// .electron-native/<electron version>/, then passes its path to the app (GATEHOUSE_SQLITE_BINDING).
// The Node build is never touched, so `npm test` keeps working whatever happens here.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeRun } from './before-run.mjs';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const electronVersion = JSON.parse(readFileSync(path.join(root, 'node_modules/electron/package.json'), 'utf8')).version;
// Overridable for tests; the defaults are what a developer gets.
const nativeDir = process.env.GATEHOUSE_ELECTRON_NATIVE_DIR || path.join(root, '.electron-native');
const headersUrl = process.env.GATEHOUSE_ELECTRON_HEADERS_URL || 'https://electronjs.org/headers';
const binding = path.join(nativeDir, electronVersion, 'better_sqlite3.node');
const buildLog = path.join(nativeDir, `build-${electronVersion}.log`);

// Refuses before building when another Gatehouse holds the home; builds only when an input changed.
await beforeRun('start', root, process.argv.slice(2));

function fail(message) {
  console.error(`gatehouse start: ${message}`);
  process.exit(1);
}

function findNodeGyp() {
  // npm sets npm_config_node_gyp to its bundled node-gyp when it runs a script.
  if (process.env.npm_config_node_gyp && existsSync(process.env.npm_config_node_gyp)) return process.env.npm_config_node_gyp;
  try {
    return require.resolve('node-gyp/bin/node-gyp.js');
  } catch {
    return null;
  }
}

/** Compiles better-sqlite3 for this Electron in a temp copy of the package; returns null or the reason it failed. */
function buildBinding() {
  const nodeGyp = findNodeGyp();
  if (!nodeGyp) return 'node-gyp was not found (run this through `npm start`, which provides it)';
  const source = path.join(root, 'node_modules/better-sqlite3');
  const work = mkdtempSync(path.join(os.tmpdir(), 'gatehouse-sqlite-'));
  const pkg = path.join(work, 'better-sqlite3');
  try {
    // Everything but the Node build output: the copy compiles from scratch against Electron's headers.
    cpSync(source, pkg, { recursive: true, filter: (src) => path.relative(source, src).split(path.sep)[0] !== 'build' });
    const env = { ...process.env };
    // CI points npm_config_nodedir at Node's own headers; Electron's must be used here.
    delete env.npm_config_nodedir;
    delete env.NPM_CONFIG_NODEDIR;
    const args = [
      nodeGyp, 'rebuild', '--release', `--target=${electronVersion}`, `--arch=${process.arch}`,
      `--dist-url=${headersUrl}`, '--runtime=electron', `--devdir=${path.join(nativeDir, 'gyp')}`,
    ];
    // node-gyp's output goes to a log file: on failure the person reads our one clear message first, not a gyp dump.
    mkdirSync(nativeDir, { recursive: true });
    const log = openSync(buildLog, 'w');
    console.log(`gatehouse start: building better-sqlite3 for Electron ${electronVersion} (once; about 2 minutes; log: ${buildLog})…`);
    const result = spawnSync(process.execPath, args, { cwd: pkg, env, stdio: ['ignore', log, log] });
    closeSync(log);
    if (result.status !== 0) {
      return `node-gyp could not build it (exit ${result.status ?? result.signal}); it needs Electron's headers from ${headersUrl} and a C++ toolchain. The build log is in ${buildLog}`;
    }
    mkdirSync(path.dirname(binding), { recursive: true });
    const partial = `${binding}.${process.pid}.partial`;
    copyFileSync(path.join(pkg, 'build/Release/better_sqlite3.node'), partial);
    renameSync(partial, binding);
    return null;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The Electron executable; Electron ≥ 42 downloads it on first use unless downloads are switched off. */
function electronBinary() {
  const skip = Boolean(process.env.ELECTRON_SKIP_BINARY_DOWNLOAD);
  const pathFile = path.join(root, 'node_modules/electron/path.txt');
  if (skip && !process.env.ELECTRON_OVERRIDE_DIST_PATH && !existsSync(pathFile)) return null;
  try {
    const executable = require('electron');
    return typeof executable === 'string' && existsSync(executable) ? executable : null;
  } catch {
    return null;
  }
}

if (!existsSync(binding)) {
  const problem = buildBinding();
  if (problem) {
    fail(
      `could not build better-sqlite3 for Electron ${electronVersion}: ${problem}.\n` +
        'Nothing was changed: `npm test` and `npm run serve` (web UI) still work. Try again when online.',
    );
  }
}

const electron = electronBinary();
if (!electron) {
  fail(
    `the Electron ${electronVersion} binary is not installed and could not be downloaded ` +
      '(offline, or ELECTRON_SKIP_BINARY_DOWNLOAD is set). Run `npx install-electron` when online, ' +
      'or use `npm run serve` for the web UI.',
  );
}

const env = { ...process.env, GATEHOUSE_SQLITE_BINDING: binding };
// Would make Electron behave as plain Node and ignore the app.
delete env.ELECTRON_RUN_AS_NODE;
const child = spawn(electron, [root, ...process.argv.slice(2)], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
