// Conditions on a variable from the environment (`[[ $API_KEY == sk-a* ]] && echo a`, `case $TOKEN in a*) echo a;; esac`,
// `(( ${#TOKEN} > 40 ))`) print the secret one guess at a time, in a loop one character per turn, though `echo $API_KEY`
// asks. A condition may test what the command line set from known values, HOME and the like, and whether a variable is set.
import type { SyntaxNode as Node } from '../walk/syntax-tree.js';
import { isPlainName } from '../checks/general.js';

const EXPANDED = /\$\{?[#!]?([A-Za-z_]\w*)/g;
// `-n "$X"`, `-z $X`, `-v X`: whether it is set or empty tells nothing of its value.
const PRESENCE = /(^|\s)-[nzv]\s+(["']?)\$?\{?[A-Za-z_]\w*\}?\2(?=\s|\]|$)/g;
// Commands that give the variables they name a value they read (`read x < f`, `mapfile a < f`): what they read is judged itself.
const NAMING_COMMANDS = /^(read|mapfile|readarray|getopts)$/;

function expandedNames(text: string): string[] {
  return [...text.matchAll(EXPANDED)].map((m) => m[1]!);
}

/**
 * Names whose value the command line fixes without the environment's secrets: assigned (or looped over) only from text
 * and other such names, or read by read/mapfile; HOME and the like unless rebound. A nameref (`declare -n r=API_KEY`) is not.
 */
export function cleanNames(root: Node): (name: string) => boolean {
  const sets = new Map<string, string[]>();
  const add = (name: string, value: string): void => void sets.set(name, [...(sets.get(name) ?? []), value]);
  for (const n of root.descendantsOfType(['variable_assignment', 'for_statement', 'command'])) {
    if (n.type === 'variable_assignment') {
      // A nameref's value is another variable's name: it reads as that variable, never clean (`$__nameref` is never set).
      const nameref = n.parent?.type === 'declaration_command' && /\s-[a-zA-Z]*n/.test(n.parent.text);
      add(n.childForFieldName('name')?.text.replace(/\[.*$/s, '') ?? '', nameref ? '$__nameref' : (n.childForFieldName('value')?.text ?? ''));
    } else if (n.type === 'for_statement') {
      add(n.childForFieldName('variable')?.text ?? '', n.childrenForFieldName('value').map((v) => v.text).join(' '));
    } else if (NAMING_COMMANDS.test(n.childForFieldName('name')?.text ?? '')) {
      for (const a of n.childrenForFieldName('argument')) if (/^[A-Za-z_]\w*$/.test(a.text)) add(a.text, '');
    }
  }
  const clean = new Set<string>();
  const isClean = (name: string): boolean => clean.has(name) || (!sets.has(name) && isPlainName(name));
  // Each pass settles names whose values use only names already settled; a chain longer than the passes stays unclean.
  for (let pass = 0; pass < 4; pass++) {
    for (const [name, values] of sets) if (!clean.has(name) && values.every((v) => expandedNames(v).every(isClean))) clean.add(name);
  }
  return isClean;
}

/** The first variable `condition` tests whose value may be a secret from the environment (`isClean` false), or undefined. */
export function testedSecret(condition: string, isClean: (name: string) => boolean): string | undefined {
  return expandedNames(condition.replace(PRESENCE, '$1')).find((name) => !isClean(name));
}
