// Turns a tree-sitter word node into the text bash would pass to the program (quotes removed, escapes resolved).
import type { SyntaxNode as Node } from '../walk/syntax-tree.js';
import { staticHeredocSubstitution } from './heredoc-text.js';
import type { Span } from '../types.js';

/** A run of characters and whether bash treats them literally (quoted or escaped: no globbing, no brace expansion). */
export interface Segment {
  text: string;
  literal: boolean;
}

/** One shell word as bash would see it before expansion. */
export interface Word {
  /** Quotes removed, escapes resolved; an expansion or substitution is kept as its source text. */
  value: string;
  segments: Segment[];
  /** True when some part is only known at run time (`$x`, `${x}`, `$(…)`, `$((…))`). */
  dynamic: boolean;
  /** Source text of each expansion or substitution in the word, e.g. `$HOME`, `${IFS}`, `$(id)`. */
  expansions: string[];
  /** Every expansion has a value the command line fixes for sure (`$(echo ls)`, `x=rm; $x`, `$@` with no arguments). */
  known?: boolean;
  /** Contains a `$'…'` string that uses escape sequences (`\x72`, `\162`, `\u0072`). */
  ansiEscapes: boolean;
  span: Span;
}

const DYNAMIC = new Set(['simple_expansion', 'expansion', 'command_substitution', 'process_substitution', 'arithmetic_expansion']);

/** Resolves backslashes of unquoted text: `\x` → `x` (literal), `\<newline>` → nothing. */
function unquotedSegments(text: string, out: Segment[]): void {
  // Copied a run at a time (most words have no backslash at all: the text itself is the segment).
  let plain = '';
  let from = 0;
  for (let i = text.indexOf('\\'); i !== -1; i = text.indexOf('\\', from)) {
    plain += text.slice(from, i);
    const next = text[i + 1];
    from = i + 2;
    if (next === undefined || next === '\n') continue;
    if (next === '\r' && text[i + 2] === '\n') {
      from = i + 3;
      continue;
    }
    if (plain !== '') out.push({ text: plain, literal: false });
    plain = '';
    out.push({ text: next, literal: true });
  }
  if (from < text.length) plain += text.slice(from);
  if (plain !== '') out.push({ text: plain, literal: false });
}

