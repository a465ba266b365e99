// Builtins that assign shell variables by name (`printf -v NAME`, `read NAME`, `mapfile NAME`): the name is checked as
// `NAME=value` is, since bash evaluates an array subscript in it and later commands use what it sets.
import { isCodeRunningEnv } from '../env-vars.js';
import { flag } from '../findings.js';
import { scanArgs, type OptSpec } from '../options.js';
import { wordSpan, type CheckInput } from './context.js';

// How each builtin spells its options, and which of them name a variable (the operands name variables too, but printf's).
const SPECS: Record<string, { opts: OptSpec; names: string; operands: boolean }> = {
  printf: { opts: { shortValue: 'v', stopAtOperand: true }, names: 'v', operands: false },
  read: { opts: { shortValue: 'adinNptu' }, names: 'a', operands: true },
  mapfile: { opts: { shortValue: 'dnOsuCc' }, names: '', operands: true },
  readarray: { opts: { shortValue: 'dnOsuCc' }, names: '', operands: true },
};

/** Builtins this module checks. */
export const ASSIGNING = new Set(Object.keys(SPECS));

/**
 * Flags a variable name whose subscript runs code or whose value changes what later commands run, and mapfile's callback.
 * Threat: `printf -v 'a[$(id)]' x` (the subscript's substitution runs), `printf -v PATH %s /tmp; ls` under `Bash(printf:*)`.
 */
export function checkAssigning(c: CheckInput): void {
  const argv = c.cmd.argv;
  const spec = SPECS[argv[0] ?? '']!;
  const scan = scanArgs(argv, 1, spec.opts);
  const names = scan.opts.filter((o) => spec.names.includes(o.name) && o.value !== undefined).map((o) => ({ name: o.value!, at: o.valueIndex }));
  if (spec.operands) names.push(...scan.operands.map((i) => ({ name: argv[i]!, at: i })));
  for (const { name, at } of names) {
    const bracket = name.indexOf('[');
    if (bracket > 0 && /[$`]/.test(name.slice(bracket))) flag(c.f, 'code-execution', `${argv[0]} assigns ${name}, whose subscript bash expands and runs`, wordSpan(c, at));
    else if (isCodeRunningEnv(bracket > 0 ? name.slice(0, bracket) : name)) flag(c.f, 'code-execution', `${argv[0]} sets ${name}, which changes what programs load or run`, wordSpan(c, at));
  }
  const callback = scan.opts.find((o) => o.name === 'C' && spec.names === '');
  if (callback) {
    flag(c.f, 'code-execution', `${argv[0]} -C ${callback.value ?? ''} runs a command for every few lines it reads`, wordSpan(c, callback.valueIndex));
    c.scripts.push({ text: callback.value ?? '', via: argv[0]! });
  }
}
