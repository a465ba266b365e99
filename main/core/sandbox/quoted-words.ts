// Reads back the command lines the sandbox library renders (its `quote`: bare words, single-quoted runs, `"'"`), so a
// template can be rearranged word by word rather than by searching its text.

const BARE = /[A-Za-z0-9_./:=@+,-]/;

/**
 * The words of `line`, or null for anything but words joined by single spaces, each made of bare characters, `'…'`
 * runs and `"'"` — what the library's `quote` writes. Anything a shell would expand or treat as an operator is null.
 * Threat: a word misread here would put part of a path or variable where an option of bwrap belongs.
 */
export function quotedWords(line: string): string[] | null {
  const words: string[] = [];
  let i = 0;
  while (i < line.length) {
    let word = '';
    let any = false;
    while (i < line.length && line[i] !== ' ') {
      any = true;
      if (line[i] === "'") {
        const end = line.indexOf("'", i + 1);
        if (end === -1) return null;
        word += line.slice(i + 1, end);
        i = end + 1;
      } else if (line.startsWith(`"'"`, i)) {
        word += "'";
        i += 3;
      } else if (BARE.test(line[i]!)) {
        word += line[i];
        i += 1;
      } else return null;
    }
    if (!any) return null;
    words.push(word);
    if (i < line.length) i += 1;
    if (i === line.length && line.endsWith(' ')) return null;
  }
  return words;
}
