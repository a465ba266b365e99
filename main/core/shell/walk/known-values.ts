// The values run-time words have for sure in a scope (`X=/; rm -rf $X`, `$(pwd)`), so deny checks see what will run.
import { printedValue, variableValue, withVariables } from '../words/printed-value.js';
import type { Scope } from './scope.js';
import type { Word } from '../words/words.js';

const NAMED = /^\$(?:([A-Za-z_]\w*)|\{([A-Za-z_]\w*)\})$/;
const DEFAULTED = /^\$\{([A-Za-z_]\w*):?[-=]((?:[^$`}]|\$[A-Za-z_]\w*|\$\{[A-Za-z_]\w*\})*)\}$/;
const PWD_SUB = /^(?:\$\(\s*pwd\s*\)|`\s*pwd\s*`)$/;
// The parameters a script given no arguments has empty: `$@`, `${*}`, `$1`… (`r$@m -rf ~` runs `rm -rf ~`).
const NO_ARG = /^\$(?:[@*1-9]|\{(?:[@*]|[1-9]\d*)\})$/;
const SILENT_SUB = /^(?:\$\(\s*(?:true|:|false|exit(?:\s+\d+)?)?\s*\)|`\s*(?:true|:|false|exit(?:\s+\d+)?)?\s*`)$/;
// Expansions empty whatever the variable holds: an empty alternative (`${x:+}`), a zero-length slice, every character removed.
const ALWAYS_EMPTY = /^\$\{[A-Za-z_]\w*(?::?\+|:\d+:0|%%\*|##\*|\/\/?\*)\}$/;

/** The value an expansion has for sure (or, for `${X:-d}` with X unknown, most likely): else null. */
export function expansionValue(e: string, scope: Scope): string | null {
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
export function withKnownValue(w: Word, scope: Scope): Word {
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
export function knownValueIn(scope: Scope): (w: Word) => string | null {
  return (w) => {
    const k = withKnownValue(w, scope);
    return k === w ? null : k.value;
  };
}