/** Inside double quotes a backslash escapes only `$`, backtick, `"`, `\` and newline. */
function doubleQuotedText(text: string): string {
  return text.replace(/\\(\r?\n|[$`"\\])/g, (_m, c: string) => (c.endsWith('\n') ? '' : c));
}

const SIMPLE_ESCAPES: Record<string, string> = {
  a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\', "'": "'", '"': '"', '?': '?',
};

/** Decodes the body of a `$'…'` string the way bash does. */
export function decodeAnsiC(body: string): string {
  return body.replace(/\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|[0-7]{1,3}|c.|.)/gs, (m, e: string) => {
    const k = e[0]!;
    if (k === 'x' || k === 'u' || k === 'U') return String.fromCodePoint(Math.min(parseInt(e.slice(1), 16), 0x10ffff));
    if (k >= '0' && k <= '7') return String.fromCharCode(parseInt(e, 8) & 0xff);
    if (k === 'c') return String.fromCharCode(e.charCodeAt(1) & 0x1f);
    return SIMPLE_ESCAPES[k] ?? m;
  });
}

interface Acc {
  segments: Segment[];
  dynamic: boolean;
  expansions: string[];
  ansiEscapes: boolean;
}

function addDynamic(node: Node, acc: Acc, literal: boolean): void {
  acc.dynamic = true;
  acc.expansions.push(node.text);
  acc.segments.push({ text: node.text, literal });
}

// An empty backquote substitution (`` `` ``, `` ` ` ``): bash runs nothing and puts nothing in the word.
const EMPTY_BACKQUOTES = /`[ \t]*`/g;
// What bash expands in unquoted text: a backquote, or `$` before a name, a special parameter, `{`, `(` or a quote.
const UNREAD_EXPANSION = /`|\$[\w{(@*#?$!'"-]/;

/**
 * Unquoted text tree-sitter left as plain text between or inside nodes (`.e``nv` is `.e`, a gap, `nv`): an empty
 * backquote pair is nothing, as bash makes it; any other expansion in it is only known at run time.
 * Threat: `cat .e``nv` reads .env, `cu``rl` runs curl, while the text reads as neither.
 */
function unquotedText(text: string, acc: Acc): void {
  const plain = text.includes('`') ? text.replace(EMPTY_BACKQUOTES, '') : text;
  if (UNREAD_EXPANSION.test(plain.replace(/\\[\s\S]/g, '')) || /[ \t\n]/.test(plain.replace(/\\[\s\S]/g, ''))) {
    acc.dynamic = true;
    acc.expansions.push(plain);
    acc.segments.push({ text: plain, literal: false });
  } else unquotedSegments(plain, acc.segments);
}

/** `$"…"` is a locale-translated string: a `$` right before it is no character of the word (`.e$""nv` is `.env`). */
function beforeTranslated(text: string, next: Node | undefined, end: number): boolean {
  return next?.type === 'string' && next.startIndex === end && /(^|[^\\])(\\\\)*\$$/.test(text);
}

/** Walks the children of a quoted string or concatenation, keeping the source text between them. */
function withGaps(node: Node, source: string, span: Span, acc: Acc, quoted: boolean, gap: (text: string) => void): void {
  const { start: from, end: to } = span;
  let cursor = from;
  const kids = node.namedChildren;
  kids.forEach((child, i) => {
    const between = source.slice(cursor, child.startIndex);
    if (child.startIndex > cursor) gap(!quoted && beforeTranslated(between, child, child.startIndex) ? between.slice(0, -1) : between);
    if (child.type === 'string_content') gap(child.text);
    else if (!quoted && child.type === 'word' && beforeTranslated(child.text, kids[i + 1], child.endIndex)) unquotedText(child.text.slice(0, -1), acc);
    else visit(child, source, acc, quoted);
    cursor = Math.max(cursor, child.endIndex);
  });
  if (to > cursor) gap(source.slice(cursor, to));
}

function visit(node: Node, source: string, acc: Acc, inQuotes: boolean): void {
  const t = node.type;
  const heredocText = t === 'command_substitution' ? staticHeredocSubstitution(node) : null;
  if (heredocText !== null) {
    acc.segments.push({ text: heredocText, literal: true });
    return;
  }
  if (DYNAMIC.has(t)) return addDynamic(node, acc, inQuotes);
  switch (t) {
    case 'raw_string':
      acc.segments.push({ text: node.text.slice(1, -1), literal: true });
      return;
    case 'ansi_c_string': {
      const body = node.text.slice(2, -1);
      if (/\\(x|u|U|[0-7])/.test(body)) acc.ansiEscapes = true;
      // A NUL ends the string (`$'/\0x'` is `/`): C strings stop there, so bash drops the rest of this quoted part.
      acc.segments.push({ text: decodeAnsiC(body).split('\0')[0]!, literal: true });
      return;
    }
    case 'string':
    case 'translated_string': {
      const open = t === 'string' ? 1 : 2;
      const push = (text: string) => acc.segments.push({ text: doubleQuotedText(text), literal: true });
      // `""` is an empty word, as `''` is, not nothing: `grep "" .env` hands grep an empty pattern and .env as its file.
      if (node.endIndex - 1 <= node.startIndex + open) push('');
      withGaps(node, source, { start: node.startIndex + open, end: node.endIndex - 1 }, acc, true, push);
      return;
    }
    case 'concatenation':
      withGaps(node, source, { start: node.startIndex, end: node.endIndex }, acc, inQuotes, (text) => (inQuotes ? unquotedSegments(text, acc.segments) : unquotedText(text, acc)));
      return;
    case 'word':
    case 'number':
    case 'brace_expression':
    case 'extglob_pattern':
    case 'variable_name':
    case 'regex':
      if (inQuotes) acc.segments.push({ text: node.text, literal: true });
      else if (t === 'word') unquotedText(node.text, acc);
      else unquotedSegments(node.text, acc.segments);
      return;
    default:
      // A construct this reader does not know: keep its text but never treat it as static.
      addDynamic(node, acc, inQuotes);
  }
}

/** The text of segments run together (one segment, the usual case, is its own text). */
function spelled(segments: readonly Segment[]): string {
  let value = '';
  for (const s of segments) value += s.text;
  return value;
}

/** Reads one word node (a command name's child or an argument). */
export function readWord(node: Node, source: string): Word {
  // Each tree access crosses into wasm and makes a new node object: the child is fetched once.
  const inner = node.type === 'command_name' ? node.firstChild : null;
  const target = inner ?? node;
  const span = { start: node.startIndex, end: node.endIndex };
  // A plain unquoted word without a backslash (most words) is its own text: one segment, made in one piece.
  const text = target.type === 'word' ? target.text : '';
  if (text !== '' && !text.includes('\\') && !text.includes('`') && !text.includes('$')) return { value: text, segments: [{ text, literal: false }], dynamic: false, expansions: [], ansiEscapes: false, span };
  const acc: Acc = { segments: [], dynamic: false, expansions: [], ansiEscapes: false };
  visit(target, source, acc, false);
  return {
    value: spelled(acc.segments),
    segments: acc.segments,
    dynamic: acc.dynamic,
    expansions: acc.expansions,
    ansiEscapes: acc.ansiEscapes,
    span,
  };
}

/** Joins two words that a `\<newline>` line continuation glues together (tree-sitter reads them as two). */
export function joinWords(a: Word, b: Word): Word {
  return {
    value: a.value + b.value,
    segments: [...a.segments, ...b.segments],
    dynamic: a.dynamic || b.dynamic,
    expansions: [...a.expansions, ...b.expansions],
    ansiEscapes: a.ansiEscapes || b.ansiEscapes,
    span: { start: a.span.start, end: b.span.end },
  };
}

/** A static word made by the analysis itself (e.g. the words of a nested `sh -c` script), spanning `span`. */
export function syntheticWord(value: string, span: Span): Word {
  return { value, segments: [{ text: value, literal: true }], dynamic: false, expansions: [], ansiEscapes: false, span };
}
