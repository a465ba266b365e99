// The command a program word made at run time spells, when the command line fixes it: read again for the deny checks.
import { fnmatchRegex } from '../words/fnmatch.js';
import type { Word } from '../words/words.js';

// A substitution that prints where a program is: `$(which rm)`, `` `command -v rm` ``, `$(type -P rm)`, `$(whereis -b rm)`.
const LOOKUP = /^(?:\$\(|`)\s*(?:which|command\s+-[vV]|type\s+-[pP]|whereis\s+-b)\s+([\w.+-]+)\s*(?:\)|`)$/;

// An unquoted `$IFS` splits the word where it stands (its default value is blanks): `rm${IFS}-rf${IFS}~` is `rm -rf ~`.
const IFS = /\$IFS(?![\w])|\$\{IFS\}/g;
// Programs a glob in command position is read as, when it may match them (`/bin/r? -rf ~`, `/???/?udo ls`).
const GLOB_CANDIDATES = ['rm', 'rmdir', 'shred', 'dd', 'mkfs', 'wipefs', 'chmod', 'chown', 'mv', 'find', 'sudo', 'su', 'doas', 'kill', 'pkill', 'killall', 'truncate', 'git', 'curl', 'wget', 'sh', 'bash', 'gatehouse'];

const GLOB_CHAR = /[*?[]/;

// What a program word written out in full spells again: nothing (most commands).
const NO_TEXTS: readonly string[] = [];

/** The program a lookup substitution (`$(which ls)`, `` `command -v git` ``) names, or undefined. */
export function lookedUpProgram(word: string): string | undefined {
  return LOOKUP.exec(word)?.[1];
}

/** The command texts a program word made at run time spells, for the deny checks; empty when unknown. */
export function respelled(words: Word[]): readonly string[] {
  const program = words[0];
  if (program === undefined) return NO_TEXTS;
  if (!program.dynamic) {
    if (!GLOB_CHAR.test(program.value)) return NO_TEXTS;
    const name = fnmatchRegex(program.value.slice(program.value.lastIndexOf('/') + 1));
    const hits = GLOB_CANDIDATES.filter((c) => name.test(c));
    // A glob that matches most programs (`*`) says nothing about which one runs.
    return hits.length > 3 ? [] : hits.map((c) => [c, ...words.slice(1).map((w) => w.value)].join(' '));
  }
  if (program.value.includes('IFS')) {
    const text = words.map((w) => w.value.replace(IFS, ' ')).join(' ');
    return /[$`]/.test(text) ? [] : [text];
  }
  // `$(which rm) -rf ~`, `` `command -v git` push -f ``: a lookup prints the path of the program it names.
  const lookedUp = lookedUpProgram(program.value);
  if (/[$`]/.test(program.value) && lookedUp === undefined) return [];
  const text = [lookedUp ?? program.value, ...words.slice(1).map((w) => w.value)].join(' ');
  return /[$`]/.test(text) || text.trim() === '' ? [] : [text];
}
