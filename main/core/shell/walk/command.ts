// A simple or declaration command read into a RawCommand: words with known values, assignments, redirects, cwd.
import type { SyntaxNode as Node } from './syntax-tree.js';
import { block } from '../findings.js';
import { readRedirect, trailingWords, type ReadRedirect } from './redirects.js';
import { aliasExpanded, nextCwd, rememberPrintf, tildePlace, type Scope } from './scope.js';
import { declarationWords, readAssignment, remember } from './assignments.js';
import { readWords } from './joined-words.js';
import { expandWords } from '../words/braces.js';
import { knownValueIn, withKnownValue } from './known-values.js';
import { loopVariants } from './loop-variants.js';
import type { Assignment, Inherit, RawCommand, WalkState } from './types.js';

// A word that names CDPATH to set, read or export it (`export CDPATH=/`, `read CDPATH`, `declare -x CDPATH`).
const CDPATH_WORD = /^CDPATH(\+?=|$)/;

/** Whether nodes are already in source order (the usual case: sorting is then skipped). */
function inSourceOrder(nodes: Node[]): boolean {
  for (let i = 1; i < nodes.length; i++) if (nodes[i - 1]!.startIndex > nodes[i]!.startIndex) return false;
  return true;
}

/**
 * A command's redirects read in scope `s`: those it inherits, then its own. A loop variable in a redirect target
 * (`for d in ~/.claude; do echo > $d/settings.json`) takes each value in turn.
 */
function redirectsIn(inherited: readonly ReadRedirect[], own: readonly Node[], st: WalkState, s: Scope): ReadRedirect[] {
  const known = knownValueIn(s);
  const out: ReadRedirect[] = [];
  for (const r of inherited) out.push(r.node ? readRedirect(r.node, st.source, known) : r);
  for (const c of own) out.push(readRedirect(c, st.source, known));
  return out;
}

/** Appends a simple or declaration command to st.commands (once per loop value it expands) and follows its `cd`. */
export function emitCommand(n: Node, type: string, st: WalkState, scope: Scope, inh: Inherit): void {
  const wordNodes: Node[] = [];
  const assignments: Assignment[] = [];
  const redirectNodes: Node[] = [];
  for (const c of n.children) {
    const field = c.field;
    if (field === 'name' || field === 'argument') wordNodes.push(c);
    else if (field === 'redirect') {
      redirectNodes.push(c);
      for (const w of trailingWords(c)) wordNodes.push(w);
    } else if (c.type === 'variable_assignment') assignments.push(readAssignment(c, st));
  }
  const redirects = inh.redirects.length === 0 && redirectNodes.length === 0 ? [] : redirectsIn(inh.redirects, redirectNodes, st, scope);
  for (const w of inh.words) wordNodes.push(w);
  if (!inSourceOrder(wordNodes)) wordNodes.sort((a, b) => a.startIndex - b.startIndex);
  const plain = type === 'command';
  if (plain && wordNodes.length === 0) remember(assignments, scope);
  // The list is the walk's own: each word is brace-expanded (bash does so before parameters), then put in place with its known value.
  const read = plain ? expandWords(readWords(wordNodes, st)) : declarationWords(n, st);
  for (let i = 0; i < read.length; i++) read[i] = tildePlace(withKnownValue(read[i]!, scope), scope);
  const words = aliasExpanded(read, scope);
  rememberPrintf(words, scope);
  // The command reaches as far as its last word, which may sit after a redirect outside this node.
  let end = n.endIndex;
  for (const w of wordNodes) end = Math.max(end, w.endIndex);
  const whole = { start: n.startIndex, end };
  if (assignments.some((a) => a.name === 'GLOBIGNORE') || words[0]?.value === 'shopt') scope.globsChanged = true;
  const glob = scope.globsChanged ? words.find((w) => w.segments.some((g) => !g.literal && /[*?[]/.test(g.text))) : undefined;
  if (glob) block(st.findings, `${glob.value} is a glob, and GLOBIGNORE or shopt changed how globs match earlier in the command`, st.at(glob.span));
  // Only a bound loop variable (scope.vars) makes redirects vary.
  const dynamicRedirects = scope.vars ? [...redirectNodes, ...inh.redirects.flatMap((r) => (r.node ? [r.node] : []))] : redirectNodes;
  for (const { words: variant, bound } of loopVariants(words, scope, dynamicRedirects)) {
    // Optional fields are set, not spread in: an object literal with spreads takes V8's slow generic path.
    const raw: RawCommand = {
      words: variant,
      assignments: plain ? assignments : [],
      redirects: bound ? redirectsIn(inh.redirects, redirectNodes, st, { ...scope, known: new Map(scope.known).set(bound[0], bound[1]) }) : redirects,
      span: whole,
      background: inh.background,
      cwd: scope.cwd,
    };
    if (inh.pipe) raw.pipe = inh.pipe;
    if (scope.alts && scope.alts.length > 0) raw.cwdAlts = scope.alts;
    st.commands.push(raw);
  }
  if (words.some((w) => CDPATH_WORD.test(w.value))) scope.cdpath = true;
  // `cd x &` runs in a child process: the shell's own directory does not change.
  if (inh.background) scope.afterCd = undefined;
  else nextCwd(words, scope, st.ctx, assignments.some((a) => a.name === 'CDPATH'));
}
