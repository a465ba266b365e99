// Bash brace expansion of unquoted text: `rm -rf {~,/}` runs `rm -rf ~ /`, so checks must see the expanded words.
import type { Segment, Word } from './words.js';

interface Ch {
  c: string;
  literal: boolean;
  /** Part of an expansion (`$HOME`, `${X}`, `$(…)`), by its place in the word: brace expansion runs first and leaves it whole. */
  atom?: number;
}

/** Past this many words a brace expression is treated as unknowable (and the word as dynamic). */
const MAX_BRACE_WORDS = 256;

function findClose(chars: Ch[], open: number): { close: number; commas: number[] } | null {
  let depth = 0;
  const commas: number[] = [];
  for (let i = open + 1; i < chars.length; i++) {
    const ch = chars[i]!;
    if (ch.literal || ch.atom !== undefined) continue;
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
    if (ch.literal || ch.atom !== undefined || ch.c !== '{' || (i > 0 && chars[i - 1]!.c === '$' && !chars[i - 1]!.literal)) continue;
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

/** Whether some unquoted text outside expansions holds a `{` (else bash's brace expansion leaves the word as it is). */
function hasBraces(segments: readonly Segment[], expansions: readonly string[] = []): boolean {
  for (const s of segments) if (!s.literal && s.text.includes('{') && !expansions.includes(s.text)) return true;
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

/** A word's characters, each expansion of it marked whole. */
function charsOf(segments: readonly Segment[], expansions: readonly string[] = []): Ch[] {
  return segments.flatMap((s, atom) => [...s.text].map((c) => (expansions.includes(s.text) ? { c, literal: s.literal, atom } : { c, literal: s.literal })));
}

/** Characters back into segments: runs of one kind, each expansion a segment of its own (as words.ts reads them). */
function segmentsOf(chars: readonly Ch[]): Segment[] {
  const out: Segment[] = [];
  let prev: Ch | undefined;
  for (const ch of chars) {
    const last = out[out.length - 1];
    if (last !== undefined && prev !== undefined && prev.literal === ch.literal && prev.atom === ch.atom) last.text += ch.c;
    else out.push({ text: ch.c, literal: ch.literal });
    prev = ch;
  }
  return out;
}

/**
 * Expands braces in a word's segments; returns the word's values (one when there is nothing to expand),
 * or null when the expansion would be too large to reason about.
 */
export function expandBraces(segments: Segment[]): string[] | null {
  if (!hasBraces(segments)) return [segments.map((s) => s.text).join('')];
  const words = expand(charsOf(segments), { left: MAX_BRACE_WORDS * 4 });
  return words === null ? null : words.map((w) => w.map((x) => x.c).join(''));
}

/**
 * Whether brace expansion leaves a word as it is: one without braces outside its expansions (a static one not unquoted
 * and empty), or a run-time word whose value was already rewritten (its known value is in place of its text).
 */
function keptAsIs(w: Word): boolean {
  if (w.dynamic) return !hasBraces(w.segments, w.expansions) || !spells(w.segments, w.value);
  return !hasBraces(w.segments) && spells(w.segments, w.value) && (w.value !== '' || w.segments.some((s) => s.literal));
}

/** A run-time word's brace expansion: bash expands braces before parameters, so `$HOME{,}` is `$HOME` twice. */
function expandRunTime(w: Word): Word[] {
  const words = expand(charsOf(w.segments, w.expansions), { left: MAX_BRACE_WORDS * 4 });
  if (words === null) return [{ ...w, expansions: [...w.expansions, w.value] }];
  // An unquoted alternative that expands to nothing is no word at all.
  const unquoted = !w.segments.some((s) => s.literal);
  return words.filter((chars) => chars.length > 0 || !unquoted).map((chars) => {
    const segments = segmentsOf(chars);
    const expansions = w.expansions.filter((e) => segments.some((s) => s.text === e));
    return { ...w, value: chars.map((x) => x.c).join(''), segments, dynamic: expansions.length > 0, expansions };
  });
}

/** Words as bash's brace expansion leaves them (`rm -rf {~,/}` is two words; `cd {secrets,}` is `cd secrets`; `$HOME{,}` is two). */
export function expandWords(words: Word[]): Word[] {
  // Most commands have nothing to expand: they keep their list.
  if (words.every(keptAsIs)) return words;
  const out: Word[] = [];
  for (const w of words) {
    if (keptAsIs(w)) {
      out.push(w);
      continue;
    }
    if (w.dynamic) {
      out.push(...expandRunTime(w));
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
