// Hook commands written from the desktop app need a real Node.js: the first executable `node` on an absolute PATH entry.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findNodeOnPath } from '../../../main/core/agents/node-path.js';

const root = mkdtempSync(join(tmpdir(), 'gatehouse-node-path-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const dir = (name: string, node?: { mode: number } | 'folder') => {
  const d = join(root, name);
  mkdirSync(d, { recursive: true });
  if (node === 'folder') mkdirSync(join(d, 'node'));
  else if (node) {
    writeFileSync(join(d, 'node'), '#!/bin/sh\n');
    chmodSync(join(d, 'node'), node.mode);
  }
  return d;
};

describe.skipIf(process.platform === 'win32')('findNodeOnPath', () => {
  const plain = dir('plain', { mode: 0o644 });
  const folder = dir('folder', 'folder');
  const good = dir('good', { mode: 0o755 });
  const later = dir('later', { mode: 0o755 });
  it.each([
    ['the first executable one', [plain, folder, good, later], join(good, 'node')],
    ['none when nothing is executable', [plain, folder], null],
    ['never a relative entry (it would depend on the agent\'s cwd)', ['.', 'bin', later], join(later, 'node')],
    ['none on an empty PATH', [], null],
  ])('%s', (_, entries, expected) => {
    expect(findNodeOnPath({ PATH: entries.join(':') })).toBe(expected);
  });
});
