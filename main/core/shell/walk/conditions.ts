// Conditions (`[[ … ]]`, `case`, `(( … ))`) that test a variable from the environment, telling its value.
import type { SyntaxNode as Node } from './syntax-tree.js';
import { block } from '../findings.js';
import { cleanNames, testedSecret } from '../words/tested-variables.js';
import { span, type WalkState } from './types.js';

/** Blocks a condition on a variable from the environment: what runs after it tells the value (tested-variables.ts). */
export function conditionOnSecret(n: Node, condition: string, st: WalkState): void {
  if (!condition.includes('$')) return;
  if (st.clean === undefined) {
    let root = n;
    while (root.parent) root = root.parent;
    st.clean = cleanNames(root);
  }
  const name = testedSecret(condition, st.clean);
  if (name !== undefined) block(st.findings, `the condition tests $${name}, a value from the environment: what runs after it tells that value`, st.at(span(n)));
}
