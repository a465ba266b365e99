// Generates Gatehouse's PNG icons with Node alone (zlib): the tray icon for 0, 1–9 and 9+ pending requests
// (16 px and @2x 32 px, colour and macOS monochrome Template variants) and the 512 px app icon.
// Run `node scripts/make-icons.mjs`; the PNGs are committed in resources/.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'resources');
const trayOut = path.join(out, 'tray');

// --- PNG encoding (RGBA, 8 bit) ---------------------------------------------------------------------------
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};
function encodePng(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// --- Shapes on a 16×16 design grid, rendered with 4×4 supersampling ---------------------------------------
const inPolygon = (pts, x, y) => {
  let inside = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i];
    const [xj, yj] = pts[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
};
const SHIELD = [[2, 1.5], [14, 1.5], [14, 8], [12.6, 11.6], [8, 15], [3.4, 11.6], [2, 8]];
const inDoor = (x, y) => (x >= 6 && x <= 10 && y >= 7.5 && y <= 12.5) || Math.hypot(x - 8, y - 7.5) <= 2;
const inCircle = (cx, cy, r) => (x, y) => Math.hypot(x - cx, y - cy) <= r;
const inPill = (x0, x1, cy, r) => (x, y) => Math.hypot(x - Math.min(Math.max(x, x0), x1), y - cy) <= r;

// 3×5 digits for the badge.
const FONT = {
  1: ['010', '110', '010', '010', '111'], 2: ['111', '001', '111', '100', '111'], 3: ['111', '001', '111', '001', '111'],
  4: ['101', '101', '111', '001', '001'], 5: ['111', '100', '111', '001', '111'], 6: ['111', '100', '111', '101', '111'],
  7: ['111', '001', '010', '010', '010'], 8: ['111', '101', '111', '101', '111'], 9: ['111', '101', '111', '001', '111'],
  '+': ['000', '010', '111', '010', '000'],
};
const inText = (text, left, top) => (x, y) => {
  const col = Math.floor(x - left);
  const row = Math.floor(y - top);
  if (row < 0 || row > 4 || col < 0) return false;
  const glyph = FONT[text[Math.floor(col / 4)]];
  return Boolean(glyph && col % 4 < 3 && glyph[row][col % 4] === '1');
};

/** The badge for a pending count: shape, the ring cut out of the glyph around it, and its text. */
function badge(label) {
  if (!label) return null;
  const wide = label.length > 1;
  const shape = wide ? inPill(9.5, 12.5, 11.5, 4) : inCircle(12, 11.5, 4);
  const ring = wide ? inPill(9.5, 12.5, 11.5, 5) : inCircle(12, 11.5, 5);
  const text = wide ? inText(label, 7.5, 9) : inText(label, 10.5, 9);
  return { shape, ring, text };
}

const TEAL = [31, 157, 139];
const WHITE = [255, 255, 255];
const RED = [229, 72, 77];
const BLACK = [0, 0, 0];

/** Colour at a design-grid point: [r, g, b, a] or null for transparent. */
function trayPaint(x, y, b, template) {
  if (b && b.shape(x, y)) {
    if (b.text(x, y)) return template ? null : WHITE;
    return template ? BLACK : RED;
  }
  if (b && b.ring(x, y)) return null;
  if (inPolygon(SHIELD, x, y)) {
    if (inDoor(x, y)) return template ? null : WHITE;
    return template ? BLACK : TEAL;
  }
  return null;
}

function render(size, paint) {
  const rgba = Buffer.alloc(size * size * 4);
  const ss = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0, g = 0, bl = 0, a = 0;
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const c = paint(((px + (sx + 0.5) / ss) * 16) / size, ((py + (sy + 0.5) / ss) * 16) / size);
          if (!c) continue;
          r += c[0]; g += c[1]; bl += c[2]; a += 1;
        }
      }
      const i = (py * size + px) * 4;
      if (a > 0) {
        rgba[i] = Math.round(r / a);
        rgba[i + 1] = Math.round(g / a);
        rgba[i + 2] = Math.round(bl / a);
      }
      rgba[i + 3] = Math.round((a / (ss * ss)) * 255);
    }
  }
  return encodePng(size, rgba);
}

// --- Write everything --------------------------------------------------------------------------------------
mkdirSync(trayOut, { recursive: true });
const badges = [['0', ''], ...Array.from({ length: 9 }, (_, i) => [String(i + 1), String(i + 1)]), ['9plus', '9+']];
for (const [name, label] of badges) {
  const b = badge(label);
  for (const template of [false, true]) {
    const base = `tray-${name}${template ? 'Template' : ''}`;
    writeFileSync(path.join(trayOut, `${base}.png`), render(16, (x, y) => trayPaint(x, y, b, template)));
    writeFileSync(path.join(trayOut, `${base}@2x.png`), render(32, (x, y) => trayPaint(x, y, b, template)));
  }
}

// App icon: the shield on a dark rounded square.
const inRoundedSquare = (x, y) => {
  const r = 3.2;
  const cx = Math.min(Math.max(x, 0.6 + r), 15.4 - r);
  const cy = Math.min(Math.max(y, 0.6 + r), 15.4 - r);
  return Math.hypot(x - cx, y - cy) <= r;
};
const appPaint = (x, y) => {
  if (!inRoundedSquare(x, y)) return null;
  const sx = (x - 8) / 0.72 + 8;
  const sy = (y - 8.3) / 0.72 + 8;
  if (inPolygon(SHIELD, sx, sy)) return inDoor(sx, sy) ? [18, 52, 59] : [47, 196, 178];
  return [18, 52, 59];
};
writeFileSync(path.join(out, 'icon.png'), render(512, appPaint));
console.log(`icons written to ${path.relative(root, out)}/`);
