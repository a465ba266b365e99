// Hostile strings must come out visible and inert: nothing hidden, nothing reordered, nothing interpreted — the one
// table for the escaping the renderer's previews and the native notifications / tray menu share.
import { describe, expect, it } from 'vitest';
import { inertSegments, inertText, type InertOptions } from '../../common/inert.js';

const ONE_LINE: InertOptions = { singleLine: true };
const NATIVE: InertOptions = { singleLine: true, codePoints: true };

describe('inertText', () => {
  it.each<[string, string, InertOptions, string]>([
    ['plain ASCII is unchanged', 'git status --short', {}, 'git status --short'],
    ['ANSI colour escape', '\x1b[31mred\x1b[0m', {}, '␛[31mred␛[0m'],
    ['ANSI clear-line hiding a prefix', 'rm -rf ~\x1b[2K\recho hi', {}, 'rm -rf ~␛[2K␍echo hi'],
    ['NUL and BEL', 'a\x00b\x07c', {}, 'a␀b␇c'],
    ['DEL', 'x\x7fy', {}, 'x␡y'],
    ['C1 CSI (U+009B)', 'a\u009b31mb', {}, 'a⟨U+009B⟩31mb'],
    ['RLO (Trojan Source)', 'ls \u202Etxt.exe', {}, 'ls ⟨U+202E⟩txt.exe'],
    ['every bidi control', '\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069\u200E\u200F\u061C', {}, '⟨U+202A⟩⟨U+202B⟩⟨U+202C⟩⟨U+202D⟩⟨U+2066⟩⟨U+2067⟩⟨U+2068⟩⟨U+2069⟩⟨U+200E⟩⟨U+200F⟩⟨U+061C⟩'],
    ['zero-width characters', 'r\u200Bm\u200C-\u200Dr\u2060f\uFEFF\u180E', {}, 'r⟨U+200B⟩m⟨U+200C⟩-⟨U+200D⟩r⟨U+2060⟩f⟨U+FEFF⟩⟨U+180E⟩'],
    ['tag characters smuggling ASCII', 'ok\u{E0072}\u{E006D}', {}, 'ok⟨U+E0072⟩⟨U+E006D⟩'],
    ['line and paragraph separators', 'a\u2028b\u2029c', {}, 'a⟨U+2028⟩b⟨U+2029⟩c'],
    ['soft hyphen and other format characters', 'r\u00ADm \u0600x', {}, 'r⟨U+00AD⟩m ⟨U+0600⟩x'],
    ['Hangul filler that renders blank', 'a\u3164b', {}, 'a⟨U+3164⟩b'],
    ['marks that render as nothing', 'r\u034Fm\u17B4', {}, 'r⟨U+034F⟩m⟨U+17B4⟩'],
    ['lone surrogate', 'a\ud800b', {}, 'a⟨U+D800⟩b'],
    ['newline and tab kept in multi-line text', 'a\n\tb', {}, 'a\n\tb'],
    ['emoji and accents are not escaped', 'café ✓ 🚀', {}, 'café ✓ 🚀'],
    ['one-line field: a path cannot hide a second line', '/tmp/a\n/etc/passwd\tx', ONE_LINE, '/tmp/a␊/etc/passwd␉x'],
    ['native UI: controls as code points', 'echo safe\x1b[2K\rls\x7f', NATIVE, 'echo safe⟨U+001B⟩[2K⟨U+000D⟩ls⟨U+007F⟩'],
    ['native UI: line breaks as code points', 'mcp__x\nApproved\tok', NATIVE, 'mcp__x⟨U+000A⟩Approved⟨U+0009⟩ok'],
    ['native UI: bidi and zero-width as everywhere', 'evil\u202eedoc\u200b', NATIVE, 'evil⟨U+202E⟩edoc⟨U+200B⟩'],
  ])('%s', (_name, input, options, expected) => {
    expect(inertText(input, options)).toBe(expected);
  });

  it('marks each stand-in with the name of what it replaced', () => {
    expect(inertSegments('a\u202Eb\x1b\r')).toEqual([
      { text: 'a' },
      { text: '⟨U+202E⟩', escaped: 'RIGHT-TO-LEFT OVERRIDE (bidi)' },
      { text: 'b' },
      { text: '␛', escaped: 'ESCAPE (terminal control sequence)' },
      { text: '␍', escaped: 'U+000D' },
    ]);
  });

  it.each([['pictures', ONE_LINE], ['code points', NATIVE]])('leaves no control, bidi or zero-width character in its output (%s)', (_name, options) => {
    const hostile = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)).join('') + '\x7f\u0085\u202E\u2066\u200B\uFEFF\u{E0041}';
    const out = inertText(hostile, options);
    expect(out).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]|[\u{E0000}-\u{E007F}]/u);
  });
});
