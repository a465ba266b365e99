// Walks a bash syntax tree into simple commands, recording constructs that run code wherever they sit.
import type { SyntaxNode as Node } from './syntax-tree.js';
import { block, flag } from '../findings.js';
import { staticHeredocSubstitution } from '../words/heredoc-text.js';
import { readRedirect, trailingWords, type ReadRedirect } from './redirects.js';
import { readWord, type Word } from '../words/words.js';
import type { Scope } from './scope.js';
import { checkAssignment, readAssignment, remember } from './assignments.js';
import { shellCommandOf } from '../operands/env-vars.js';
import { emitCommand } from './command.js';
import { conditionOnSecret } from './conditions.js';
import { isEndlessSpawner, isForkBomb } from './fork-bombs.js';
import { knownValueIn } from './known-values.js';
import { substitution } from './substitutions.js';
import { NONE, span, type Inherit, type WalkState } from './types.js';

/** Most values a loop variable may take before its commands are left dynamic. */
const MAX_LOOP_VALUES = 16;
/** Anything in a loop body that could give the variable another value. */
const REBINDS = /\b(read|unset|declare|typeset|local|export|let|mapfile|readarray|printf\s+-v|eval|source)\b|(^|[^\w$])\.\s/;

const COMMANDS = new Set(['command', 'declaration_command', 'unset_command']);
const MAY_EXPAND = /[$`]|[<>]\(/;

/** Binds `for NAME in WORDS` while its body is walked, when the words are static and the body never rebinds NAME. */
function forLoop(n: Node, st: WalkState, scope: Scope, inh: Inherit): void {
  const name = n.childForFieldName('variable')?.text;
  const values = n.childrenForFieldName('value').map((v) => readWord(v, st.source));
  const body = n.childForFieldName('body');
  const bindable = name !== undefined && values.length > 0 && values.length <= MAX_LOOP_VALUES && values.every((v) => !v.dynamic && !/[{\s]/.test(v.value));
  if (!bindable || !body || REBINDS.test(body.text) || new RegExp(`\\b${name}(\\[[^\\]]*\\])?\\+?=`).test(body.text)) return children(n, st, scope, inh);
  const outer = scope.vars;
  scope.vars = new Map(outer).set(name, values);
  try {
    children(n, st, scope, inh);
  } finally {
    scope.vars = outer;
  }
}

function children(n: Node, st: WalkState, scope: Scope, inh: Inherit): void {
  const kids = n.children;
  const tails = inh.tail.length > 0 || inh.tailWords.length > 0;
  const last = tails ? n.lastNamedChild : null;
  kids.forEach((c, i) => {
    if (!c.isNamed) return;
    const bg = kids[i + 1]?.type === '&';
    const own = tails && c.id !== last?.id ? { ...inh, tail: [], tailWords: [] } : inh;
    walkNode(c, st, scope, bg ? { ...own, background: true } : own);
  });
}

/**
 * tree-sitter hangs what follows a heredoc's start on the same line inside the heredoc node:
 * `cat <<EOF 2>&1 | sh && ls` has the `2>&1`, the `| sh` pipeline and the `&& ls` as its children.
 */
function heredocTail(r: Node): { redirects: Node[]; pipes: Node[]; after: Node[] } {
  const out = { redirects: [] as Node[], pipes: [] as Node[], after: [] as Node[] };
  if (r.type !== 'heredoc_redirect') return out;
  const right = r.childForFieldName('right');
  for (const c of r.namedChildren) {
    if (c.type === 'file_redirect' || c.type === 'herestring_redirect') out.redirects.push(c);
    else if (c.type === 'pipeline') out.pipes.push(c);
    else if (right && c.id === right.id) out.after.push(c);
  }
  return out;
}

function redirectedStatement(n: Node, st: WalkState, scope: Scope, inh: Inherit): void {
  const redirects: ReadRedirect[] = [];
  const pipes: Node[] = [];
  const after: Node[] = [];
  const scanned: Node[] = [];
  const words: Node[] = [];
  for (const r of n.childrenForFieldName('redirect')) {
    if (r.type !== 'heredoc_redirect') {
      // Only a heredoc has a tail: any other redirect is read with its words, and its children scanned.
      redirects.push(readRedirect(r, st.source, knownValueIn(scope)));
      for (const w of trailingWords(r)) words.push(w);
      for (const c of r.namedChildren) scanned.push(c);
      continue;
    }
    const tail = heredocTail(r);
    redirects.push(readRedirect(r, st.source, knownValueIn(scope)), ...tail.redirects.map((x) => readRedirect(x, st.source, knownValueIn(scope))));
    words.push(...trailingWords(r), ...tail.redirects.flatMap(trailingWords));
    pipes.push(...tail.pipes);
    after.push(...tail.after);
    const skip = new Set([...tail.pipes, ...tail.after].map((x) => x.id));
    scanned.push(...r.namedChildren.filter((c) => !skip.has(c.id)));
  }
  const body = n.childForFieldName('body');
  if (!body) {
    // `> file` alone still truncates the file: keep its redirects for checking.
    st.commands.push({ words: [], assignments: [], redirects, span: span(n), background: inh.background, cwd: scope.cwd });
  }
  const list = body?.type === 'list' || body?.type === 'pipeline';
  const own: Inherit = list
    ? { ...inh, tail: [...inh.tail, ...redirects], tailWords: [...inh.tailWords, ...words] }
    : { ...inh, redirects: [...inh.redirects, ...inh.tail, ...redirects], tail: [], words: [...inh.words, ...inh.tailWords, ...words], tailWords: [] };
  if (pipes.length > 0) {
    const group = st.nextPipe++;
    let stage = 0;
    if (body) walkNode(body, st, { ...scope }, { ...own, pipe: { group, stage: stage++ } });
    for (const p of pipes) for (const c of p.namedChildren) walkNode(c, st, { ...scope }, { ...inh, pipe: { group, stage: stage++ } });
  } else if (body) walkNode(body, st, scope, own);
  for (const c of scanned) walkNode(c, st, scope, { ...NONE, inCommand: true });
  for (const c of after) walkNode(c, st, scope, inh);
}

/** Walks one node; commands are appended to st.commands in source order. */
export function walkNode(n: Node, st: WalkState, scope: Scope, inherited: Inherit): void {
  const type = n.type;
  const listLike = type === 'list' || type === 'pipeline' || type === 'redirected_statement';
  let inh = (inherited.tail.length > 0 || inherited.tailWords.length > 0) && !listLike
    ? { ...inherited, redirects: [...inherited.redirects, ...inherited.tail], tail: [], words: [...inherited.words, ...inherited.tailWords], tailWords: [] }
    : inherited;
  if (inh.words.length > 0 && !listLike && !COMMANDS.has(type)) {
    // `{ ls; } 2>/dev/null x`: bash refuses words after a compound command's redirect; never guess what would run.
    block(st.findings, 'words follow the redirect of a compound command, which bash does not accept', st.at(span(n)));
    inh = { ...inh, words: [] };
  }
  switch (type) {
    case 'comment':
      return;
    case 'command':
    case 'declaration_command':
    case 'unset_command':
      emitCommand(n, type, st, scope, inh);
      // Only expansions and substitutions hide inside a command's words; plain text needs no further walk.
      if (MAY_EXPAND.test(st.source.slice(n.startIndex, n.endIndex))) children(n, st, scope, { ...NONE, inCommand: true });
      // `time (rm -rf ~)`: the grammar hangs the subshell on the command word.
      else for (const c of n.namedChildren) if (c.type === 'subshell') walkNode(c, st, { ...scope }, NONE);
      return;
    case 'redirected_statement':
      return redirectedStatement(n, st, scope, inh);
    case 'pipeline': {
      const group = st.nextPipe++;
      let stage = 0;
      const last = n.lastNamedChild;
      for (const c of n.namedChildren) {
        const isLast = c.id === last?.id;
        walkNode(c, st, { ...scope }, { ...inh, tail: isLast ? inh.tail : [], tailWords: isLast ? inh.tailWords : [], pipe: { group, stage: stage++ } });
      }
      return;
    }
    case 'subshell':
      return children(n, st, { ...scope }, inh);
    case 'list':
      andList(n, st, scope, inh);
      return;
    case 'for_statement':
      return forLoop(n, st, scope, inh);
    case 'command_substitution':
    case 'process_substitution':
      // A quoted heredoc printed by a bare cat is inert text: the word already holds it.
      if (staticHeredocSubstitution(n) !== null) return;
      substitution(n, st);
      return children(n, st, { ...scope }, NONE);
    case 'function_definition': {
      const name = n.childForFieldName('name')?.text ?? '';
      const where = st.at(span(n));
      if (isForkBomb(n)) flag(st.findings, 'destructive', `fork bomb: function ${name} keeps starting copies of itself until the system stalls`, where, 'hard');
      block(st.findings, `defines shell function ${name}: commands named ${name} would then run its body, not what a rule names`, where);
      // Inside the body, `$@` and `$1` are the function's own arguments.
      return children(n, st, { ...scope, noArgs: false }, NONE);
    }
    case 'variable_assignment':
      if (!inh.inCommand) {
        const a = readAssignment(n, st);
        // GLOBIGNORE set (even empty-valued later) switches dotglob on: `*` then matches .env.
        if (a.name === 'GLOBIGNORE') scope.globsChanged = true;
        // `PAGER='rm -rf ~'; export PAGER; git log`: a command line held for later is checked as the analysis checks a
        // command's own `NAME=value` (its text read for what must be denied).
        if (shellCommandOf(a.name, a.value) !== null) st.commands.push({ words: [], assignments: [a], redirects: [], span: span(n), background: inh.background, cwd: scope.cwd });
        else checkAssignment(a, st);
        remember([a], scope);
      }
      return children(n, st, scope, inh);
    case 'simple_expansion':
    case 'expansion':
      if (/^\$\{?IFS\b/.test(n.text)) flag(st.findings, 'obfuscation', `${n.text} splices a separator in to hide what the command says`, st.at(span(n)));
      return children(n, st, scope, inh);
    case 'while_statement':
    case 'c_style_for_statement':
      if (isEndlessSpawner(n)) {
        flag(st.findings, 'destructive', 'fork bomb: an endless loop starts a background process on every turn until the system stalls', st.at(span(n)), 'hard');
      }
      return children(n, st, scope, inh);
    case 'test_command':
      // `[[ $x -eq 'a[$(cmd)]' ]]` evaluates the quoted text as arithmetic, which runs the substitution.
      if (/-(eq|ne|lt|le|gt|ge)\b/.test(n.text) && /\[[^\]]*(\$\(|`)/.test(n.text)) {
        flag(st.findings, 'code-execution', 'arithmetic comparison in [[ … ]] evaluates an array index that runs a command', st.at(span(n)));
      } else if (n.text.startsWith('[[') && /\s-(eq|ne|lt|le|gt|ge)\s/.test(n.text) && /\$/.test(n.text)) {
        // `x='a[$(id)]'; [[ $x -eq 1 ]]`: the variable's value is evaluated as arithmetic, and its index runs.
        block(st.findings, 'arithmetic comparison in [[ … ]] evaluates a run-time value as an expression, which can run a command', st.at(span(n)));
      }
      conditionOnSecret(n, n.text, st);
      return children(n, st, scope, inh);
    case 'case_statement':
      conditionOnSecret(n, n.childForFieldName('value')?.text ?? '', st);
      return children(n, st, scope, inh);
    case 'compound_statement':
      // `(( ${#API_KEY} > 40 )) && echo long`: an arithmetic command is a condition too.
      if (n.text.startsWith('((')) conditionOnSecret(n, n.text, st);
      return children(n, st, scope, inh);
    default:
      return children(n, st, scope, inh);
  }
}

