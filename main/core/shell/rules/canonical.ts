// Flag-spelling normalization for deny and ask rules: `rm -rf`, `rm -fr`, `rm -r -f`, `rm --recursive --force` are one command.
import { GIT_GLOBAL } from '../checks/git.js';
import { longIs, scanArgs } from '../options.js';
import { programName } from '../words/program.js';

/** A command reduced to program, option set and operands, so spellings of the same options compare equal. */
export interface Canonical {
  program: string;
  flags: Set<string>;
  operands: string[];
  /** Per operand: it follows a bare option, so it may be that option's value (`npm -w pkg publish`, `kubectl -n x delete`). */
  mayBeValue: boolean[];
}

type Alias = Record<string, string | readonly string[]>;

const RM: Alias = { R: 'r', recursive: 'r', force: 'f', dir: 'd', verbose: 'v', interactive: 'i' };
const ALIASES: Record<string, Alias> = {
  rm: RM,
  cp: { R: 'r', recursive: 'r', force: 'f', archive: 'a' },
  mv: { force: 'f' },
  ln: { symbolic: 's', force: 'f' },
  chmod: { recursive: 'R' },
  chown: { recursive: 'R' },
  chgrp: { recursive: 'R' },
  sed: { 'in-place': 'i', expression: 'e', quiet: 'n', silent: 'n', 'regexp-extended': 'E', r: 'E' },
  curl: { output: 'o', 'remote-name': 'O', location: 'L', silent: 's', insecure: 'k' },
  npm: { force: 'f' },
  'git push': { force: 'f', 'force-with-lease': 'f', 'force-if-includes': 'f', delete: 'd', 'set-upstream': 'u' },
  'git clean': { force: 'f', 'dry-run': 'n', quiet: 'q' },
  'git checkout': { force: 'f' },
  'git switch': { force: 'f', discard: 'f' },
  'git branch': { delete: 'd', force: 'f', D: ['d', 'f'], move: 'm', M: ['m', 'f'] },
  'git add': { force: 'f', all: 'A' },
  'git commit': { all: 'a', message: 'm', 'no-verify': 'n' },
};

const SIGNALS: Record<string, string> = { HUP: '1', INT: '2', QUIT: '3', KILL: '9', USR1: '10', USR2: '12', TERM: '15', STOP: '19', CONT: '18' };

function signal(s: string): string {
  const name = s.toUpperCase().replace(/^SIG/, '');
  return `sig:${SIGNALS[name] ?? name}`;
}

function alias(table: Alias | undefined, name: string, long: boolean): readonly string[] {
  if (table) {
    const hit = long ? Object.keys(table).find((k) => k.length > 1 && longIs(name, k)) : name in table ? name : undefined;
    if (hit !== undefined) {
      const v = table[hit]!;
      return typeof v === 'string' ? [v] : v;
    }
  }
  return [long ? `--${name}` : name];
}

/** Reduces words (program first, env assignments skipped) to a Canonical for comparing option spellings. */
export function canonicalize(input: readonly string[]): Canonical {
  let start = 0;
  while (start < input.length - 1 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(input[start]!)) start++;
  const words = input.slice(start);
  const program = programName(words[0] ?? '');
  const flags = new Set<string>();
  const operands: string[] = [];
  const mayBeValue: boolean[] = [];
  let i = 1;
  let key = program;
  if (program === 'git') {
    i = scanArgs(words, 1, GIT_GLOBAL).end;
    if (words[i] !== undefined) {
      key = `git ${words[i]}`;
      operands.push(words[i++]!);
      mayBeValue.push(false);
    }
  }
  const table = ALIASES[key];
  const kill = program === 'kill' || program === 'pkill' || program === 'killall';
  for (let options = true; i < words.length; i++) {
    const w = words[i]!;
    if (!options || w === '-' || !(w.startsWith('-') || (key === 'git push' && w.startsWith('+') && w.length > 1))) {
      const prev = words[i - 1]!;
      mayBeValue.push(options && i > 1 && prev.startsWith('-') && prev !== '--' && !prev.includes('='));
      operands.push(w);
      continue;
    }
    if (w === '--') options = false;
    else if (w.startsWith('+')) {
      flags.add('f');
      operands.push(w.slice(1));
      mayBeValue.push(false);
    } else if (kill && (w === '-s' || w === '-n' || w === '--signal')) flags.add(signal(words[++i] ?? ''));
    else if (kill && /^--signal=/.test(w)) flags.add(signal(w.slice(9)));
    else if (kill && /^-([0-9]+|[A-Z][A-Z0-9+-]*)$/.test(w)) flags.add(signal(w.slice(1)));
    else if (w.startsWith('--')) {
      const eq = w.indexOf('=');
      const name = eq < 0 ? w.slice(2) : w.slice(2, eq);
      for (const a of alias(table, name, true)) flags.add(a);
      if (eq >= 0) flags.add(`--${name}=${w.slice(eq + 1)}`);
    } else for (const ch of w.slice(1)) for (const a of alias(table, ch, false)) flags.add(a);
  }
  return { program, flags, operands, mayBeValue };
}

/** One-line rendering (program, operands, then sorted options) for glob rules over normalized spellings. */
export function canonicalText(c: Canonical): string {
  const flags = [...c.flags].sort().map((f) => (f.startsWith('--') ? f : `-${f}`));
  return [c.program, ...c.operands, ...flags].join(' ');
}

/**
 * Whether the rule's operands line up with the command's from (ri, ci), in some reading of which operands are option
 * values. Each (ri, ci) is settled once (`failed`), so a command of many `-o x` pairs cannot make the search exponential.
 */
function operandsMatch(rule: readonly string[], cmd: Canonical, prefix: boolean, ri: number, ci: number, failed = new Set<number>()): boolean {
  if (ri === rule.length) {
    if (prefix) return true;
    for (let k = ci; k < cmd.operands.length; k++) if (!cmd.mayBeValue[k]) return false;
    return true;
  }
  if (ci === cmd.operands.length) return false;
  const key = ri * (cmd.operands.length + 1) + ci;
  if (failed.has(key)) return false;
  const ok = (rule[ri] === cmd.operands[ci] && operandsMatch(rule, cmd, prefix, ri + 1, ci + 1, failed)) || (cmd.mayBeValue[ci] === true && operandsMatch(rule, cmd, prefix, ri, ci + 1, failed));
  if (!ok) failed.add(key);
  return ok;
}

/**
 * True when the command has the rule's program and options, and the rule's operands (all of them when exact). A word after
 * a bare option may be its value or an operand: either reading that matches counts (deny/ask rules only use this).
 */
export function canonicalMatches(rule: Canonical, cmd: Canonical, prefix: boolean): boolean {
  if (rule.program !== cmd.program) return false;
  if (rule.operands.length > cmd.operands.length || !operandsMatch(rule.operands, cmd, prefix, 0, 0)) return false;
  if (!prefix && rule.flags.size !== cmd.flags.size) return false;
  for (const f of rule.flags) if (!cmd.flags.has(f) && !abbreviated(f, cmd.flags)) return false;
  return true;
}

/** Whether the command spells the rule's long option as a prefix of it (`git reset --ha` for `--hard`), as getopt and git accept. */
function abbreviated(ruleFlag: string, flags: ReadonlySet<string>): boolean {
  if (!ruleFlag.startsWith('--') || ruleFlag.includes('=')) return false;
  for (const f of flags) if (f.length >= 4 && !f.includes('=') && f.startsWith('--') && ruleFlag.startsWith(f)) return true;
  return false;
}
