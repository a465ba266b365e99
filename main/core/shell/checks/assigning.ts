// Builtins that assign, declare or test shell variables by name (`printf -v NAME`, `read NAME`, `mapfile NAME`, `declare
// NAME=V`, `test -v NAME`, `unset NAME`) or evaluate arithmetic (`let EXPR`): the name is checked as `NAME=value` is, since
// bash evaluates an array subscript in it (running its command substitutions) and later commands use what it sets.
import { isCodeRunningEnv, shellCommandOf } from '../operands/env-vars.js';
import { flag } from '../findings.js';
import { scanArgs, type OptSpec } from '../options.js';
import { wordSpan, type CheckInput } from './context.js';

// How each builtin spells its options, and which of them name a variable (the operands name variables too, but printf's).
// `sets`: whether the builtin gives the variable a value (always, only as `NAME=VALUE`, or never: unset and `test -v`).
interface Spec {
  opts: OptSpec;
  names: string;
  operands: boolean;
  sets: 'always' | 'with-value' | 'never';
}
const DECLARING: Spec = { opts: {}, names: '', operands: true, sets: 'with-value' };
const TESTING: Spec = { opts: { shortValue: 'v' }, names: 'v', operands: false, sets: 'never' };
const SPECS: Record<string, Spec> = {
  printf: { opts: { shortValue: 'v', stopAtOperand: true }, names: 'v', operands: false, sets: 'always' },
  read: { opts: { shortValue: 'adinNptu' }, names: 'a', operands: true, sets: 'always' },
  mapfile: { opts: { shortValue: 'dnOsuCc' }, names: '', operands: true, sets: 'always' },
  readarray: { opts: { shortValue: 'dnOsuCc' }, names: '', operands: true, sets: 'always' },
  declare: DECLARING, typeset: DECLARING, local: DECLARING, export: DECLARING, readonly: DECLARING,
  unset: { ...DECLARING, sets: 'never' }, test: TESTING, '[': TESTING,
};
// `let EXPR…`: every operand is an arithmetic expression, whose subscripts and substitutions bash expands and runs.
const ARITHMETIC = new Set(['let']);

/** Builtins this module checks. */
export const ASSIGNING = new Set([...Object.keys(SPECS), ...ARITHMETIC]);

/**
 * Flags a variable name whose subscript runs code or whose value changes what later commands run, and mapfile's callback.
 * Threat: `printf -v 'a[$(id)]' x` (the subscript's substitution runs), `printf -v PATH %s /tmp; ls` under `Bash(printf:*)`.
 */
export function checkAssigning(c: CheckInput): void {
  const argv = c.cmd.argv;
  if (ARITHMETIC.has(argv[0] ?? '')) return checkArithmetic(c);
  const spec = SPECS[argv[0] ?? '']!;
  const scan = scanArgs(argv, 1, spec.opts);
  const names = scan.opts.filter((o) => spec.names.includes(o.name) && o.value !== undefined).map((o) => ({ name: o.value!, at: o.valueIndex }));
  if (spec.operands) names.push(...scan.operands.map((i) => ({ name: argv[i]!, at: i })));
  for (const { name: word, at } of names) {
    // `declare NAME[SUB]=VALUE`: the name is what comes before the `=`.
    const name = /^[^=[]*(\[[^\]]*\])?/.exec(word)?.[0] ?? word;
    const bracket = name.indexOf('[');
    if (bracket > 0 && /[$`]/.test(name.slice(bracket))) {
      flag(c.f, 'code-execution', `${argv[0]} assigns ${name}, whose subscript bash expands and runs`, wordSpan(c, at));
      // `declare 'a[$(rm -rf ~)]=1'`: the substitution in the subscript runs, so what it runs meets the hard denies.
      c.scripts.push({ text: name.slice(bracket + 1, -1), via: argv[0]! });
    } else if ((spec.sets === 'always' || (spec.sets === 'with-value' && word.includes('='))) && isCodeRunningEnv(bracket > 0 ? name.slice(0, bracket) : name)) {
      flag(c.f, 'code-execution', `${argv[0]} sets ${name}, which changes what programs load or run`, wordSpan(c, at));
      // `export PAGER='rm -rf ~'; git log`: the command line the variable now holds meets the hard denies.
      const text = shellCommandOf(name, word.slice(word.indexOf('=') + 1));
      if (word.includes('=') && text !== null) c.scripts.push({ text, via: argv[0]! });
    }
  }
  // `declare -i y='a[$(rm -rf ~)]'`: an integer variable's value is evaluated as arithmetic, subscripts and all.
  if (spec.sets === 'with-value' && scan.opts.some((o) => o.name === 'i')) {
    for (const i of scan.operands) if (argv[i]!.includes('=')) evaluated(c, i);
  }
  const callback = scan.opts.find((o) => o.name === 'C' && (argv[0] === 'mapfile' || argv[0] === 'readarray'));
  if (callback) {
    flag(c.f, 'code-execution', `${argv[0]} -C ${callback.value ?? ''} runs a command for every few lines it reads`, wordSpan(c, callback.valueIndex));
    c.scripts.push({ text: callback.value ?? '', via: argv[0]! });
  }
}

/**
 * `let 'x=a[$(rm -rf ~)]'`: an operand with a command substitution runs it when bash evaluates the expression.
 * Threat: the substitution's command hidden from the hard denies inside a quoted arithmetic expression.
 */
function checkArithmetic(c: CheckInput): void {
  for (let i = 1; i < c.cmd.argv.length; i++) evaluated(c, i);
}

/** Argument `i` is an arithmetic expression (`x=a[$(id)]`): a command substitution in it runs. */
function evaluated(c: CheckInput, i: number): void {
  const text = c.cmd.argv[i]!;
  if (!/\$\(|`/.test(text)) return;
  flag(c.f, 'code-execution', `${c.cmd.argv[0]} ${text}: bash expands and runs the command substitution in the expression`, wordSpan(c, i));
  c.scripts.push({ text, via: c.cmd.argv[0]! });
}
