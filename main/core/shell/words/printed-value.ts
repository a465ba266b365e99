// What a command substitution prints when the engine can tell for sure without running it: `$(echo $HOME)`,
// `` `printf %s ~` ``, `$(dirname ~/x)`: echo, printf, dirname and basename of plain words and variables whose value
// the script fixes. Anything else (a pipe, another program, an unknown variable, a glob) is not known.
import path from 'node:path';
import { printfText } from './static-output.js';

// A piece of a word of the substitution's body: single-quoted text, double-quoted text with `$NAME`, `$NAME`, plain
// characters; or the blanks between words.
const PART = /'([^']*)'|"((?:[^"$`\\]|\$[A-Za-z_]\w*|\$\{[A-Za-z_]\w*\})*)"|(\$[A-Za-z_]\w*|\$\{[A-Za-z_]\w*\})|([\w./+,:@%=~-]+)|([ \t]+)/y;
const VARIABLE = /\$(?:([A-Za-z_]\w*)|\{([A-Za-z_]\w*)\})/g;

/** A variable's value, `~` for an unassigned HOME (read downstream as the home directory), or null when unknown. */
export function variableValue(name: string, known: ReadonlyMap<string, string> | undefined): string | null {
  return known?.get(name) ?? (name === 'HOME' ? '~' : null);
}

/** Text with each `$NAME` / `${NAME}` in it replaced by its value, or null when one is unknown. */
export function withVariables(text: string, known: ReadonlyMap<string, string> | undefined): string | null {
  let unknown = false;
  const out = text.replace(VARIABLE, (_v, a?: string, b?: string) => variableValue(a ?? b!, known) ?? ((unknown = true), ''));
  return unknown ? null : out;
}

/** The value of one piece of a word, or null when it is not fully known (`first`: the piece starts the word). */
function pieceValue(m: RegExpExecArray, first: boolean, known: ReadonlyMap<string, string> | undefined): string | null {
  const [, single, double, unquoted, plain] = m;
  // Quoted `~` and `$` are literal characters, which the value would read as the home directory or a variable.
  if (single !== undefined) return /[$`]/.test(single) || (first && single.startsWith('~')) ? null : single;
  // A `~` that does not start the word is a literal character.
  if (plain !== undefined) return !first && plain.includes('~') ? null : plain;
  if (first && double?.startsWith('~')) return null;
  const value = withVariables(double ?? unquoted!, known);
  // An unquoted value is split and globbed by the shell.
  return value === null || (unquoted !== undefined && /[\s*?[]/.test(value)) ? null : value;
}

/** The words of `body` after expansion, or null when one is not fully known. */
function bodyWords(body: string, known: ReadonlyMap<string, string> | undefined): string[] | null {
  const words: string[] = [];
  let word: string | null = null;
  const text = body.trim();
  PART.lastIndex = 0;
  while (PART.lastIndex < text.length) {
    const m = PART.exec(text);
    if (m === null) return null;
    if (m[5] !== undefined) {
      if (word !== null) words.push(word);
      word = null;
      continue;
    }
    const value = pieceValue(m, word === null, known);
    if (value === null) return null;
    word = (word ?? '') + value;
  }
  if (word !== null) words.push(word);
  return words;
}

/** `dirname P` of a word whose home directory is still spelled `~`: null when the answer needs the home's own path. */
function dirnameOf(p: string): string | null {
  if (p === '~' || p === '~/') return null;
  return path.posix.dirname(p);
}

/** `basename P [SUFFIX]`, or null when the answer needs the home's own path. */
function basenameOf(p: string, suffix: string | undefined): string | null {
  if (/^~\/*$/.test(p)) return null;
  // `basename /` prints `/`.
  const base = /^\/+$/.test(p) ? '/' : path.posix.basename(p);
  return suffix !== undefined && base !== suffix && base.endsWith(suffix) ? base.slice(0, -suffix.length) : base;
}

/** What `echo`, `printf`, `dirname` or `basename` with these words prints (trailing newlines dropped), or null. */
function printed(words: readonly string[]): string | null {
  // `command echo`, `builtin echo` run the same builtin.
  const [program, ...args] = /^(command|builtin)$/.test(words[0] ?? '') ? words.slice(1) : words;
  if (program === 'echo') {
    let i = 0;
    let escapes = false;
    for (; /^-[neE]+$/.test(args[i] ?? ''); i++) escapes ||= args[i]!.includes('e');
    const text = args.slice(i).join(' ');
    // `echo -e` decodes backslash escapes.
    return escapes && text.includes('\\') ? null : text;
  }
  if (program === 'printf') {
    const [format, ...values] = args;
    if (format === undefined || format.startsWith('-') || /\\/.test(format)) return null;
    return printfText(format, values)?.replace(/\n+$/, '') ?? null;
  }
  if (args.length === 0 || args.some((a) => a.startsWith('-'))) return null;
  if (program === 'dirname' && args.length === 1) return dirnameOf(args[0]!);
  if (program === 'basename' && args.length <= 2) return basenameOf(args[0]!, args[1]);
  return null;
}

const PRINTER = /^\s*((command|builtin)\s+)?(echo|printf|dirname|basename)(\s|;?\s*$)/;

/**
 * The text `$(BODY)` or `` `BODY` `` prints, when its words and `known` variables fix it; else null.
 * Threat: `rm -rf "$(echo $HOME)"`, `rm -rf $(dirname ~/x)`, `rm -rf "$(printf %s "$HOME")"` hide the home directory.
 */
export function printedValue(substitution: string, known: ReadonlyMap<string, string> | undefined): string | null {
  const body = substitution.startsWith('$(') && substitution.endsWith(')') ? substitution.slice(2, -1) : substitution.startsWith('`') && substitution.endsWith('`') ? substitution.slice(1, -1) : null;
  if (body === null || !PRINTER.test(body)) return null;
  // A trailing `;` ends the one command.
  const words = bodyWords(body.replace(/;\s*$/, ''), known);
  return words === null ? null : printed(words);
}
