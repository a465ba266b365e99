// awk programs that run commands or write files: `awk:*` is allowed to read text, not to call system().
import { block, flag } from '../findings.js';
import { isOneOf, longIs, scanArgs, type OptSpec } from '../options.js';
import { programOnStdin, wordSpan, wordsSpan, type CheckInput } from './context.js';
import { checkEmbedded } from './embedded.js';

const AWK: OptSpec = {
  shortValue: 'FvfeEilW',
  shortAttached: 'odp',
  longValue: ['field-separator', 'assign', 'file', 'source', 'exec', 'include', 'load'],
};

/** What an awk program can do beyond reading its input: a risk flag, or `reads-file` for a file it opens by name. */
type AwkEffect = { flag: 'code-execution' | 'writes-file' | 'reads-file'; what: string };

// Words after which a `/` starts a regex although a word precedes it (`print /x/`, `return /x/`).
const REGEX_AFTER_WORD = /(^|[^\w$])(print|printf|return|case|in|do|else|getline)$/;

/** Whether a `/` after `before` (the program so far, literals emptied) is division: it follows an operand. */
function isDivision(before: string): boolean {
  const t = before.trimEnd();
  // A name, a number, `)`, `]`, `$1`, a string or regex literal (`""`, `//`), or a postfix `i++`/`i--`.
  return /([\w)\].$"/]|\+\+|--)$/.test(t) && !REGEX_AFTER_WORD.test(t);
}

/**
 * The program with comments removed and string and regex literals emptied, read the way awk's lexer does: a `/`
 * after an operand (a name, a number, `)`, `]`, `$1`, a string, `i++`) is division, not the start of a regex; read
 * as a regex it would hide `system()` or a redirect behind it. Strings end at a newline, `#` starts a comment.
 */
function stripLiterals(program: string): string {
  let out = '';
  let i = 0;
  while (i < program.length) {
    const c = program[i]!;
    if (c === '#') {
      while (i < program.length && program[i] !== '\n') i++;
    } else if (c === '"' || (c === '/' && !isDivision(out))) {
      // A string, or a regex where an operand may start: skip to its unescaped end (a regex's `[...]` may hold a `/`).
      let j = i + 1;
      let bracket = false;
      for (; j < program.length; j++) {
        const d = program[j]!;
        if (d === '\\') j++;
        else if (c === '/' && d === '[') bracket = true;
        else if (c === '/' && d === ']') bracket = false;
        else if (d === c && !bracket) break;
        else if (d === '\n') break;
      }
      out += c + c;
      // An unterminated literal ends at the newline, which still separates statements.
      i = program[j] === '\n' ? j : j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** The effects an awk program text can have, found after removing its string literals. */
export function awkEffects(program: string): AwkEffect[] {
  // Backslash-newline continues a line; regex literals may hold a `"` that would unbalance the string stripping.
  const code = stripLiterals(program.replace(/\\\r?\n/g, ' '));
  const out: AwkEffect[] = [];
  if (/\bsystem\s*\(/.test(code)) out.push({ flag: 'code-execution', what: 'system() runs a shell command' });
  if (/\|\s*&?\s*getline\b/.test(code) || /\|&/.test(code)) out.push({ flag: 'code-execution', what: '"cmd" | getline runs a shell command' });
  if (/\bprintf?\b[^;{}\n|]*\|(?!\|)/.test(code)) out.push({ flag: 'code-execution', what: 'print | "cmd" pipes output into a shell command' });
  if (/\bprintf?\b[^;{}\n]*>/.test(code)) out.push({ flag: 'writes-file', what: 'print > file writes a file' });
  if (/\bgetline\b[^;{}\n|]*</.test(code)) out.push({ flag: 'reads-file', what: 'getline < file reads a file named in the program' });
  if (/@load\b/.test(code)) out.push({ flag: 'code-execution', what: '@load loads a compiled extension' });
  if (/@include\b/.test(code)) out.push({ flag: 'code-execution', what: '@include runs code from another file' });
  if (/@\w+\s*\(/.test(code)) out.push({ flag: 'code-execution', what: 'an indirect call @name(…) can call system()' });
  if (/\bARGV\s*\[[^\]]*\]\s*=(?!=)|\b(sub|gsub|split|patsplit)\s*\([^;{}]*\bARGV\b|\bARGC\s*=(?!=)|\bgetline\b[^;{}]*\bARGV\b/.test(code)) {
    out.push({ flag: 'reads-file', what: 'rewriting ARGV or ARGC makes it read files named in the program' });
  }
  if (/\bENVIRON\b|\bPROCINFO\b/.test(code)) out.push({ flag: 'reads-file', what: 'ENVIRON shows environment variables, where tokens live' });
  return out;
}

// Command lines in awk text: `"cmd" | getline` and `print … | "cmd"` run cmd; `print "cmd" | "sh"` feeds cmd to a shell.
const AWK_COMMANDS = [
  /"((?:[^"\\]|\\.)*)"\s*\|\s*getline/g,
  /(?<!\|)\|&?\s*"((?:[^"\\]|\\.)*)"/g,
  /printf?\s*\(?\s*"((?:[^"\\]|\\.)*)"\s*\)?\s*\|\s*"(?:\/bin\/|\/usr\/bin\/)?(?:sh|bash|dash|zsh|ksh)"/g,
];

