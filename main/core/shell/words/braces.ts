// Bash brace expansion of unquoted text: `rm -rf {~,/}` runs `rm -rf ~ /`, so checks must see the expanded words.
import type { Segment, Word } from './words.js';

interface Ch {
  c: string;
  literal: boolean;
}

/** Past this many words a brace expression is treated as unknowable (and the word as dynamic). */
const MAX_BRACE_WORDS = 256;

function findClose(chars: Ch[], open: number): { close: number; commas: number[] } | null {
  let depth = 0;
  const commas: number[] = [];
  for (let i = open + 1; i < chars.length; i++) {
    const ch = chars[i]!;
    if (ch.literal) continue;
    if (ch.c === '{') depth++;
    else if (ch.c === '}') {
      if (depth === 0) return { close: i, commas };
      depth--;
    } else if (ch.c === ',' && depth === 0) commas.push(i);
  }
  return null;
}

/** The words of `{a..b[..step]}`; undefined when the body is not a sequence, null when it is too long. */
function sequence(body: string): string[] | null | undefined {
  const m = /^(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])(?:\.\.(-?\d+))?$/.exec(body);
  if (!m) return undefined;
  const [, a, b, stepText] = m as unknown as [string, string, string, string | undefined];
  const numeric = /\d/.test(a) && /\d/.test(b);
  if (!numeric && (/\d/.test(a) || /\d/.test(b))) return undefined;
  const from = numeric ? parseInt(a, 10) : a.charCodeAt(0);
  const to = numeric ? parseInt(b, 10) : b.charCodeAt(0);
  const step = Math.max(1, Math.abs(parseInt(stepText ?? '1', 10) || 1));
  if (Math.abs(to - from) / step >= MAX_BRACE_WORDS) return null;
  const out: string[] = [];
  for (let v = from; from <= to ? v <= to : v >= to; v += from <= to ? step : -step) {
    out.push(numeric ? String(v) : String.fromCharCode(v));
  }
  return out;
}

function expand(chars: Ch[], budget: { left: number }): Ch[][] | null {
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    if (ch.literal || ch.c !== '{' || (i > 0 && chars[i - 1]!.c === '$' && !chars[i - 1]!.literal)) continue;
    const found = findClose(chars, i);
    if (!found) continue;
    const { close, commas } = found;
    const head = chars.slice(0, i);
    const tail = chars.slice(close + 1);
    let alternatives: Ch[][];
    if (commas.length > 0) {
      const cuts = [i, ...commas, close];
      alternatives = cuts.slice(0, -1).map((c, k) => chars.slice(c + 1, cuts[k + 1]));
    } else {
      const seq = sequence(chars.slice(i + 1, close).map((x) => x.c).join(''));
      if (seq === undefined) continue;
      if (seq === null) return null;
      alternatives = seq.map((s) => [...s].map((c) => ({ c, literal: true })));
    }
    const out: Ch[][] = [];
    for (const alt of alternatives) {
      const rest = expand([...head, ...alt, ...tail], budget);
      if (rest === null) return null;
      out.push(...rest);
      if (out.length > MAX_BRACE_WORDS) return null;
    }
    return out;
  }
  if (--budget.left < 0) return null;
  return [chars];
}

/** Whether some unquoted text holds a `{` (else bash's brace expansion leaves the word as it is). */
function hasBraces(segments: readonly Segment[]): boolean {
  for (const s of segments) if (!s.literal && s.text.includes('{')) return true;
  return false;
}

/** Whether `value` is the segments' texts run together (a word whose value was rewritten is not). */
function spells(segments: readonly Segment[], value: string): boolean {
  let at = 0;
  for (const s of segments) {
    if (!value.startsWith(s.text, at)) return false;
    at += s.text.length;
  }
  return at === value.length;
}

/**
 * Expands braces in a word's segments; returns the word's values (one when there is nothing to expand),
 * or null when the expansion would be too large to reason about.
 */
export function expandBraces(segments: Segment[]): string[] | null {
  if (!hasBraces(segments)) return [segments.map((s) => s.text).join('')];
  const chars: Ch[] = segments.flatMap((s) => [...s.text].map((c) => ({ c, literal: s.literal })));
  const words = expand(chars, { left: MAX_BRACE_WORDS * 4 });
  return words === null ? null : words.map((w) => w.map((x) => x.c).join(''));
}

/** Whether brace expansion leaves a word as it is: a run-time word, or a static one without braces (and not unquoted and empty). */
function keptAsIs(w: Word): boolean {
  return w.dynamic || (!hasBraces(w.segments) && spells(w.segments, w.value) && (w.value !== '' || w.segments.some((s) => s.literal)));
}

/** Words as bash's brace expansion leaves them (`rm -rf {~,/}` is two words; `cd {secrets,}` is `cd secrets`). */
export function expandWords(words: Word[]): Word[] {
  // Most commands have nothing to expand: they keep their list.
  if (words.every(keptAsIs)) return words;
  const out: Word[] = [];
  for (const w of words) {
    if (keptAsIs(w)) {
      out.push(w);
      continue;
    }
    // An unquoted empty word is no word at all.
    if (!hasBraces(w.segments) && spells(w.segments, w.value)) continue;
    const expanded = expandBraces(w.segments);
    if (expanded === null) {
      out.push({ ...w, dynamic: true, expansions: [w.value] });
      continue;
    }
    // An unquoted alternative that expands to nothing is no word at all.
    const values = w.segments.some((s) => s.literal) ? expanded : expanded.filter((v) => v !== '');
    if (values.length === 1 && values[0] === w.value) out.push(w);
    else for (const value of values) out.push({ ...w, value, segments: [{ text: value, literal: true }] });
  }
  return out;
}
