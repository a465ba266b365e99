// Checks every command gets, whatever its program: hidden spellings, run-time words, code-running environment.
import { isValueSubstitution } from '../words/value-substitution.js';
import { block, flag, undecidable } from '../findings.js';
import { isCodeRunningEnv } from '../operands/env-vars.js';
import { lookedUpProgram } from '../walk/respelled.js';
import type { Span } from '../types.js';
import type { Assignment } from '../walk/types.js';
import type { Word } from '../words/words.js';

const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF\u00AD]/;
const FAKE_DASH = /^[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/;
const ESCAPES = /\\(x[0-9a-fA-F]{2}|[0-7]{3}|u[0-9a-fA-F]{4})/;
const NOT_PRINTABLE_ASCII = /[^\x21-\x7e]/;
const GLOB_CHAR = /[*?[]/;

/**
 * Flags spellings meant to hide what runs: escape-coded or non-ASCII program names, invisible characters, look-alike dashes.
 * Threat: `$'\x72\x6d' -rf ~` and `rm −rf` (U+2212) slip past rules and reviewers that read `rm -rf`.
 */
export function checkSpelling(words: readonly Word[], at: (s: Span) => Span, f: Parameters<typeof flag>[0]): void {
  const program = words[0];
  if (program && !program.dynamic) {
    if (program.ansiEscapes) flag(f, 'obfuscation', `the program name is spelled in escape codes ($'…'), hiding that it runs ${program.value}`, at(program.span));
    else if (NOT_PRINTABLE_ASCII.test(program.value)) flag(f, 'obfuscation', 'the program name contains non-ASCII or invisible characters that imitate another name', at(program.span));
    else if (GLOB_CHAR.test(program.value)) flag(f, 'obfuscation', 'the program name is a glob pattern, so what runs depends on the files present', at(program.span));
  }
  for (const w of words) {
    if (INVISIBLE.test(w.value)) flag(f, 'obfuscation', 'a word contains invisible or text-direction characters that hide what it says', at(w.span));
    else if (FAKE_DASH.test(w.value)) flag(f, 'obfuscation', `${w.value} starts with a look-alike dash, not "-"`, at(w.span));
    else if (w !== program && !w.dynamic && ESCAPES.test(w.value) && w.segments.some((s) => s.literal)) {
      flag(f, 'obfuscation', 'an argument carries escape-coded bytes (\\x…, \\0…) that decode to hidden text', at(w.span), 'risk');
    }
  }
}

// Variables bash or the login sets to where and who the user is, never to a secret: printing them shows no credential.
const PLAIN_NAMES = 'HOME|USER|LOGNAME|PWD|OLDPWD|SHELL|PATH|LANG|TERM|HOSTNAME|HOSTTYPE|OSTYPE|MACHTYPE|UID|EUID|PPID|SHLVL|TMPDIR|BASH_VERSION|RANDOM|SECONDS|LINENO|NODE_ENV|VIRTUAL_ENV';
const PLAIN_VARIABLES = new RegExp(`^\\$\\{?(${PLAIN_NAMES})\\}?$`);
const PLAIN_NAME = new RegExp(`^(${PLAIN_NAMES})$`);

/** Whether bash or the login sets this variable to where and who the user is (never a secret), when nothing rebinds it. */
export function isPlainName(name: string): boolean {
  return PLAIN_NAME.test(name);
}

// Anything in a command line that could give one of those variables another value (`USER=$TOKEN; echo $USER`).
const REBINDS_PLAIN = new RegExp(`\\b(${PLAIN_NAMES})\\+?=|\\b(read|mapfile|readarray|declare|typeset|local|export|readonly|for|select|getopts|eval|source|let|printf\\s+-v)\\b|(^|[;&|(\\s])\\.\\s`);

/** Whether the command line leaves the plain variables (HOME, USER…) as bash and the login set them. */
export function keepsPlainVariables(command: string): boolean {
  return !REBINDS_PLAIN.test(command);
}

/**
 * A command substitution (its commands are judged as commands of their own), arithmetic on numbers only, or the exit
 * status, argument count or shell pid (`$?`, `$#`, `$$`: numbers bash sets, which no script can assign a secret to).
 */
function printable(expansion: string, plain: boolean): boolean {
  return (plain && PLAIN_VARIABLES.test(expansion)) || (/^\$\((?!\s*<)/.test(expansion) && !expansion.startsWith('$((')) || expansion.startsWith('`') || /^\$\(\([\d\s+*/%()-]*\)\)$/.test(expansion) || /^\$\{?[?#$]\}?$/.test(expansion);
}

/**
 * Blocks words only known at run time, once per command, naming the first expansion.
 * Threat: `git $(echo push) --force`, `rm -rf $DIR` — no rule can vouch for a value it cannot see.
 */
export function checkDynamic(words: readonly Word[], env: readonly Assignment[], at: (s: Span) => Span, f: Parameters<typeof flag>[0], plain: boolean): void {
  const program = words[0];
  if (program?.dynamic) {
    const why = `the program to run (${program.expansions[0] ?? program.value}) is only known at run time`;
    // `$(echo ls)`, `x=rm; $x`, `$(which ls)` name their program for sure: a blocker, not a program Gatehouse cannot read.
    if (program.known === true || lookedUpProgram(program.value) !== undefined) block(f, why, at(program.span));
    else undecidable(f, why, at(program.span));
    return;
  }
  // Text printed by echo/printf may hold what an allowed command prints (`echo "$(git log -1)"`), plain arithmetic or `$?`.
  const printer = program !== undefined && !program.dynamic && (program.value === 'echo' || program.value === 'printf') && words[1]?.value !== '-v';
  // A substitution printing one short value (`app:$(git rev-parse --short HEAD)`) leaves one word of a known shape.
  const w = words.find((x, i) => x.dynamic && !(printer && x.expansions.every((e) => printable(e, plain))) && !(i > 0 && x.expansions.length > 0 && x.expansions.every(isValueSubstitution)));
  if (w) block(f, `${w.expansions[0] ?? w.value} expands at run time, so no rule can vouch for the resulting command`, at(w.span));
  const e = env.find((x) => x.dynamic);
  if (e) block(f, `${e.name}=… gets its value at run time`, at(e.span));
}

/**
 * Blocks a heredoc or here-string that feeds the program a value only known at run time, as an argument would be.
 * Threat: `cat <<< "$API_KEY"`, `cut -c1-8 <<< "$TOKEN"`, `cat <<EOF … $AWS_SECRET_ACCESS_KEY … EOF` print what `echo $API_KEY` asks before printing.
 */
export function checkFedText(expansions: readonly string[], span: Span, f: Parameters<typeof flag>[0], plain: boolean): void {
  const e = expansions.find((x) => !printable(x, plain));
  if (e !== undefined) block(f, `${e} in the text fed on stdin expands at run time, so no rule can vouch for what the program is given`, span);
}

/** Flags `NAME=value` prefixes (own or via `env`/`sudo`) that make the program load or run other code. */
export function checkEnv(env: readonly Assignment[], at: (s: Span) => Span, f: Parameters<typeof flag>[0]): void {
  for (const e of env) {
    if (isCodeRunningEnv(e.name)) flag(f, 'code-execution', `${e.name}=${e.value} changes what the program loads or runs`, at(e.span));
  }
}
