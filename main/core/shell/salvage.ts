// When a command does not parse, its well-formed pieces are still analyzed so deny rules and hard denies can fire.

/** A piece of the source between shell operators, with its offset. */
export interface Fragment {
  text: string;
  start: number;
}

const SEPARATORS = new Set([';', '&', '|', '\n', '\r', '`', '(', ')']);

/**
 * Splits source at operators outside quotes. Used only after a parse error: the verdict is already "ask",
 * and the fragments can only add denies. Threat: ``ls `# x` ; rm -rf ~`` hides `rm` from the parser's error recovery.
 */
export function salvageFragments(source: string): Fragment[] {
  const out: Fragment[] = [];
  let start = 0;
  let quote: '"' | "'" | null = null;
  const cut = (end: number) => {
    const text = source.slice(start, end);
    if (text.trim() !== '') out.push({ text, start });
    start = end + 1;
  };
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (quote === "'") {
      if (ch === "'") quote = null;
    } else if (ch === '\\') i++;
    else if (quote === '"') {
      if (ch === '"') quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '$' && source[i + 1] === '{') i = Math.max(i, source.indexOf('}', i));
    else if (SEPARATORS.has(ch) || ch === '{' || ch === '}') cut(i);
  }
  cut(source.length);
  return out;
}