/** The shell command lines an awk program's literal strings spell (its system() calls are found by checkEmbedded). */
function awkShellCommands(code: string): string[] {
  return AWK_COMMANDS.flatMap((re) => [...code.matchAll(re)].map((m) => m[1]!.replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1')));
}

/**
 * Flags awk programs with system(), command pipes, output redirection, and program files that cannot be read.
 * Threat: `awk 'BEGIN{system("rm -rf ~")}'`, `awk '{print > "/home/u/.bashrc"}'` under an allow rule for awk.
 */
export function checkAwk(c: CheckInput): void {
  const argv = c.cmd.argv;
  const scan = scanArgs(argv, 1, AWK);
  const programs: Array<{ text: string; at: number }> = [];
  let fromFile = false;
  for (const o of scan.opts) {
    const at = wordsSpan(c, o.index, o.valueIndex);
    if (isOneOf(o, ['e', 'source'])) programs.push({ text: o.value ?? '', at: o.valueIndex });
    else if (isOneOf(o, ['f', 'file', 'E', 'exec', 'i', 'include'])) {
      fromFile = true;
      // `… | awk -f -`: the program file is stdin, whose text the command line fixes.
      const fed = programOnStdin(c, o.value);
      if (fed !== null) programs.push({ text: fed, at: o.valueIndex });
      else block(c.f, `awk -${o.long ? '-' : ''}${o.name} ${o.value ?? ''} runs a program file whose code cannot be checked`, at);
    } else if (isOneOf(o, ['l', 'load'])) flag(c.f, 'code-execution', `awk --load ${o.value ?? ''} loads a compiled extension`, at);
    else if (o.name === 'W' && !o.long) block(c.f, `awk -W ${o.value ?? ''} sets an option this check does not read`, at);
    else if (o.long && ['dump-variables', 'profile', 'pretty-print', 'debug'].some((n) => longIs(o.name, n))) {
      flag(c.f, 'writes-file', `awk --${o.name} writes a file`, at);
    }
    else if ('odp'.includes(o.name) && !o.long) flag(c.f, 'writes-file', `awk -${o.name} writes a ${o.name === 'd' ? 'variable dump' : o.name === 'p' ? 'profile' : 'program listing'} file`, at);
  }
  const first = scan.operands[0];
  if (programs.length === 0 && !fromFile && first !== undefined) programs.push({ text: argv[first]!, at: first });
  for (const p of programs) {
    for (const e of awkEffects(p.text)) {
      if (e.flag === 'reads-file') block(c.f, `awk ${e.what}`, wordSpan(c, p.at));
      else flag(c.f, e.flag, `awk ${e.what}`, wordSpan(c, p.at));
    }
    checkEmbedded(c, p.text, 'awk');
    for (const text of awkShellCommands(p.text)) c.scripts.push({ text, via: 'awk' });
  }
}