/**
 * `a && b`: b runs only when a worked, so after `cd x && b`, b runs in x for sure; after the list, either may hold.
 * Returns the other directories bash may be in when the whole list worked. Other lists are walked in order as written.
 */
function andList(n: Node, st: WalkState, scope: Scope, inh: Inherit): string[] | undefined {
  const op = n.children.find((c) => !c.isNamed && (c.type === '&&' || c.type === '||'))?.type;
  // A comment after the operator (`a &&` ⏎ `# why` ⏎ `b`) is a named child too: b is the first command after it.
  const [left, right] = n.namedChildren.filter((c) => c.type !== 'comment');
  if (!left || !right || op !== '&&' || inh.tail.length > 0 || inh.tailWords.length > 0) {
    children(n, st, scope, inh);
    return scope.alts;
  }
  // A list run with `&` runs in a child shell: its cds move only its own commands.
  if (inh.background) return andList(n, st, { ...scope }, { ...inh, background: false });
  const worked = (part: Node): string[] | undefined => {
    if (part.type === 'list') return andList(part, st, scope, inh);
    walkNode(part, st, scope, inh);
    return scope.afterCd ?? scope.alts;
  };
  const either = scope.alts;
  scope.alts = worked(left);
  const success = worked(right);
  // (Usually there is no other directory at all.)
  const all = scope.alts === undefined && either === undefined ? [] : [...new Set([...(scope.alts ?? []), ...(either ?? [])])].filter((d) => d !== scope.cwd);
  if (all.length > 0) scope.alts = all;
  return success;
}

/**
 * Walks a whole parsed program from its root; `positional` binds the `$0`, `$1`, `$@` of a script to its words (a map
 * without `@` and `1`: the script has no arguments, so those are empty).
 */
export function walkProgram(root: Node, st: WalkState, cwd: string | null, positional?: ReadonlyMap<string, Word[]>): void {
  const scope: Scope = { cwd };
  if (positional && positional.size > 0) scope.vars = new Map(positional);
  if (positional && !positional.has('1')) scope.noArgs = true;
  walkNode(root, st, scope, NONE);
}
