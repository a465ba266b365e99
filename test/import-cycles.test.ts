// No import cycles (STYLE: one concept a file, no cycles): a cycle makes load order matter and ties concepts together.
// scripts/import-cycles.mjs reads every relative import of the sources; this fails on any cycle it finds.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

interface ImportCycles {
  findImportCycles(root: string, dirs: string[]): Array<{ cycle: string[]; files: string[] }>;
}

const ROOT = path.resolve(import.meta.dirname, '..');
const checker = (): Promise<ImportCycles> => import(path.join(ROOT, 'scripts', 'import-cycles.mjs')) as Promise<ImportCycles>;

describe('scripts/import-cycles.mjs', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'gh-cycles-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };

  it('finds a cycle through any form of import, a type-only or a lazy one too, and names its files', async () => {
    write('src/a.ts', "import { b } from './b.js';\nexport const a = b;\n");
    write('src/b.ts', "import type { C } from './sub/c.js';\nexport const b = 1; export type B = C;\n");
    write('src/sub/c.ts', "export type C = number;\nexport const load = () => import('../a.js');\n");
    write('src/d.tsx', "export { a } from './a.js';\n");
    write('src/e.ts', "import { x } from './sub/index.js';\nexport const e = x;\n");
    write('src/sub/index.ts', "export * from '../e.js';\nexport const x = 1;\n");
    write('src/f.ts', "// import { g } from './g.js' in a comment is not an import\nexport const f = './f.js';\n");
    const cycles = (await checker()).findImportCycles(dir, ['src']);
    expect(cycles.map((c) => c.files)).toEqual(
      expect.arrayContaining([
        ['src/a.ts', 'src/b.ts', 'src/sub/c.ts'],
        ['src/e.ts', 'src/sub/index.ts'],
      ]),
    );
    expect(cycles).toHaveLength(2);
    expect(cycles.find((c) => c.files[0] === 'src/a.ts')?.cycle).toEqual(['src/a.ts', 'src/b.ts', 'src/sub/c.ts', 'src/a.ts']);
  });

  it('finds none where the imports only point one way', async () => {
    const clean = mkdtempSync(path.join(dir, 'clean-'));
    writeFileSync(path.join(clean, 'a.ts'), "import { b } from './b.js';\nexport const a = b;\n");
    writeFileSync(path.join(clean, 'b.ts'), "import { readFileSync } from 'node:fs';\nexport const b = readFileSync;\n");
    expect((await checker()).findImportCycles(clean, ['.'])).toEqual([]);
  });
});

describe('the sources', () => {
  it('main, common, renderer, preload and bench have no import cycle', async () => {
    const cycles = (await checker()).findImportCycles(ROOT, ['main', 'common', 'renderer', 'preload', 'bench']);
    expect(cycles.map((c) => c.cycle.join(' → '))).toEqual([]);
  });
});
