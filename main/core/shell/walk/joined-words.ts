// Reads a command's word nodes as bash does: nodes with nothing, escaped tabs or line continuations between them are one word.
import type { SyntaxNode as Node } from './syntax-tree.js';
import { flag } from '../findings.js';
import { joinWords, readWord, syntheticWord, type Word } from '../words/words.js';
import type { WalkState } from './types.js';

/** `\<newline>` between two word nodes means bash reads them as one word (`r\⏎m` is `rm`). */
function isLineJoin(source: string, from: number, to: number): boolean {
  return to > from && source[from] === '\\' && /^(\\\r?\n)+$/.test(source.slice(from, to));
}

/**
 * The tabs of `\<tab>` between two word nodes, which bash reads as part of one word (`rm\⇥-rf\⇥~` is one word, so
 * `bash -c rm\⇥-rf\⇥~` runs `rm -rf ~`), or null when the gap is not escaped tabs alone.
 */
function escapedTabs(source: string, from: number, to: number): string | null {
  const gap = source.slice(from, to);
  return to > from && /^(\\\t)+$/.test(gap) ? gap.replaceAll('\\', '') : null;
}

/** Whether bash reads two word nodes as one word: nothing between them, or only escaped tabs or line continuations. */
function joinsAsOneWord(source: string, from: number, to: number): boolean {
  return to === from || (source[from] === '\\' && (isLineJoin(source, from, to) || escapedTabs(source, from, to) !== null));
}

/** A bare `$` node right before a string: the `$"…"` of a locale-translated string, which adds no character. */
function translatedMark(n: Node, next: Node | undefined): boolean {
  return n.type === '$' && next?.type === 'string' && next.startIndex === n.endIndex;
}

/** The words of a command's word nodes, joined where bash reads two nodes as one word. */
export function readWords(nodes: Node[], st: WalkState): Word[] {
  if (nodes.some((n, i) => translatedMark(n, nodes[i + 1]))) nodes = nodes.filter((n, i) => !translatedMark(n, nodes[i + 1]));
  const read = nodes.map((n) => readWord(n, st.source));
  // Nodes bash joins into one word (rare) make the list again; otherwise it is the nodes' words as they are.
  let joins = false;
  for (let i = 1; i < read.length && !joins; i++) joins = joinsAsOneWord(st.source, read[i - 1]!.span.end, read[i]!.span.start);
  if (!joins) return read;
  const words: Word[] = [];
  for (const w of read) {
    const prev = words[words.length - 1];
    const tabs = prev ? escapedTabs(st.source, prev.span.end, w.span.start) : null;
    // Nodes with nothing between them are one word to bash: tree-sitter splits `{\/,x}` into `{` and `\/,x}`.
    if (prev && w.span.start === prev.span.end) words[words.length - 1] = joinWords(prev, w);
    else if (prev && tabs !== null) {
      words[words.length - 1] = joinWords(joinWords(prev, syntheticWord(tabs, { start: prev.span.end, end: w.span.start })), w);
    } else if (prev && isLineJoin(st.source, prev.span.end, w.span.start)) {
      words[words.length - 1] = joinWords(prev, w);
      flag(st.findings, 'obfuscation', 'a line continuation splits one word in two, hiding what it says', st.at({ start: prev.span.start, end: w.span.end }));
    } else words.push(w);
  }
  return words;
}
