// The config-link probe on real folders: it skips what lies below a location it found missing (or a plain file), and
// still finds every link, including one the agent makes between two calls where nothing was before.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configLinks } from '../../../main/core/policy/workspace/config-links.js';
import { configLocations } from '../../../main/core/policy/guard/protected.js';
import { probeWorkspace, resolvePhysical } from '../../../main/core/policy/workspace/probe.js';

let root: string;
let ws: string;
let home: string;
let gatehouseHome: string;
beforeEach(() => {
  root = resolvePhysical(mkdtempSync(path.join(tmpdir(), 'gh-config-links-')));
  ws = path.join(root, 'ws');
  home = path.join(root, 'home');
  gatehouseHome = path.join(root, 'gh');
  for (const d of [ws, home, gatehouseHome, path.join(root, 'elsewhere')]) mkdirSync(d);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const links = async () => (await probeWorkspace(ws, home, gatehouseHome, [], { env: {} })).configLinks ?? [];

describe('configLinks', () => {
  it('finds a link the agent makes below a configuration folder that was missing at the previous call', async () => {
    expect(await links()).toEqual([]);
    mkdirSync(path.join(ws, '.codex'));
    writeFileSync(path.join(root, 'elsewhere', 'hooks.json'), '{}');
    symlinkSync(path.join(root, 'elsewhere', 'hooks.json'), path.join(ws, '.codex', 'hooks.json'));
    expect(await links()).toContainEqual({ at: path.join(ws, '.codex', 'hooks.json'), real: path.join(root, 'elsewhere', 'hooks.json') });
  });

  it('finds a configuration folder that is a link, and a dangling one where it points', async () => {
    symlinkSync(path.join(root, 'elsewhere'), path.join(ws, '.claude'));
    symlinkSync(path.join(root, 'nowhere'), path.join(home, '.gemini'));
    const found = await links();
    expect(found).toContainEqual({ at: path.join(ws, '.claude'), real: path.join(root, 'elsewhere') });
    expect(found).toContainEqual({ at: path.join(home, '.gemini'), real: path.join(root, 'nowhere') });
  });

  it('looks below a folder reached through a link, and nothing below a plain file or a missing folder', () => {
    mkdirSync(path.join(root, 'elsewhere', 'sub'));
    symlinkSync(path.join(root, 'elsewhere', 'sub'), path.join(ws, 'a'));
    const locations = [path.join(ws, 'a'), path.join(ws, 'a', 'b'), path.join(ws, 'file'), path.join(ws, 'file', 'x'), path.join(ws, 'gone'), path.join(ws, 'gone', 'x')];
    writeFileSync(path.join(ws, 'file'), '');
    symlinkSync(path.join(root, 'elsewhere'), path.join(root, 'elsewhere', 'sub', 'b'));
    expect(configLinks(locations, resolvePhysical)).toEqual([
      { at: path.join(ws, 'a'), real: path.join(root, 'elsewhere', 'sub') },
      { at: path.join(ws, 'a', 'b'), real: path.join(root, 'elsewhere') },
    ]);
  });

  it('gives the locations of the workspace asked about, not those of the previous one', () => {
    const state = (cwd: string) => ({ cwd, realCwd: cwd, home, realHome: home, gatehouseHome, paths: new Map() });
    expect(configLocations(state(ws))).toContain(path.join(ws, '.claude'));
    const other = path.join(root, 'other');
    expect(configLocations(state(other))).toContain(path.join(other, '.claude'));
    expect(configLocations(state(other))).not.toContain(path.join(ws, '.claude'));
  });
});
