// `NAME=value` as the walk meets it: read, checked for variables that run code, and remembered for later words.
import type { SyntaxNode as Node } from './syntax-tree.js';
import { flag } from '../findings.js';
import { isCodeRunningEnv } from '../operands/env-vars.js';
import type { Scope } from './scope.js';
import { readWord, syntheticWord, type Word } from '../words/words.js';
import { expansionValue } from './known-values.js';
import { span, type Assignment, type WalkState } from './types.js';

/** Reads one `NAME=value` node (a subscripted name or run-time value makes it dynamic). */
export function readAssignment(n: Node, st: WalkState): Assignment {
  const nameNode = n.childForFieldName('name');
  const valueNode = n.childForFieldName('value');
  const value = valueNode ? readWord(valueNode, st.source) : null;
  return {
    name: nameNode?.text ?? '',
    value: value?.value ?? '',
    dynamic: (value?.dynamic ?? false) || nameNode?.type === 'subscript',
    span: span(n),
  };
}

/** Flags an assignment to a variable that changes what programs load or run (LD_PRELOAD, BASH_ENV…). */
export function checkAssignment(a: Assignment, st: WalkState): void {
  if (isCodeRunningEnv(a.name)) {
    flag(st.findings, 'code-execution', `setting ${a.name} changes what programs load or run`, st.at(a.span));
  }
}

/** `export A=1 B`, `unset X`: the keyword and each operand become words (assignments as `NAME=value`). */
export function declarationWords(n: Node, st: WalkState): Word[] {
  const words: Word[] = [];
  n.children.forEach((c, i) => {
    if (i === 0) words.push(syntheticWord(c.text, span(c)));
    else if (c.type === 'variable_assignment') {
      const a = readAssignment(c, st);
      checkAssignment(a, st);
      words.push({ ...syntheticWord(`${a.name}=${a.value}`, a.span), dynamic: a.dynamic });
    } else if (c.isNamed && c.type !== 'comment') words.push(readWord(c, st.source));
  });
  return words;
}

/** Records what `NAME=value` commands set, for words that expand NAME later (a run-time value forgets it). */
export function remember(assignments: Assignment[], scope: Scope): void {
  if (assignments.length === 0) return;
  const known = new Map(scope.known);
  for (const a of assignments) {
    const value = a.dynamic ? expansionValue(a.value, scope) : a.value;
    if (value === null) known.delete(a.name);
    else known.set(a.name, value);
  }
  scope.known = known;
}
