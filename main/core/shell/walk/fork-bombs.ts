// Fork bombs: a function that calls itself in a pipeline or the background, an endless loop that spawns jobs.
import type { SyntaxNode as Node } from './syntax-tree.js';

/** A function that calls itself in a pipeline or in the background multiplies processes until the system stalls. */
export function isForkBomb(fn: Node): boolean {
  const name = fn.childForFieldName('name')?.text;
  const body = fn.childForFieldName('body');
  if (!name || !body) return false;
  const calls = body.descendantsOfType('command').filter((c) => c.childForFieldName('name')?.text === name);
  if (calls.length >= 2) return true;
  return calls.some((c) => {
    for (let p: Node | null = c; p && p.id !== body.id; p = p.parent) {
      if (p.type === 'pipeline' || p.nextSibling?.type === '&') return true;
    }
    return false;
  });
}

// Groupings a background job inside a loop's body may sit in: each turn still starts it (`while :; do (sleep 9 &); done`).
const GROUPS = new Set(['subshell', 'compound_statement', 'list', 'redirected_statement', 'pipeline', 'if_statement', 'elif_clause', 'else_clause', 'do_group']);

/** Whether `n` starts a job in the background, directly or inside a grouping (not a function or loop of its own). */
function startsBackground(n: Node): boolean {
  return n.children.some((c) => c.type === '&') || n.namedChildren.some((c) => GROUPS.has(c.type) && startsBackground(c));
}

/**
 * `while true; do x & done`, `until false; do x & done`, `for ((;;)); do x & done`: a loop that never ends and puts
 * a command in the background each turn.
 */
export function isEndlessSpawner(n: Node): boolean {
  const body = n.childForFieldName('body');
  if (!body || !startsBackground(body)) return false;
  if (n.type === 'c_style_for_statement') return !/;\s*[^;\s][^;]*;/.test(n.text.slice(0, n.text.indexOf('))') + 2)) || /\(\(\s*;\s*;/.test(n.text);
  const keyword = n.children[0]?.type;
  const cond = n.childForFieldName('condition')?.text.replace(/;$/, '').trim() ?? '';
  return keyword === 'until' ? /^(false|!\s*(true|:))$/.test(cond) : /^(true|:|\[\s*1\s*\]|\(\(\s*1\s*\)\))$/.test(cond);
}
