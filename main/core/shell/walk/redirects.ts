// Classifies redirections: fd duplication and /dev/null are harmless, writes need approval, writes to disks are never allowed.
import type { SyntaxNode as Node } from './syntax-tree.js';
import { flag, type Findings } from '../findings.js';
import { absolutePath, isHarmlessSink, isInside, machineHarm, systemFile } from '../paths.js';
import type { Redirect, ShellContext, Span } from '../types.js';
import { expandWords } from '../words/braces.js';
import { readWord, type Word } from '../words/words.js';

/** A redirect plus, for heredocs and here-strings, the text it feeds to the command's stdin. */
export interface ReadRedirect {
  redirect: Redirect;
  /** Body of a heredoc / here-string; `dynamic` when it has expansions bash fills in at run time (`expansions`, as written). */
  stdin?: { text: string; dynamic: boolean; span: Span; expansions: string[] };
  /** Commands inside backquotes (or a `$(…)` tree-sitter left as text) of an unquoted heredoc body, which bash runs. */
  backticks?: Array<{ text: string; span: Span }>;
  /** A file redirect whose target is only known at run time, to read again where a loop binds its variables. */
  node?: Node;
}

function backquoted(text: string, offset: number): Array<{ text: string; span: Span }> {
  return [...text.matchAll(/(?<!\\)`((?:[^`\\]|\\.)*)`/gs)].map((m) => ({ text: m[1]!, span: { start: offset + m.index + 1, end: offset + m.index + 1 + m[1]!.length } }));
}

/**
 * The expansions of an unquoted heredoc body that tree-sitter left as plain text (it does for a `<<-` body whose first
 * line starts with a tab): `$(…)` with balanced parentheses, `$((…))`, `${…}` and `$NAME`, with where each starts.
 * Threat: `cat <<-EOF` ⏎ `⇥$(rm -rf ~)` ⏎ `⇥EOF` runs rm -rf ~, and `⇥${API_KEY}` prints a token, unseen.
 */
export function textExpansions(text: string): Array<{ text: string; at: number }> {
  const out: Array<{ text: string; at: number }> = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') {
      i++;
      continue;
    }
    if (text[i] !== '$') continue;
    const next = text[i + 1] ?? '';
    if (next === '(' || next === '{') {
      const close = next === '(' ? ')' : '}';
      let depth = 0;
      let j = i + 1;
      for (; j < text.length; j++) {
        if (text[j] === next) depth++;
        else if (text[j] === close && --depth === 0) break;
      }
      out.push({ text: text.slice(i, j + 1), at: i });
      i = j;
    } else {
      const name = /^([A-Za-z_]\w*|[0-9@*#?$!-])/.exec(text.slice(i + 1))?.[0];
      if (name !== undefined) out.push({ text: `$${name}`, at: i });
    }
  }
  return out;
}

function heredoc(node: Node): ReadRedirect {
  const start = node.children.find((c) => c.type === 'heredoc_start');
  const body = node.children.find((c) => c.type === 'heredoc_body');
  const op = node.children.find((c) => !c.isNamed)?.type ?? '<<';
  const quoted = start ? /['"\\]/.test(start.text) : false;
  const parsed = body?.namedChildren.some((c) => c.type !== 'heredoc_content') ?? false;
  const missed = !quoted && body && !parsed ? textExpansions(body.text) : [];
  // A `$(…)` tree-sitter left as text runs as a backquoted command does.
  const substitutions = missed.filter((e) => e.text.startsWith('$(') && !e.text.startsWith('$((')).map((e) => ({ text: e.text.slice(2, -1), span: { start: body!.startIndex + e.at + 2, end: body!.startIndex + e.at + e.text.length - 1 } }));
  const ticks = !quoted && body ? [...backquoted(body.text, body.startIndex), ...substitutions] : [];
  const dynamic = ticks.length > 0 || missed.length > 0 || (!quoted && parsed);
  let text = body?.text ?? '';
  if (!quoted) text = text.replace(/\\(\r?\n|[$`\\])/g, (_m, c: string) => (c.endsWith('\n') ? '' : c));
  if (op === '<<-') text = text.replace(/^\t+/gm, '');
  const span = body ? { start: body.startIndex, end: body.endIndex } : { start: node.startIndex, end: node.endIndex };
  const expansions = quoted || !body ? [] : parsed ? body.namedChildren.filter((c) => c.type !== 'heredoc_content').map((c) => c.text) : missed.map((e) => e.text);
  return {
    redirect: { op, target: null, kind: 'heredoc', span: { start: node.startIndex, end: node.endIndex } },
    stdin: { text, dynamic, span, expansions },
    ...(ticks.length > 0 ? { backticks: ticks } : {}),
  };
}

/**
 * Words tree-sitter hangs on a redirect that bash reads as the command's own arguments: in `rm 2>/dev/null -rf /`
 * the redirect node holds `/dev/null`, `-rf` and `/`; in `cat <<X ~/.ssh/id_rsa` the heredoc node holds the path.
 */
