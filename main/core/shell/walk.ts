// Walks a bash syntax tree into simple commands, recording constructs that run code wherever they sit.
import type { SyntaxNode as Node } from './syntax-tree.js';
import { block, flag, type Findings } from './findings.js';
import { isCodeRunningEnv } from './env-vars.js';
import { isValueSubstitution } from './value-substitution.js';
import { staticHeredocSubstitution } from './heredoc-text.js';
import { printedValue, variableValue, withVariables } from './printed-value.js';
import { readRedirect, trailingWords, type ReadRedirect } from './redirects.js';
import type { ShellContext, Span } from './types.js';
import { joinWords, readWord, syntheticWord, type Word } from './words.js';
import { aliasExpanded, nextCwd, rememberPrintf, tildePlace, type Scope } from './scope.js';
import { cleanNames, testedSecret } from './tested-variables.js';

/** A `NAME=value` written before a command (or alone). */
export interface Assignment {
  name: string;
  value: string;
  dynamic: boolean;
  span: Span;
}

/** One simple command as written, before wrappers are unwrapped. Spans index the text that was parsed. */
export interface RawCommand {
  words: Word[];
  assignments: Assignment[];
  redirects: ReadRedirect[];
  span: Span;
  background: boolean;
  /** Position in a pipeline (stage 0 is the first); absent outside pipelines. */
  pipe?: { group: number; stage: number };
  /** Directory the command runs in; null when an earlier `cd` went somewhere only known at run time. */
  cwd: string | null;
  /** Other directories it may run in: where bash stayed when an earlier `cd` failed (a missing folder, a file). */
  cwdAlts?: string[];
}

/** Everything the walk needs and fills. `at` maps a span of the parsed text to the original command. */
export interface WalkState {
  source: string;
  ctx: ShellContext;
  findings: Findings;
  commands: RawCommand[];
  at: (s: Span) => Span;
  nextPipe: number;
  /** Which variables the command line fixes without the environment's secrets (tested-variables.ts), once a condition asks. */
  clean?: (name: string) => boolean;
}


/** Most values a loop variable may take before its commands are left dynamic. */
const MAX_LOOP_VALUES = 16;
/** Anything in a loop body that could give the variable another value. */
const REBINDS = /\b(read|unset|declare|typeset|local|export|let|mapfile|readarray|printf\s+-v|eval|source)\b|(^|[^\w$])\.\s/;

interface Inherit {
  redirects: ReadRedirect[];
  /** Redirects written after a list or pipeline: bash applies them to its last command only (`a && b > f`). */
  tail: ReadRedirect[];
  pipe?: { group: number; stage: number };
  background: boolean;
  inCommand: boolean;
  /** Argument words that sit after a redirect (`rm 2>/dev/null -rf /`), for the command they belong to. */
  words: Node[];
  /** The same after a list or pipeline: bash gives them to its last command (`ls | rm 2>/dev/null -rf /`). */
  tailWords: Node[];
}

