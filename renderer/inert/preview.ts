// Long-text previews with marked ranges: head and tail always visible, the middle collapsed behind "view full".
// Threat: a command pads its dangerous tail past the edge of the screen (or 50 KB further on) so nobody reads it.
import type { Risk } from '../../common/domain.js';

/** A marked range of the text (e.g. a risky part of a command), in UTF-16 offsets of the text. */
export interface Mark {
  start: number;
  end: number;
  reason: string;
}

/** One piece of a preview: text (with the marks covering it) or the collapsed middle. */
export type PreviewPiece =
  | { kind: 'text'; text: string; start: number; marks: Mark[] }
  | { kind: 'gap'; hidden: number };

/** Default number of characters shown before the middle of a long text is collapsed. */
export const PREVIEW_LIMIT = 8 * 1024;

/** How much of a collapsed text's end stays visible, so the tail of a command is never hidden. */
const TAIL_SHARE = 0.25;

/** Cuts text into pieces at every mark boundary; each piece carries the marks that cover it. */
export function markPieces(text: string, marks: readonly Mark[], from = 0, to = text.length): PreviewPiece[] {
  const valid = marks
    .map((m) => ({ ...m, start: Math.max(from, m.start), end: Math.min(to, m.end) }))
    .filter((m) => m.end > m.start);
  const cuts = new Set<number>([from, to]);
  for (const m of valid) cuts.add(m.start).add(m.end);
  const points = [...cuts].sort((a, b) => a - b);
  const pieces: PreviewPiece[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const start = points[i]!;
    const end = points[i + 1]!;
    pieces.push({ kind: 'text', text: text.slice(start, end), start, marks: valid.filter((m) => m.start <= start && m.end >= end) });
  }
  return pieces;
}

/** The pieces to render: all of it when short or expanded, otherwise head + gap + tail. */
export function previewPieces(text: string, marks: readonly Mark[] = [], limit = PREVIEW_LIMIT, expanded = false): PreviewPiece[] {
  if (expanded || text.length <= limit) return markPieces(text, marks);
  const tailLength = Math.floor(limit * TAIL_SHARE);
  const headEnd = avoidSplitPair(text, limit - tailLength);
  const tailStart = avoidSplitPair(text, text.length - tailLength);
  return [
    ...markPieces(text, marks, 0, headEnd),
    { kind: 'gap', hidden: tailStart - headEnd },
    ...markPieces(text, marks, tailStart, text.length),
  ];
}

/** Moves a cut back by one when it would fall inside a surrogate pair (an emoji is never cut in half). */
function avoidSplitPair(text: string, at: number): number {
  const code = text.charCodeAt(at - 1);
  return code >= 0xd800 && code <= 0xdbff ? at - 1 : at;
}

/** The risks of a verdict that have a range, as marks relative to a part starting at `offset`. */
export function riskMarks(risks: readonly Risk[], offset = 0): Mark[] {
  return risks.flatMap((r) => (r.range ? [{ start: r.range.start - offset, end: r.range.end - offset, reason: `${r.flag}: ${r.reason}` }] : []));
}

/** "12.3 KB" style size for "view full" labels. */
export function formatSize(chars: number): string {
  return chars < 1024 ? `${chars} characters` : `${(chars / 1024).toFixed(1)} KB`;
}
