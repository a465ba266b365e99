// A command once for each value of a bound loop variable (or `sh -c` parameter) it expands.
import type { SyntaxNode as Node } from './syntax-tree.js';
import type { Scope } from './scope.js';
import type { Word } from '../words/words.js';

/** The command once for each value of a bound loop variable (or `sh -c` parameter) its words or redirects expand (`"$f"`, `of=$t`); as written otherwise. */
export function loopVariants(words: Word[], scope: Scope, redirects: Node[]): Array<{ words: Word[]; bound?: [string, string] }> {
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
