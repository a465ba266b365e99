// The committed icons: every badge the tray can ask for exists at 1× and 2×, as a real PNG of the right size;
// macOS Template variants are monochrome (macOS tints them by their alpha only).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { trayIconName } from '../../main/app/tray-view.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TRAY = path.join(ROOT, 'resources/tray');

/** Decodes the PNGs make-icons.mjs writes (8-bit RGBA, filter 0): size and pixels. */
function readPng(file: string): { width: number; height: number; rgba: Buffer } {
  const buf = readFileSync(file);
  expect(buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  const width = buf.readUInt32BE(16);
  const height = buf.readUInt32BE(20);
  expect([buf[24], buf[25]]).toEqual([8, 6]);
  const idat: Buffer[] = [];
  for (let at = 8; at < buf.length; ) {
    const len = buf.readUInt32BE(at);
    if (buf.toString('ascii', at + 4, at + 8) === 'IDAT') idat.push(buf.subarray(at + 8, at + 8 + len));
    at += len + 12;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const rgba = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) raw.copy(rgba, y * width * 4, y * (width * 4 + 1) + 1, (y + 1) * (width * 4 + 1));
  return { width, height, rgba };
}

const names = new Set<string>();
for (const platform of ['linux', 'win32', 'darwin'] as const) for (let n = 0; n <= 12; n++) names.add(trayIconName(n, platform));

describe('tray icons', () => {
  it('cover 0, 1–9 and 9+ in colour and Template variants', () => {
    expect(names.size).toBe(22);
  });

  it.each([...names])('%s exists at 16 px and @2x 32 px', (name) => {
    for (const [suffix, size] of [['', 16], ['@2x', 32]] as const) {
      const file = path.join(TRAY, `${name}${suffix}.png`);
      expect(existsSync(file), file).toBe(true);
      const png = readPng(file);
      expect([png.width, png.height]).toEqual([size, size]);
    }
  });

  it('badges differ by count (the icon really changes)', () => {
    const one = readPng(path.join(TRAY, 'tray-1.png')).rgba;
    expect(one.equals(readPng(path.join(TRAY, 'tray-0.png')).rgba)).toBe(false);
    expect(one.equals(readPng(path.join(TRAY, 'tray-2.png')).rgba)).toBe(false);
  });

  it('Template variants are black with alpha only', () => {
    for (const name of [...names].filter((n) => n.endsWith('Template'))) {
      const { rgba } = readPng(path.join(TRAY, `${name}@2x.png`));
      for (let i = 0; i < rgba.length; i += 4) {
        if (rgba[i + 3] !== 0) expect(rgba[i]! + rgba[i + 1]! + rgba[i + 2]!, name).toBe(0);
      }
    }
  });

  it('the app icon is 512 px (enough for every installer)', () => {
    const png = readPng(path.join(ROOT, 'resources/icon.png'));
    expect([png.width, png.height]).toEqual([512, 512]);
  });
});
