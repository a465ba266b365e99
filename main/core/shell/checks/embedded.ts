// Shell commands written as string literals inside interpreter one-liners and awk programs (`system("rm -rf /")`).
import { shellQuote } from '../words/argv.js';
import { flag } from '../findings.js';
import { protectedTarget } from '../paths.js';
import type { CheckInput } from './context.js';

// Perl's and Ruby's calls need no parentheses (`system "rm -rf ~"`, `exec 'sh'`), so `(` is optional for those names.
const RUNS_SHELL = /\b(?:(?:system|exec|spawn)\s*\(?|(?:popen|execSync|spawnSync|check_output|check_call|call|run|Popen|getoutput|getstatusoutput|passthru|shell_exec|proc_open|execute)\s*\()\s*\[?\s*(["'`])((?:\\.|(?!\1)[^\\])*)\1/g;
// Library calls that delete a tree (with or without parentheses), and the short names that do only with them: Node's
// `fs.rm`/`fs.promises.rm('/', {recursive: true})`, Deno's `remove`, Ruby's `FileUtils.remove_entry`, Python's `os.removedirs`.
const TREE_DELETE = /\b(?:rmtree|rm_rf|rm_r|remove_tree|rmSync|rmdirSync|rimraf|removeSync|emptyDirSync|remove_dir_all|unlink_r|remove_dir|(?:rm|rmdir|remove|remove_entry(?:_secure)?|removedirs)(?=\s*\())\s*(?:\(\s*|\s)(?:(["'])((?:\\.|(?!\1)[^\\])*)\1\s*(?:[,);]|$)|([^\n;]{0,120}))/g;
// Calls that run a program with its arguments as separate values: `run(['rm', '-rf', '/'])`, `execFileSync('rm', ['-rf',
// '/'])`, `os.execvp('rm', ['rm', '-rf', '/'])`, `os.spawnlp(os.P_WAIT, 'rm', 'rm', '-rf', '/')`, `system('rm', '-rf', $ENV{HOME})`.
const ARGV_CALL = /\b(?:run|call|Popen|check_output|check_call|spawnSync|spawn|execFileSync|execFile|exec[lv]p?e?|spawn[lv]p?e?|system|exec)\s*\(/g;
const STRING = /(["'])((?:\\.|(?!\1)[^\\])*)\1/g;
// Perl's and PHP's list form without brackets: `system("gatehouse", "rules", "add", "x")`, `exec('rm', '-rf', $ENV{HOME})`.
const ARG_STRINGS = /\b(?:system|exec|pcntl_exec)\s*\(?\s*((?:(["'])(?:\\.|(?!\2)[^\\])*\2\s*,\s*)+(["'])(?:\\.|(?!\3)[^\\])*\3)/g;
const HOME_EXPR = /expanduser\(\s*["']~\/?["']\s*\)|Path\.home\(\)|homedir\(\)|process\.env(\.HOME|\[["']HOME["']\])|\benviron(\[["']HOME["']\]|\.get\(\s*["']HOME["'])|getenv\(\s*["']HOME["']\s*\)|ENV(\[["']HOME["']\]|\{\s*["']?HOME["']?\s*\}|\.fetch\(\s*["']HOME["'])|Dir\.home|expand_path\(\s*["']~\/?["']|Path\(\s*["']~\/?["']\s*\)\.expanduser\(\)|glob\(\s*["']~\/?["']\s*\)|\$HOME\b|File\.expand_path\(\s*["']~/;

/** The first argument of a call whose text starts at `text`: up to a `,` or the closing `)` at depth 0. */
function firstArgument(text: string): string {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') {
      if (depth === 0) return text.slice(0, i).trim();
      depth--;
    } else if (depth === 0 && (ch === ',' || ch === ';' || ch === '\n')) return text.slice(0, i).trim();
  }
  return text.trim();
}

/** The top-level elements of a call's arguments starting at `text` (one bracketed list flattened), up to its closing `)`. */
function callElements(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote !== '') {
      if (ch === '\\') i++;
      else if (ch === quote) quote = '';
      continue;
    }
    if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '[' && depth === 0 && text.slice(start, i).trim() === '') start = i + 1;
    else if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if ((ch === ')' || ch === ']' || ch === '}') && depth > 0) depth--;
    else if (ch === ']' || ch === ',' || ch === ')') {
      out.push(text.slice(start, i).trim());
      start = i + 1;
      if (ch === ')') return out;
    }
  }
  return out;
}

/** The command line an argv-style call runs: its string arguments, and `~` for one that is the home directory. */
function argvCommand(elements: readonly string[]): string {
  const words = elements.flatMap((e) => {
    const literal = /^(["'])((?:\\.|(?!\1)[^\\])*)\1$/.exec(e);
    if (literal) return [shellQuote(literal[2]!.replace(/\\(["'\\])/g, '$1'))];
    return wholeHome(e) ? ['~'] : [];
  });
  return words.length > 1 ? words.join(' ') : '';
}

/** Whether an expression is the home directory itself (not a path below it: no join, no concatenation). */
function wholeHome(expr: string): boolean {
  return HOME_EXPR.test(expr) && !/join\s*\(|\+|\.\s*["']|\/\s*["']|["']\s*\/|\//.test(expr.replace(HOME_EXPR, ''));
}

// Ruby's and Perl's command literals run their text in a shell: `` `rm -rf ~` ``, `%x(…)`, `qx{…}`.
const COMMAND_LITERAL = /`([^`]+)`|%x\(([^)]*)\)|%x\{([^}]*)\}|\bqx\s*(?:\(([^)]*)\)|\{([^}]*)\}|\/([^/]*)\/)/g;
const HAS_COMMAND_LITERALS = /^(ruby|perl|php)/;

// Tcl's and expect's `exec`/`spawn` take the command's words unquoted (`exec rm -rf ~`, `spawn sh -c {rm -rf ~}`); braces
// are Tcl's single quotes.
const TCL_RUNS = /(?:^|[;[{\n])\s*(?:exec|spawn)\s+([^;\]{}\n]*(?:\{[^}\n]*\}[^;\]{}\n]*)*)/g;
const TCL_FAMILY = /^(tclsh|wish|expect)/;
// Perl's quote operators (`q{/}`, `qq(~)`): the same string as '…', so a library delete of the root is seen.
const PERL_QUOTE = /\bqq?\s*(?:\{([^{}]*)\}|\(([^()]*)\)|\[([^[\]]*)\]|<([^<>]*)>)/g;

/** The shell command strings a piece of program text hands to a shell (`os.system('…')`, `execSync("…")`, awk `system("…")`). */
export function shellStrings(code: string, via = ''): string[] {
  const unescape = (t: string): string => t.replace(/\\(["'`\\])/g, '$1');
  const calls = [...code.matchAll(ARGV_CALL)].map((m) => argvCommand(callElements(code.slice(m.index + m[0].length)))).filter((t) => t !== '');
  const lists = [...calls, ...[...code.matchAll(ARG_STRINGS)].map((m) => [...m[1]!.matchAll(STRING)].map((w) => shellQuote(unescape(w[2]!))).join(' '))];
  const literals = HAS_COMMAND_LITERALS.test(via) ? [...code.matchAll(COMMAND_LITERAL)].map((m) => m.slice(1).find((g) => g !== undefined) ?? '') : [];
  const tcl = TCL_FAMILY.test(via) ? [...code.matchAll(TCL_RUNS)].map((m) => m[1]!.replace(/[{}]/g, "'").trim()).filter((t) => t !== '') : [];
  return [...lists, ...[...code.matchAll(RUNS_SHELL)].map((m) => unescape(m[2]!)), ...literals, ...tcl];
}

// fork() in an endless loop, in the languages agents reach for: `perl -e 'fork while 1'`, `while True: os.fork()`,
// `while(1){fork()}`, `loop { fork }`; and a process spawning itself forever (`os.system("$0 & $0")` is left to the shell check).
const FORK_LOOP = /\bfork\b[^;\n]*\bwhile\s*\(?\s*(1|true|True|fork)\b|\bwhile\s*\(?\s*(1|true|True)\s*\)?[^;]{0,80}?\b(fork|spawn|Popen)\b|\bloop\s*(do|\{)\s*fork\b|\bfor\s*\(\s*;\s*;\s*\)[^;]{0,80}?\b(fork|spawn)\b/;

/**
 * Hands shell strings in program text back for analysis, and hard-denies deleting the root or home by library call.
 * Threat: `python -c 'import shutil; shutil.rmtree("/")'`, `perl -e 'system("rm -rf ~")'`, `node -e "execSync('rm -rf ~')"`.
 */
export function checkEmbedded(c: CheckInput, source: string, via: string): void {
  const code = /^perl/.test(via) ? source.replace(PERL_QUOTE, (_m, ...g: Array<string | undefined>) => `'${g.slice(0, 4).find((x) => x !== undefined) ?? ''}'`) : source;
  for (const text of shellStrings(code, via)) c.scripts.push({ text, via });
  if (FORK_LOOP.test(code)) flag(c.f, 'destructive', `fork bomb: ${via} code starts processes in an endless loop until the system stalls`, c.cmd.span, 'hard');
  // `h = os.path.expanduser("~")`, `my $h = $ENV{HOME};`: names bound to the home directory itself.
  const homeNames = new Set([...code.matchAll(/(\$?[A-Za-z_]\w*)\s*=\s*([^;\n]{1,80})/g)].filter((m) => wholeHome(m[2]!)).map((m) => m[1]!));
  for (const m of code.matchAll(TREE_DELETE)) {
    const target = m[2] ?? '';
    const arg = firstArgument(m[3] ?? '');
    const why = m[3] !== undefined && (wholeHome(arg) || homeNames.has(arg)) ? 'the home directory' : m[2] !== undefined ? protectedTarget(target, c.cwd, c.ctx) : null;
    if (why !== null) flag(c.f, 'destructive', `${via} code deletes ${why}`, c.cmd.span, 'hard');
  }
}