export function trailingWords(node: Node): Node[] {
  if (node.type === 'file_redirect') return node.childrenForFieldName('destination').slice(1);
  if (node.type === 'heredoc_redirect') return node.childrenForFieldName('argument');
  return [];
}

/**
 * A redirect's target as bash reads it: brace-expanded (`> settings.jso{n..n}` writes settings.json), and a run-time
 * word when the braces make more or fewer than one word (bash then refuses an ambiguous redirect; judged unknown here).
 * Threat: `echo {} > .claude/settings.jso{n..n}` past the tamper guard, `> /dev/sd{a..a}` past the disk check.
 */
function targetWord(w: Word): Word {
  const words = expandWords([w]);
  return words.length === 1 ? words[0]! : { ...w, dynamic: true, expansions: [...w.expansions, w.value] };
}

/**
 * Reads one `file_redirect`, `heredoc_redirect` or `herestring_redirect` node. `knownValue` gives the value a run-time
 * target has for sure (`F=.claude/settings.json; echo {} > $F`), so the write is judged where it lands.
 */
export function readRedirect(node: Node, source: string, knownValue?: (w: Word) => string | null): ReadRedirect {
  const dest0 = node.type === 'file_redirect' ? node.childForFieldName('destination') : null;
  // The redirect ends with its own target; words after it are the command's (trailingWords).
  const span = { start: node.startIndex, end: dest0 ? dest0.endIndex : node.endIndex };
  if (node.type === 'heredoc_redirect') return heredoc(node);
  if (node.type === 'herestring_redirect') {
    const arg = node.namedChildren[0];
    const w = arg ? readWord(arg, source) : null;
    return {
      redirect: { op: '<<<', target: null, kind: 'heredoc', span },
      stdin: { text: `${w?.value ?? ''}\n`, dynamic: w?.dynamic ?? true, span: w?.span ?? span, expansions: w?.expansions ?? [] },
    };
  }
  const fd = node.childForFieldName('descriptor')?.text ?? '';
  const opNode = node.children.find((c) => !c.isNamed);
  const operator = opNode?.type ?? '>';
  const dest = node.childForFieldName('destination');
  const word = dest ? targetWord(readWord(dest, source)) : null;
  // `> "$HOME/.bashrc"`, `> $PWD/x` still name a known file: $HOME and $PWD (the folder it runs in) have known values.
  const known = word !== null && (!word.dynamic || word.expansions.every((e) => /^\$(HOME|\{HOME\}|PWD|\{PWD\})$/.test(e)) && /^\$\{?(HOME|PWD)\b/.test(word.value));
  const target = known ? word.value : word !== null && knownValue ? knownValue(word) : null;
  const op = fd + operator;
  let kind: Redirect['kind'];
  if (operator === '>&-' || operator === '<&-' || ((operator === '>&' || operator === '<&') && target !== null && /^(\d+|-)$/.test(target))) {
    kind = 'fd-dup';
  } else if (target !== null && target === '/dev/null') kind = 'null';
  else if (target !== null && isHarmlessSink(target)) kind = 'fd-dup';
  else if (operator === '<' || operator === '<&') kind = 'read';
  else kind = 'write';
  return target === null && word !== null ? { redirect: { op, target, kind, span }, node } : { redirect: { op, target, kind, span } };
}

/**
 * Flags what a redirect does: a file write needs approval; a write onto a disk device is never allowed.
 * Threat: `git show HEAD > ~/.ssh/authorized_keys` under an allow rule for `git show`; `echo x > /dev/sda`, `> /etc/passwd`; `cat < /dev/tcp/h/80`.
 */
export function checkRedirect(r: Redirect, cwd: string, ctx: ShellContext, f: Findings, at: (s: Span) => Span): void {
  const span = at(r.span);
  if (r.target !== null && /^\/dev\/(tcp|udp)\//.test(r.target)) {
    flag(f, 'network', `redirect ${r.op} ${r.target} opens a network connection`, span);
    return;
  }
  if (r.kind !== 'write') return;
  if (r.target === null) {
    flag(f, 'writes-file', `redirect ${r.op} writes to a file whose name is only known at run time`, span);
    return;
  }
  const abs = absolutePath(r.target, cwd, ctx.home);
  const harm = machineHarm(abs);
  if (harm !== null) {
    flag(f, 'destructive', `redirect ${r.op} ${r.target} writes ${harm}`, span, 'hard');
    return;
  }
  // `> /etc/passwd`, `: > /etc/shadow` truncate a file the system needs (`>>` only appends).
  if (!r.op.includes('>>') && systemFile(abs)) flag(f, 'destructive', `redirect ${r.op} ${r.target} empties a system file`, span, 'hard');
  flag(f, 'writes-file', `redirect ${r.op} writes the file ${r.target}`, span, isInside(abs, ctx.cwd) ? 'write' : 'block', abs);
  if (!isInside(abs, ctx.cwd)) flag(f, 'outside-workspace', `redirect ${r.op} writes ${r.target}, outside the workspace`, span);
}
