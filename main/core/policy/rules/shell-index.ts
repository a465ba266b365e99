// Picks the `Bash(...)` rules worth asking about a simple command, so 1,000 rules cost a handful of matcher calls.
import { equivalentPrograms } from '../../shell/index.js';
import type { SimpleCommand } from '../../shell/types.js';
import type { LiveRule } from './live-rule.js';

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

function programName(word: string): string {
  return word.slice(word.lastIndexOf('/') + 1);
}

function addName(names: string[], name: string): void {
  if (!names.includes(name)) names.push(name);
}

/** The program names under which a command can be matched (as written, normalized, each unwrapped reading). */
export function commandPrograms(cmd: SimpleCommand): string[] {
  // A list, not a Set: a command has one to a few names.
  const out: string[] = cmd.argv[0] === undefined ? [] : [programName(cmd.argv[0])];
  if (cmd.program !== undefined) addName(out, programName(cmd.program));
  const forms = cmd.forms ?? [];
  for (let f = 0; f <= forms.length; f++) {
    const form = f < forms.length ? forms[f]! : cmd.argv;
    let at = 0;
    while (at < form.length && ASSIGNMENT.test(form[at]!)) at++;
    if (at === form.length) continue;
    const name = programName(form[at]!);
    addName(out, name);
    for (const p of equivalentPrograms(form, at, name)) addName(out, p);
  }
  return out;
}

/** For one rule list: per program, the rules naming it merged in order with the wildcard ones; and the wildcard ones. */
interface ProgramIndex {
  byProgram: Map<string, LiveRule[]>;
  wild: LiveRule[];
  position: Map<LiveRule, number>;
}

// Keyed by the rule list itself: the rule book hands out the same lists for as long as the rules stay the same.
const indexes = new WeakMap<readonly LiveRule[], ProgramIndex>();

function programIndex(rules: readonly LiveRule[]): ProgramIndex {
  const known = indexes.get(rules);
  if (known !== undefined) return known;
  const index: ProgramIndex = { byProgram: new Map(), wild: [], position: new Map() };
  rules.forEach((lr, at) => {
    const p = lr.parsed;
    if (p.kind !== 'bash') return;
    index.position.set(lr, at);
    if (p.program === null) {
      index.wild.push(lr);
      for (const list of index.byProgram.values()) list.push(lr);
    } else {
      const list = index.byProgram.get(p.program);
      if (list) list.push(lr);
      else index.byProgram.set(p.program, [...index.wild, lr]);
    }
  });
  indexes.set(rules, index);
  return index;
}

/**
 * The `Bash(...)` rules of `rules` that could match `cmd`, in their order: those naming one of the command's
 * program names (`programs`, when the caller already has them), and those whose first word is a wildcard.
 * Bare tool rules are not included.
 */
export function shellCandidates(rules: readonly LiveRule[], cmd: SimpleCommand, programs = commandPrograms(cmd)): readonly LiveRule[] {
  const index = programIndex(rules);
  // Most commands have one name with rules: its list is returned as it is, and only more names make a merged list.
  let first: LiveRule[] | undefined;
  let lists: LiveRule[][] | undefined;
  for (const p of programs) {
    const list = index.byProgram.get(p);
    if (list === undefined) continue;
    if (first === undefined) first = list;
    else (lists ??= [first]).push(list);
  }
  if (first === undefined) return index.wild;
  if (lists === undefined) return first;
  const merged = [...new Set(lists.flat())];
  return merged.sort((a, b) => index.position.get(a)! - index.position.get(b)!);
}
