// Turns what a person types into the search box into a safe FTS5 query.

const MAX_TERMS = 16;
const MAX_TERM_LENGTH = 200;

/**
 * Every whitespace-separated word becomes a quoted FTS5 phrase (AND-ed); a trailing `*` keeps prefix search.
 * Words without a letter or digit are dropped; null means "no text filter".
 * Threat: raw user text reaching MATCH lets FTS5 syntax (`"`, `NEAR(`, `-`, `:`, `*`) throw errors or change the query's meaning.
 */
export function ftsQuery(input: string): string | null {
  const terms: string[] = [];
  // Control characters separate words too: none may reach FTS5, which reads a NUL as the end of the text.
  for (const raw of input.split(/[\s\p{Cc}]+/u)) {
    const prefix = raw.length > 1 && raw.endsWith('*');
    const word = (prefix ? raw.replace(/\*+$/, '') : raw).slice(0, MAX_TERM_LENGTH);
    if (!/[\p{L}\p{N}]/u.test(word)) continue;
    terms.push(`"${word.replace(/"/g, '""')}"${prefix ? ' *' : ''}`);
    if (terms.length === MAX_TERMS) break;
  }
  return terms.length > 0 ? terms.join(' ') : null;
}
