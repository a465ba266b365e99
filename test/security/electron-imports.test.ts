// Layering (STYLE.md §2): only the Electron shell (main/app) and the preload may load electron or modules that
// load it at import time; the core, the common contract, the renderer, the CLI and the benchmarks run under plain
// Node or a browser, and their tests prove it only if nothing in them reaches for electron.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCANNED = ['main', 'common', 'preload', 'renderer', 'bench', 'bin'];
const ALLOWED = ['main/app/', 'preload/'];
/** Modules that are, or load, Electron when imported. */
const ELECTRON_MODULES = /^(electron(\/.*)?|electron-store|@electron\/remote(\/.*)?)$/;

/** Every module specifier a file imports: static, type-only, re-exports, dynamic import() and require(). */
function importedModules(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else if (/\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(e.name)) out.push(full);
    }
  };
  walk(dir);
  return out;
}

const files = SCANNED.flatMap((d) => sourceFiles(path.join(ROOT, d))).map((f) => path.relative(ROOT, f).split(path.sep).join('/'));
const electronImports = files.flatMap((file) =>
  importedModules(readFileSync(path.join(ROOT, file), 'utf8'))
    .filter((m) => ELECTRON_MODULES.test(m))
    .map((m) => ({ file, module: m })),
);

describe('who may import electron', () => {
  it('the scanner sees every form of import', () => {
    const sample = [
      "import { app } from 'electron';",
      "import type { BrowserWindow } from 'electron/main';",
      "export { ipcRenderer } from 'electron/renderer';",
      "const e = await import('electron');",
      'const r = require("electron");',
      "import Store from 'electron-store';",
      "// require('electron') in a comment is not an import",
      "const s = \"import('electron')\";",
    ].join('\n');
    expect(importedModules(sample).filter((m) => ELECTRON_MODULES.test(m))).toEqual([
      'electron',
      'electron/main',
      'electron/renderer',
      'electron',
      'electron',
      'electron-store',
    ]);
  });

  it('main/core, common, renderer, bench and the CLI never import electron', () => {
    const offenders = electronImports.filter(({ file }) => !ALLOWED.some((dir) => file.startsWith(dir)));
    expect(offenders).toEqual([]);
  });

  it('the shell and the preload do (the scan is looking at real files)', () => {
    const importers = new Set(electronImports.map(({ file }) => file));
    expect(importers.has('main/app/main.ts')).toBe(true);
    expect(importers.has('preload/preload.ts')).toBe(true);
    expect(files.some((f) => f.startsWith('main/core/'))).toBe(true);
  });
});
