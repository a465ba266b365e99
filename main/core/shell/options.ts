// A getopt-style reader of argv, shared by the wrapper unwrapper, the per-program checks and the deny-rule normalizer.

/** How one program's options are spelled. */
export interface OptSpec {
  /** Short letters that take a value, attached (`-ofile`) or as the next word (`-o file`). */
  shortValue?: string;
  /** Short letters whose value can only be attached and may be empty (`sed -i.bak`, `xargs -i{}`). */
  shortAttached?: string;
  /** Long names (no `--`) that take the next word as value when written without `=`; any prefix counts (GNU getopt). */
  longValue?: readonly string[];
  /** Stop at the first operand (wrappers, `git` before its subcommand); otherwise GNU-style options may follow operands. */
  stopAtOperand?: boolean;
}

/** One option as written. */
export interface Opt {
  /** Letter for short options, name without `--` (and without `=value`) for long ones. */
  name: string;
  long: boolean;
  value: string | undefined;
  /** Index of the word the option starts in. */
  index: number;
  /** Index of the word its value sits in (the option's own word when attached or absent). */
  valueIndex: number;
}

/** Options and operands of argv from a start index. */
export interface Scan {
  opts: Opt[];
  /** Indexes of operands (non-option words). */
  operands: number[];
  /** Index where scanning stopped: argv.length, or the first operand when stopAtOperand. */
  end: number;
}

/** True when `given` names the long option `full`: exactly, or as a prefix, which GNU getopt accepts when unambiguous (`sed --i`). */
export function longIs(given: string, full: string): boolean {
  return given === full || (given.length >= 1 && full.startsWith(given));
}

function takesLongValue(name: string, spec: OptSpec): boolean {
  return (spec.longValue ?? []).some((full) => longIs(name, full));
}

/**
 * `--name` or `--name=…` written as any prefix of one of `names` (GNU getopt takes `--comp` for `--compress-program`);
 * a name given as `[min, name]` needs its first `min` letters (tar's `--list` is its own option, not `--listed-…`).
 */
export function longOption(...names: Array<string | [number, string]>): RegExp {
  const alternatives = names.map((entry) => {
    const [min, n] = typeof entry === 'string' ? [1, entry] : entry;
    return n.slice(0, min) + n.slice(min).split('').map((ch) => `(?:${ch}`).join('') + ')?'.repeat(n.length - min);
  });
  return new RegExp(`^--(?:${alternatives.join('|')})(=|$)`);
}

/** Reads options and operands of `argv` from `start` (usually 1, after the program name). */
export function scanArgs(argv: readonly string[], start: number, spec: OptSpec): Scan {
  const opts: Opt[] = [];
  const operands: number[] = [];
  for (let i = start; i < argv.length; i++) {
    const w = argv[i]!;
    if (w === '--') {
      for (let k = i + 1; k < argv.length; k++) operands.push(k);
      return { opts, operands, end: spec.stopAtOperand ? Math.min(i + 1, argv.length) : argv.length };
    }
    if (w.startsWith('--')) {
      const eq = w.indexOf('=');
      const name = eq < 0 ? w.slice(2) : w.slice(2, eq);
      let value = eq < 0 ? undefined : w.slice(eq + 1);
      const index = i;
      if (value === undefined && takesLongValue(name, spec) && i + 1 < argv.length) value = argv[++i];
      opts.push({ name, long: true, value, index, valueIndex: i });
      continue;
    }
    if (w.startsWith('-') && w.length > 1) {
      const index = i;
      for (let k = 1; k < w.length; k++) {
        const c = w[k]!;
        if (spec.shortAttached?.includes(c)) {
          opts.push({ name: c, long: false, value: w.slice(k + 1), index, valueIndex: index });
          break;
        }
        if (spec.shortValue?.includes(c)) {
          let value: string | undefined = w.slice(k + 1);
          if (value === '') value = i + 1 < argv.length ? argv[++i] : undefined;
          opts.push({ name: c, long: false, value, index, valueIndex: i });
          break;
        }
        opts.push({ name: c, long: false, value: undefined, index, valueIndex: index });
      }
      continue;
    }
    if (spec.stopAtOperand) return { opts, operands, end: i };
    operands.push(i);
  }
  return { opts, operands, end: argv.length };
}

/** True when an option is one of `names` (single letters are short options, longer names long ones, by GNU prefix). */
export function isOneOf(o: Opt, names: readonly string[]): boolean {
  for (const n of names) if (o.long ? n.length > 1 && longIs(o.name, n) : n === o.name) return true;
  return false;
}
