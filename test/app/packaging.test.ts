// Packaging config and the after-pack hardening, checked offline: electron-builder's own loader and schema
// validate electron-builder.yml, and the afterPack hook flips the fuses of a stand-in Electron binary.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { getCurrentFuseWire, FuseV1Options } from '@electron/fuses';
import { afterAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(import.meta.dirname, '../..');

interface BuilderConfig {
  appId?: string;
  productName?: string;
  files?: unknown[];
  extraResources?: Array<{ from: string; to: string }>;
  asar?: boolean;
  asarUnpack?: string[];
  npmRebuild?: boolean;
  afterPack?: string;
  linux?: { target?: string[]; icon?: string };
  mac?: { target?: string[]; category?: string; hardenedRuntime?: boolean; icon?: string; extendInfo?: Record<string, unknown> };
  win?: { target?: string[]; icon?: string };
}
const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
  getConfig(projectDir: string, configPath: string, configFromOptions: null): Promise<BuilderConfig>;
  validateConfiguration(config: BuilderConfig, logger: unknown): Promise<void>;
};
const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };

interface PackContext {
  appOutDir: string;
  electronPlatformName: string;
  arch: number;
  packager: { appInfo: { productFilename: string }; executableName: string };
}
const afterPack = require('../../scripts/after-pack.cjs') as ((context: PackContext) => Promise<void>) & {
  FUSES: Record<string, boolean>;
  electronBinaryFor(context: PackContext): string;
};

describe('electron-builder.yml', () => {
  it('passes electron-builder 26 schema validation', async () => {
    const config = await getConfig(ROOT, path.join(ROOT, 'electron-builder.yml'), null);
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('a typo would fail that validation (the check has teeth)', async () => {
    const config = await getConfig(ROOT, path.join(ROOT, 'electron-builder.yml'), null);
    await expect(validateConfiguration({ ...config, asarUnpak: ['**/*.node'] } as BuilderConfig, new DebugLogger(false))).rejects.toThrow(/asarUnpak/);
  });

  it('keeps the security-relevant settings', async () => {
    const c = await getConfig(ROOT, path.join(ROOT, 'electron-builder.yml'), null);
    expect(c.appId).toBe('dev.gatehouse.app');
    expect(c.productName).toBe('Gatehouse');
    expect(c.afterPack).toBe('scripts/after-pack.cjs');
    expect(existsSync(path.join(ROOT, c.afterPack ?? ''))).toBe(true);
    expect(c.asar).toBe(true);
    expect(c.asarUnpack).toEqual(expect.arrayContaining(['**/*.node', '**/*.wasm']));
    expect(c.npmRebuild).toBe(true);
    // electron-builder normalises `files` into file sets: [{ filter: [...] }].
    const patterns = (c.files ?? []).flatMap((set) => (set as { filter?: string[] }).filter ?? []);
    expect(patterns).toEqual(expect.arrayContaining(['dist/**/*', 'package.json', 'bin/**/*', '!dist/bench/**', '!dist/test/**']));
    expect(c.extraResources).toEqual([expect.objectContaining({ from: 'resources/tray', to: 'tray' })]);
    expect(c.linux?.target).toEqual(['AppImage', 'deb']);
    expect(c.mac?.target).toEqual(['dmg']);
    expect(c.mac?.category).toBe('public.app-category.developer-tools');
    expect(c.mac?.hardenedRuntime).toBe(true);
    expect(c.mac?.extendInfo?.LSUIElement).toBe(true);
    expect(c.win?.target).toEqual(['nsis']);
    for (const icon of [c.linux?.icon, c.mac?.icon, c.win?.icon]) expect(existsSync(path.join(ROOT, icon ?? 'missing'))).toBe(true);
  });
});

/** A stand-in Electron binary: random bytes around the fuse sentinel and a wire with Electron's defaults. */
function fakeElectron(file: string): void {
  // RunAsNode, CookieEncryption, NodeOptions, NodeCliInspect, AsarIntegrity, OnlyLoadAppFromAsar, V8Snapshot, GrantFileProtocol, WasmTrap
  const defaults = '101100011';
  writeFileSync(
    file,
    Buffer.concat([randomBytes(4096), Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'), Buffer.from([1, defaults.length]), Buffer.from(defaults), randomBytes(4096)]),
  );
}

describe('after-pack fuses', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gatehouse-fuses-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const context = (platform: string): PackContext => ({
    appOutDir: dir,
    electronPlatformName: platform,
    arch: 1,
    packager: { appInfo: { productFilename: 'Gatehouse' }, executableName: 'gatehouse' },
  });

  it('finds the packed executable per platform', () => {
    expect(afterPack.electronBinaryFor(context('linux'))).toBe(path.join(dir, 'gatehouse'));
    expect(afterPack.electronBinaryFor(context('win32'))).toBe(path.join(dir, 'Gatehouse.exe'));
    expect(afterPack.electronBinaryFor(context('darwin'))).toBe(path.join(dir, 'Gatehouse.app'));
  });

  it('flips run-as-node, NODE_OPTIONS and --inspect off, and asar-only + integrity + cookie encryption on', async () => {
    const binary = path.join(dir, 'gatehouse');
    fakeElectron(binary);
    const before = readFileSync(binary);
    await afterPack(context('linux'));
    const wire = (await getCurrentFuseWire(binary)) as unknown as Record<number, number>;
    const on = 49;
    const off = 48;
    expect(wire[FuseV1Options.RunAsNode]).toBe(off);
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(off);
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(off);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(on);
    expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(on);
    expect(wire[FuseV1Options.EnableCookieEncryption]).toBe(on);
    expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(off);
    // Only the wire changed: the rest of the binary is byte for byte the same.
    const after = readFileSync(binary);
    expect(after.length).toBe(before.length);
    expect(after.subarray(0, 4096).equals(before.subarray(0, 4096))).toBe(true);
  });

  it('fails loudly on a binary without fuses rather than shipping unhardened', async () => {
    writeFileSync(path.join(dir, 'gatehouse'), randomBytes(1024));
    await expect(afterPack(context('linux'))).rejects.toThrow(/sentinel/);
  });
});