const NONE: Inherit = { redirects: [], tail: [], background: false, inCommand: false, words: [], tailWords: [] };
const COMMANDS = new Set(['command', 'declaration_command', 'unset_command']);
const MAY_EXPAND = /[$`]|[<>]\(/;
const span = (n: Node): Span => ({ start: n.startIndex, end: n.endIndex });

/** `\<newline>` between two word nodes means bash reads them as one word (`r\⏎m` is `rm`). */
function isLineJoin(source: string, from: number, to: number): boolean {
  return to > from && source[from] === '\\' && /^(\\\r?\n)+$/.test(source.slice(from, to));
}

/**
 * The tabs of `\<tab>` between two word nodes, which bash reads as part of one word (`rm\⇥-rf\⇥~` is one word, so
 * `bash -c rm\⇥-rf\⇥~` runs `rm -rf ~`), or null when the gap is not escaped tabs alone.
 */
function escapedTabs(source: string, from: number, to: number): string | null {
  const gap = source.slice(from, to);
  return to > from && /^(\\\t)+$/.test(gap) ? gap.replaceAll('\\', '') : null;
}

/** Whether bash reads two word nodes as one word: nothing between them, or only escaped tabs or line continuations. */
function joinsAsOneWord(source: string, from: number, to: number): boolean {
  return to === from || (source[from] === '\\' && (isLineJoin(source, from, to) || escapedTabs(source, from, to) !== null));
}

/** A bare `$` node right before a string: the `$"…"` of a locale-translated string, which adds no character. */
function translatedMark(n: Node, next: Node | undefined): boolean {
  return n.type === '$' && next?.type === 'string' && next.startIndex === n.endIndex;
}

function readWords(nodes: Node[], st: WalkState): Word[] {
  if (nodes.some((n, i) => translatedMark(n, nodes[i + 1]))) nodes = nodes.filter((n, i) => !translatedMark(n, nodes[i + 1]));
  const read = nodes.map((n) => readWord(n, st.source));
  // Nodes bash joins into one word (rare) make the list again; otherwise it is the nodes' words as they are.
  let joins = false;
  for (let i = 1; i < read.length && !joins; i++) joins = joinsAsOneWord(st.source, read[i - 1]!.span.end, read[i]!.span.start);
  if (!joins) return read;
  const words: Word[] = [];
  for (const w of read) {
    const prev = words[words.length - 1];
    const tabs = prev ? escapedTabs(st.source, prev.span.end, w.span.start) : null;
    // Nodes with nothing between them are one word to bash: tree-sitter splits `{\/,x}` into `{` and `\/,x}`.
    if (prev && w.span.start === prev.span.end) words[words.length - 1] = joinWords(prev, w);
    else if (prev && tabs !== null) {
      words[words.length - 1] = joinWords(joinWords(prev, syntheticWord(tabs, { start: prev.span.end, end: w.span.start })), w);
    } else if (prev && isLineJoin(st.source, prev.span.end, w.span.start)) {
      words[words.length - 1] = joinWords(prev, w);
      flag(st.findings, 'obfuscation', 'a line continuation splits one word in two, hiding what it says', st.at({ start: prev.span.start, end: w.span.end }));
    } else words.push(w);
  }
  return words;
}

function readAssignment(n: Node, st: WalkState): Assignment {
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

function checkAssignment(a: Assignment, st: WalkState): void {
  if (isCodeRunningEnv(a.name)) {
    flag(st.findings, 'code-execution', `setting ${a.name} changes what programs load or run`, st.at(a.span));
  }
}


/** `export A=1 B`, `unset X`: the keyword and each operand become words (assignments as `NAME=value`). */
function declarationWords(n: Node, st: WalkState): Word[] {
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

function emitCommand(n: Node, type: string, st: WalkState, scope: Scope, inh: Inherit): void {
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
  // The list is the walk's own: each word is put in place with its known value.
  const read = plain ? readWords(wordNodes, st) : declarationWords(n, st);
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
  // `cd x &` runs in a child process: the shell's own directory does not change.
  if (inh.background) scope.afterCd = undefined;
  else nextCwd(words, scope, st.ctx);
}

/** Records what `NAME=value` commands set, for words that expand NAME later (a run-time value forgets it). */
function remember(assignments: Assignment[], scope: Scope): void {
  if (assignments.length === 0) return;
  const known = new Map(scope.known);
  for (const a of assignments) {
    const value = a.dynamic ? expansionValue(a.value, scope) : a.value;
    if (value === null) known.delete(a.name);
    else known.set(a.name, value);
  }
  scope.known = known;
}

const NAMED = /^\$(?:([A-Za-z_]\w*)|\{([A-Za-z_]\w*)\})$/;
const DEFAULTED = /^\$\{([A-Za-z_]\w*):?[-=]((?:[^$`}]|\$[A-Za-z_]\w*|\$\{[A-Za-z_]\w*\})*)\}$/;
const PWD_SUB = /^(?:\$\(\s*pwd\s*\)|`\s*pwd\s*`)$/;
// The parameters a script given no arguments has empty: `$@`, `${*}`, `$1`… (`r$@m -rf ~` runs `rm -rf ~`).
const NO_ARG = /^\$(?:[@*1-9]|\{(?:[@*]|[1-9]\d*)\})$/;
const SILENT_SUB = /^(?:\$\(\s*(?:true|:|false|exit(?:\s+\d+)?)?\s*\)|`\s*(?:true|:|false|exit(?:\s+\d+)?)?\s*`)$/;
// Expansions empty whatever the variable holds: an empty alternative (`${x:+}`), a zero-length slice, every character removed.
const ALWAYS_EMPTY = /^\$\{[A-Za-z_]\w*(?::?\+|:\d+:0|%%\*|##\*|\/\/?\*)\}$/;

/** The value an expansion has for sure (or, for `${X:-d}` with X unknown, most likely): else null. */
function expansionValue(e: string, scope: Scope): string | null {
  const named = NAMED.exec(e);
  // HOME is always set: `~` stands for it (`rm -rf "$HOME/$(echo)"`, `X=$HOME; rm -rf $X`).
  if (named) return variableValue(named[1] ?? named[2]!, scope.known);
  const defaulted = DEFAULTED.exec(e);
  // An unset variable gives the default; deny checks must see what runs in the likely case.
  if (defaulted) return variableValue(defaulted[1]!, scope.known) ?? withVariables(defaulted[2]!.replace(/['"]/g, ''), scope.known);
  if (scope.noArgs && NO_ARG.test(e)) return '';
  // tree-sitter reads `$1m` as one expansion; bash reads `$1` (one digit) and then the text `m`.
  const digit = scope.noArgs ? /^\$[1-9](\w+)$/.exec(e) : null;
  if (digit) return digit[1]!;
  if (PWD_SUB.test(e)) return scope.cwd;
  if (ALWAYS_EMPTY.test(e)) return '';
  if (SILENT_SUB.test(e)) return '';
  // `$(echo rm -rf /)`, `$(echo $HOME)`, `$(dirname ~/x)`: what the substitution prints, when its words fix it.
  return printedValue(e, scope.known);
}

/**
 * A run-time word whose every expansion has a value fixed by the script itself, with that value in place. It stays
 * dynamic (no rule vouches for it), but deny rules, hard denies and the tamper guard see what will run.
 * Threat: `X=/; rm -rf $X`, `rm -rf "$(pwd)"`, `rm -rf $(echo /)`, `x=rm; $x -rf ~/proj`.
 */
function withKnownValue(w: Word, scope: Scope): Word {
  if (!w.dynamic || w.expansions.length === 0) return w;
  let value = w.value;
  // `${X:-d}` is only the likely value: X may come from the environment.
  let sure = true;
  for (const e of w.expansions) {
    const v = expansionValue(e, scope);
    if (v === null) return w;
    if (DEFAULTED.test(e)) sure = false;
    value = value.replaceAll(e, v);
  }
  return sure ? { ...w, value, known: true } : { ...w, value };
}


/** For redirect targets: the value a run-time word has for sure in this scope, or null. */
function knownValueIn(scope: Scope): (w: Word) => string | null {
  return (w) => {
    const k = withKnownValue(w, scope);
    return k === w ? null : k.value;
  };
}

/** The command once for each value of a bound loop variable (or `sh -c` parameter) its words or redirects expand (`"$f"`, `of=$t`); as written otherwise. */
function loopVariants(words: Word[], scope: Scope, redirects: Node[]): Array<{ words: Word[]; bound?: [string, string] }> {
  if (!scope.vars) return [{ words }];
  const spellings = (name: string): string[] => [`$${name}`, `\${${name}}`];
  const uses = (w: Word, name: string): boolean => w.dynamic && w.expansions.length > 0 && w.expansions.every((e) => spellings(name).includes(e));
  const put = (w: Word, name: string, v: Word): Word => {
    const value = spellings(name).reduce((t, sp) => t.replaceAll(sp, v.value), w.value);
    // A glob value (`for f in src/*.ts`) stands for every file it expands to, so it stays a glob for the probe and tiers.
    return { ...w, value, segments: [{ text: value, literal: !/[*?[]/.test(v.value) }], dynamic: false, expansions: [] };
  };
  // A variable of one value (each `$1` of `sh -c '$1 $2' _ rm /`) is put in place at once; the first of more values branches.
  let fixed = words;
  for (const [name, values] of scope.vars) {
    const inRedirect = redirects.some((r) => spellings(name).some((sp) => r.text.includes(sp)));
    if (!fixed.some((w) => uses(w, name)) && !inRedirect) continue;
    if (values.length === 1 && !inRedirect) {
      fixed = fixed.map((w) => (uses(w, name) ? put(w, name, values[0]!) : w));
      continue;
    }
    return values.map((v) => ({ words: fixed.map((w) => (uses(w, name) ? put(w, name, v) : w)), bound: [name, v.value] as [string, string] }));
  }
  return [{ words: fixed }];
}

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

/** A function that calls itself in a pipeline or in the background multiplies processes until the system stalls. */
function isForkBomb(fn: Node): boolean {
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

function substitution(n: Node, st: WalkState): void {
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

/**
 * `while true; do x & done`, `until false; do x & done`, `for ((;;)); do x & done`: a loop that never ends and puts
 * a command in the background each turn.
 */
// Groupings a background job inside a loop's body may sit in: each turn still starts it (`while :; do (sleep 9 &); done`).
const GROUPS = new Set(['subshell', 'compound_statement', 'list', 'redirected_statement', 'pipeline', 'if_statement', 'elif_clause', 'else_clause', 'do_group']);

/** Whether `n` starts a job in the background, directly or inside a grouping (not a function or loop of its own). */
function startsBackground(n: Node): boolean {
  return n.children.some((c) => c.type === '&') || n.namedChildren.some((c) => GROUPS.has(c.type) && startsBackground(c));
}

function isEndlessSpawner(n: Node): boolean {
  const body = n.childForFieldName('body');
  if (!body || !startsBackground(body)) return false;
  if (n.type === 'c_style_for_statement') return !/;\s*[^;\s][^;]*;/.test(n.text.slice(0, n.text.indexOf('))') + 2)) || /\(\(\s*;\s*;/.test(n.text);
  const keyword = n.children[0]?.type;
  const cond = n.childForFieldName('condition')?.text.replace(/;$/, '').trim() ?? '';
  return keyword === 'until' ? /^(false|!\s*(true|:))$/.test(cond) : /^(true|:|\[\s*1\s*\]|\(\(\s*1\s*\)\))$/.test(cond);
}

/** Blocks a condition on a variable from the environment: what runs after it tells the value (tested-variables.ts). */
function conditionOnSecret(n: Node, condition: string, st: WalkState): void {
  if (!condition.includes('$')) return;
  if (st.clean === undefined) {
    let root = n;
    while (root.parent) root = root.parent;
    st.clean = cleanNames(root);
  }
  const name = testedSecret(condition, st.clean);
  if (name !== undefined) block(st.findings, `the condition tests $${name}, a value from the environment: what runs after it tells that value`, st.at(span(n)));
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
        checkAssignment(a, st);
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
