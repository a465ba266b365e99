// Command and process substitutions: each runs a command, a risk where its output is only printed, else a blocker.
import type { SyntaxNode as Node } from './syntax-tree.js';
import { flag } from '../findings.js';
import { isValueSubstitution } from '../words/value-substitution.js';
import { span, type WalkState } from './types.js';

/** Flags a `$(…)`, backquote or `<(…)` substitution: a risk when echo/printf only prints it or it fixes a value, else a blocker. */
export function substitution(n: Node, st: WalkState): void {
  const t = n.text;
  const reason = t.startsWith('`')
    ? 'backquote substitution `…` runs a command whose output becomes an argument'
    : n.type === 'process_substitution'
      ? `process substitution ${t.slice(0, 2)}…) runs a command whose output is read or written as a file`
      : 'command substitution $(…) runs a command whose output becomes an argument';
  // Printed by echo/printf, the output is only text, and the commands inside are judged by the rules as commands of
  // their own (`echo "Today: $(date)"`); anywhere else it becomes a word no rule can vouch for.
  flag(st.findings, 'code-execution', reason, st.at(span(n)), printedOnly(n) || (!programWord(n) && isValueSubstitution(t)) ? 'risk' : 'block');
}

/** Whether a substitution is (part of) the word that names the program to run. */
function programWord(n: Node): boolean {
  let p: Node | null = n;
  while (p?.parent && (p.parent.type === 'string' || p.parent.type === 'concatenation')) p = p.parent;
  return p?.parent?.type === 'command_name' || p?.type === 'command_name' || p?.parent?.type !== 'command';
}

/** Whether a `$(…)` or backquote substitution is (part of) an argument of echo or printf, and nothing else. */
function printedOnly(n: Node): boolean {
  if (n.type !== 'command_substitution') return false;
  // `$(< file)` reads a file with no command; a redirect, heredoc or variable inside feeds it files or the environment.
  const inner = n.descendantsOfType(['file_redirect', 'heredoc_redirect', 'herestring_redirect', 'simple_expansion', 'expansion', 'command']);
  if (!inner.some((d) => d.type === 'command') || inner.some((d) => d.type !== 'command')) return false;
  let p: Node | null = n.parent;
  while (p && (p.type === 'string' || p.type === 'concatenation')) p = p.parent;
  if (p?.type !== 'command') return false;
  const name = p.childForFieldName('name')?.text;
  return (name === 'echo' || name === 'printf') && p.childForFieldName('name')?.id !== n.id;
}
