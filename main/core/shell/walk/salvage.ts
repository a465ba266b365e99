// When a command does not parse, its well-formed pieces are still analyzed so deny rules and hard denies can fire.

/** A piece of the source between shell operators, with its offset. */
export interface Fragment {
  text: string;
  start: number;
}

// `{a,b,c}` followed by a blank, a separator or the end: a brace expansion of whole words.
const BRACE_WORDS = /^\{([^{}\s'"]*,[^{}\s'"]*)\}(?=[\s;&|)]|$)/;
const SEPARATORS = new Set([';', '&', '|', '\n', '\r', '`', '(', ')']);

/**
 * Splits source at operators outside quotes. Used only after a parse error: the verdict is already "ask",
 * and the fragments can only add denies. Threat: ``ls `# x` ; rm -rf ~`` hides `rm` from the parser's error recovery.
 */
export function salvageFragments(source: string): Fragment[] {
  const out: Fragment[] = [];
  let start = 0;
  let quote: '"' | "'" | null = null;
  // A brace expansion in command position, which bash's grammar here rejects: `{rm,-rf,~}` runs `rm -rf ~`.
  let expanded = '';
  const cut = (end: number) => {
    // `<>` (open for reading and writing), which the parser rejects, writes its file as `>` does: read as that, same length.
    const text = (expanded + source.slice(start, end)).replace(/<>/g, '> ');
    if (text.trim() !== '') out.push({ text, start });
    start = end + 1;
    expanded = '';
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
    else if (ch === '{' && BRACE_WORDS.test(source.slice(i)) && source.slice(start, i).trim() === '') {
      const words = BRACE_WORDS.exec(source.slice(i))![1]!;
      cut(i);
      expanded = `${words.split(',').join(' ')} `;
      i += words.length + 1;
      start = i + 1;
    } else if (SEPARATORS.has(ch) || ch === '{' || ch === '}') cut(i);
  }
  cut(source.length);
  return out;
}
