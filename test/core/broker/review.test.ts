// Review material for file changes: the file on disk against what the tool call would make of it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyEdit } from '../../../main/core/review/apply-edit.js';
import { fileChangeReview } from '../../../main/core/review/file-change.js';
import { languageFor } from '../../../main/core/review/language.js';
import { MAX_REVIEW_BYTES } from '../../../main/core/review/read-file.js';

const dir = mkdtempSync(join(tmpdir(), 'gatehouse-review-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

describe('applyEdit', () => {
  it.each([
    ['unique match', 'a b c', { old_string: 'b', new_string: 'B' }, { ok: true, text: 'a B c' }],
    ['replace_all', 'x x x', { old_string: 'x', new_string: 'y', replace_all: true }, { ok: true, text: 'y y y' }],
    ['dollar patterns stay literal', 'price', { old_string: 'price', new_string: "$& $' $1" }, { ok: true, text: "$& $' $1" }],
    ['not found', 'abc', { old_string: 'zzz', new_string: 'y' }, { ok: false }],
    ['not unique', 'x x', { old_string: 'x', new_string: 'y' }, { ok: false }],
    ['empty old_string', 'abc', { old_string: '', new_string: 'y' }, { ok: false }],
  ])('%s', (_n, text, edit, expected) => {
    expect(applyEdit(text, edit)).toMatchObject(expected);
  });
});

describe('fileChangeReview', () => {
  it('Write of a new file: create, empty original', async () => {
    const r = await fileChangeReview('Write', { file_path: join(dir, 'new.ts'), content: 'export {};\n' }, dir);
    expect(r).toMatchObject({ operation: 'create', original: '', proposed: 'export {};\n', language: 'typescript' });
    expect(r.problem).toBeUndefined();
  });

  it('Write over an existing file: overwrite, original from disk', async () => {
    const p = file('old.py', 'print(1)\n');
    expect(await fileChangeReview('Write', { file_path: p, content: 'print(2)\n' }, dir)).toMatchObject({
      operation: 'overwrite', original: 'print(1)\n', proposed: 'print(2)\n', language: 'python',
    });
  });

  it('Edit applies old_string → new_string to the current file', async () => {
    const p = file('app.ts', 'export const app = 1;\nexport const other = 1;\n');
    const r = await fileChangeReview('Edit', { file_path: p, old_string: 'app = 1', new_string: 'app = 42' }, dir);
    expect(r).toMatchObject({ operation: 'edit', original: 'export const app = 1;\nexport const other = 1;\n' });
    expect(r.proposed).toBe('export const app = 42;\nexport const other = 1;\n');
  });

  it('Edit with a relative path resolves against cwd', async () => {
    file('rel.md', '# a\n');
    const r = await fileChangeReview('Edit', { file_path: 'rel.md', old_string: '# a', new_string: '# b' }, dir);
    expect(r).toMatchObject({ path: join(dir, 'rel.md'), proposed: '# b\n', language: 'markdown' });
  });

  it('Edit whose old_string is missing or not unique reports a problem and shows the intent', async () => {
    const p = file('dup.txt', 'same same');
    const missing = await fileChangeReview('Edit', { file_path: p, old_string: 'nope', new_string: 'x' }, dir);
    expect(missing.problem).toMatch(/not found/);
    expect(missing).toMatchObject({ original: 'nope', proposed: 'x' });
    const dup = await fileChangeReview('Edit', { file_path: p, old_string: 'same', new_string: 'x' }, dir);
    expect(dup.problem).toMatch(/2 times/);
    const all = await fileChangeReview('Edit', { file_path: p, old_string: 'same', new_string: 'x', replace_all: true }, dir);
    expect(all).toMatchObject({ proposed: 'x x' });
    expect(all.problem).toBeUndefined();
  });

  it('Edit of a missing file is a problem unless it creates it with an empty old_string', async () => {
    const gone = join(dir, 'gone.txt');
    expect((await fileChangeReview('Edit', { file_path: gone, old_string: 'a', new_string: 'b' }, dir)).problem).toMatch(/does not exist/);
    expect(await fileChangeReview('Edit', { file_path: gone, old_string: '', new_string: 'hello' }, dir)).toMatchObject({ operation: 'create', proposed: 'hello' });
  });

  it('MultiEdit applies the edits in order and names the one that fails', async () => {
    const p = file('util.ts', 'export const util = 2;\n');
    const ok = await fileChangeReview('MultiEdit', {
      file_path: p,
      edits: [{ old_string: 'util = 2', new_string: 'util = 3' }, { old_string: 'util = 3', new_string: 'util = 4' }],
    }, dir);
    expect(ok).toMatchObject({ operation: 'multi-edit', proposed: 'export const util = 4;\n' });
    const bad = await fileChangeReview('MultiEdit', {
      file_path: p,
      edits: [{ old_string: 'util = 2', new_string: 'util = 3' }, { old_string: 'missing', new_string: 'x' }],
    }, dir);
    expect(bad.problem).toMatch(/edit 2 of 2/);
    expect(bad.proposed).toBe('export const util = 3;\n');
  });

  it('NotebookEdit shows the cell source against the new one', async () => {
    const nb = { cells: [{ id: 'cell-3', cell_type: 'code', source: ['print(', '0)'] }], metadata: { language_info: { name: 'python' } } };
    const p = file('analysis.ipynb', JSON.stringify(nb));
    expect(await fileChangeReview('NotebookEdit', { notebook_path: p, cell_id: 'cell-3', new_source: 'print(1)' }, dir)).toMatchObject({
      operation: 'notebook-edit', original: 'print(0)', proposed: 'print(1)', language: 'python',
    });
    expect((await fileChangeReview('NotebookEdit', { notebook_path: p, cell_id: 'nope', new_source: 'x' }, dir)).problem).toMatch(/not found/);
  });

  it('refuses to show huge files, binaries and directories', async () => {
    const big = file('big.txt', 'x'.repeat(MAX_REVIEW_BYTES + 1));
    expect((await fileChangeReview('Write', { file_path: big, content: 'y' }, dir)).problem).toMatch(/too large to show/);
    const bin = file('bin.dat', 'a\0b');
    expect((await fileChangeReview('Edit', { file_path: bin, old_string: 'a', new_string: 'b' }, dir)).problem).toMatch(/binary/);
    expect((await fileChangeReview('Write', { file_path: dir, content: 'y' }, dir)).problem).toMatch(/not a regular file/);
  });

  it('a missing or relative path without cwd is a problem, never a read', async () => {
    expect((await fileChangeReview('Write', { content: 'x' }, dir)).problem).toMatch(/no absolute file path/);
    expect((await fileChangeReview('Write', { file_path: 'x.txt', content: 'x' }, null)).problem).toMatch(/no absolute file path/);
  });
});

describe('languageFor', () => {
  it.each([
    ['/a/b.ts', 'typescript'], ['/a/B.PY', 'python'], ['/a/Dockerfile', 'dockerfile'], ['/a/x.unknown', 'plaintext'], ['/a/.bashrc', 'shell'],
  ])('%s → %s', (p, lang) => expect(languageFor(p)).toBe(lang));
});
