// Inert text: agent-supplied text is shown, never interpreted — in the renderer and in native UI alike.
// Threat: an agent (possibly prompt-injected) hides what a command does behind terminal escapes,
// bidi reordering or invisible characters, so the person approves something other than what they read.
// Pure and free of DOM and Electron: the renderer (rich previews) and main/app (notifications, tray) share it.

/** One run of inert text: plain, or a visible stand-in for a character that would otherwise act or hide. */
export interface InertSegment {
  text: string;
  /** Set when `text` stands in for a hidden or active character; the value names it (for a tooltip). */
  escaped?: string;
}

/** How the stand-ins look and which layout characters are kept. */
export interface InertOptions {
  /** Show newlines and tabs as stand-ins too (paths, one-line summaries). Default: keep them as layout. */
  singleLine?: boolean;
  /**
   * Write every stand-in as ⟨U+XXXX⟩, controls included, instead of Control Pictures (␛, ␍…). For plain-text
   * native UI, whose fonts may lack the Control Pictures block: a code point can always be drawn and looked up.
   */
  codePoints?: boolean;
}

/**
 * Characters that act, reorder or hide: controls (Cc), format characters (Cf: bidi overrides and isolates,
 * zero-width, tags, soft hyphen…), lone surrogates (Cs), line/paragraph separators (Zl, Zp), and the marks and
 * fillers that render as nothing.
 */
const HIDDEN = /^[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\u034F\u115F\u1160\u17B4\u17B5\u180E\u3164\uFFA0]$/u;

/** Names shown in tooltips for the characters people most need to recognise. */
const NAMES: Record<number, string> = {
  0x09: 'TAB',
  0x0a: 'LINE FEED',
  0x1b: 'ESCAPE (terminal control sequence)',
  0x7f: 'DELETE',
  0x061c: 'ARABIC LETTER MARK (bidi)',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK (bidi)',
  0x200f: 'RIGHT-TO-LEFT MARK (bidi)',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING (bidi)',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING (bidi)',
  0x202c: 'POP DIRECTIONAL FORMATTING (bidi)',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE (bidi)',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE (bidi)',
  0x2066: 'LEFT-TO-RIGHT ISOLATE (bidi)',
  0x2067: 'RIGHT-TO-LEFT ISOLATE (bidi)',
  0x2068: 'FIRST STRONG ISOLATE (bidi)',
  0x2069: 'POP DIRECTIONAL ISOLATE (bidi)',
  0x2060: 'WORD JOINER',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
  0x180e: 'MONGOLIAN VOWEL SEPARATOR',
};

const codePoint = (cp: number): string => `⟨U+${cp.toString(16).toUpperCase().padStart(4, '0')}⟩`;

/** The Control Picture of a C0 control or DEL (␀…␟, ␡), which reads as the key that produced it. */
const picture = (cp: number): string => String.fromCodePoint(cp === 0x7f ? 0x2421 : 0x2400 + cp);

/** The visible stand-in for one code point, or null when it may be shown as it is. */
export function inertStandIn(cp: number, options: InertOptions = {}): { text: string; name: string } | null {
  // Newlines and tabs are layout in multi-line content; in a one-line field they would hide a second line.
  if ((cp === 0x0a || cp === 0x09) && !options.singleLine) return null;
  const name = NAMES[cp] ?? codePoint(cp).slice(1, -1);
  // C0 controls (incl. CR, which can overwrite a line in a terminal) and DEL.
  if (cp < 0x20 || cp === 0x7f) return { text: options.codePoints ? codePoint(cp) : picture(cp), name };
  // Everything else hidden or active (C1 controls such as the one-byte CSI U+009B, bidi, zero-width, tags…).
  if (HIDDEN.test(String.fromCodePoint(cp))) return { text: codePoint(cp), name };
  return null;
}

/** Splits text into plain runs and visible stand-ins for every control, bidi or invisible character. */
export function inertSegments(input: string, options: InertOptions = {}): InertSegment[] {
  const out: InertSegment[] = [];
  let plain = '';
  for (const ch of input) {
    const standIn = inertStandIn(ch.codePointAt(0) ?? 0, options);
    if (!standIn) {
      plain += ch;
      continue;
    }
    if (plain) out.push({ text: plain });
    plain = '';
    out.push({ text: standIn.text, escaped: standIn.name });
  }
  if (plain) out.push({ text: plain });
  return out;
}

/** The inert form of text as one string (titles, accessible names, notifications: anything that is not markup). */
export function inertText(input: string, options: InertOptions = {}): string {
  return inertSegments(input, options)
    .map((s) => s.text)
    .join('');
}
