// The file paths a simple command names, so the policy can apply path rules, workspace tiers and guard protection.
import { absolutePath, isRemote, physicalSpelling } from '../paths.js';
import { isSystemProgram } from '../words/program.js';
import { commandReadOperands } from './read-operands.js';
import { writeTargets } from '../checks/writes.js';
import { sedEffects } from '../checks/sed-script.js';
import { emptiedFolders } from '../specs/emptied-folders.js';
import type { SimpleCommand } from '../types.js';

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=(.*)$/s;

// What any other program's sed script names: nothing (asked several times of every command).
const NO_FILES: readonly string[] = [];

/** Files a sed script's `w`/`W`/`r`/`R` commands (and `s///w`) name, by access. */
function sedFiles(argv: readonly string[], kind: 'write' | 'read'): readonly string[] {
  if (argv[0] !== 'sed' && argv[0] !== 'gsed') return NO_FILES;
  const scripts: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '-e' || a === '--expression') scripts.push(argv[++i] ?? '');
    else if (a.startsWith('--expression=')) scripts.push(a.slice(13));
    else if (/^-[a-zA-Z]*e./.test(a) && !a.startsWith('--')) scripts.push(a.slice(a.indexOf('e') + 1));
  }
  // Without -e, the first operand is the script (option values such as `-f FILE` are rare enough to ignore here).
  if (scripts.length === 0) scripts.push(argv.slice(1).find((a) => !a.startsWith('-')) ?? '');
  return scripts.flatMap((a) => sedEffects(a).filter((e) => e.kind === kind).map((e) => e.arg));
}
const FIND_PATTERN = /^-i?(name|path|wholename|regex|lname)$/;
const PATHISH = /^(\/|~|\.|\$HOME\b|\$\{HOME\})|\//;

/** Adds `p` to `out` unless it is empty or remote. */
function addPath(out: string[], p: string): void {
  if (p !== '' && !isRemote(p)) out.push(p);
}

/**
 * Every word of `cmd` that may be a path, as written: operands, `--opt=PATH` and `-oPATH` values, `of=PATH`, redirect
 * targets, a program run from a path, and every path a reading program opens (commandReadOperands: where `cd` goes,
 * `grep -f FILE`, tar's packed files). The same wherever the command runs; resolvePathWords resolves them.
 */
export function commandPathWords(cmd: SimpleCommand): string[] {
  const out: string[] = [];
  if (cmd.program !== undefined && cmd.program.includes('/') && !isSystemProgram(cmd.program)) addPath(out, cmd.program);
  let options = true;
  const argv = cmd.argv;
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i]!;
    // find's `-name '.*'` is a pattern matched against names, not a path.
    if (argv[0] === 'find' && i > 1 && FIND_PATTERN.test(argv[i - 1]!)) continue;
    if (options && w === '--') options = false;
    else if (options && w.startsWith('--')) {
      const eq = w.indexOf('=');
      if (eq > 0 && PATHISH.test(w.slice(eq + 1))) addPath(out, w.slice(eq + 1));
    } else if (options && w.startsWith('-') && w.length > 1) {
      // `-out=tfplan` (terraform's, Go's flag package): a one-dash option's value after `=` may name a file.
      const eq = w.indexOf('=');
      if (eq > 2 && /^-[A-Za-z][\w-]*$/.test(w.slice(0, eq))) addPath(out, w.slice(eq + 1));
      else if (w.length > 2 && PATHISH.test(w.slice(2))) addPath(out, w.slice(2));
    } else {
      const m = ASSIGNMENT.exec(w);
      addPath(out, m && PATHISH.test(m[1]!) ? m[1]! : w);
    }
  }
  for (const r of cmd.redirects) if (r.target !== null && (r.kind === 'write' || r.kind === 'read')) addPath(out, r.target);
  for (const p of sedFiles(cmd.argv, 'write')) addPath(out, p);
  for (const p of sedFiles(cmd.argv, 'read')) addPath(out, p);
  for (const p of commandReadOperands(cmd)) addPath(out, p);
  return out;
}

/** Path words made absolute against the directory `cwd` (`~`/`$HOME` expanded), each also as the kernel spells it, once each. */
export function resolvePathWords(words: readonly string[], cwd: string, home: string): string[] {
  const out = new Set<string>();
  for (const p of words) {
    out.add(absolutePath(p, cwd, home));
    const physical = physicalSpelling(p, cwd, home);
    if (physical !== null) out.add(physical);
  }
  return [...out];
}

/** The words naming what `cmd` writes, deletes or moves, as written (redirect targets, `cp`/`mv`/`tee`/`sed -i`/`sort -o` targets …): a write hidden in a reader, e.g. `sort -o .claude/settings.json x`. */
export function commandWriteWords(cmd: SimpleCommand): string[] {
  const paths: string[] = [];
  for (const t of writeTargets(cmd.argv)) if (t.path !== '') paths.push(t.path);
  for (const p of sedFiles(cmd.argv, 'write')) if (p !== '') paths.push(p);
  // `pytest --basetemp=DIR`, `CARGO_TARGET_DIR=DIR cargo clean`: a folder emptied first.
  for (const e of emptiedFolders(cmd.argv, cmd.env)) paths.push(e.path);
  for (const r of cmd.redirects) if (r.kind === 'write' && r.target !== null && r.target !== '') paths.push(r.target);
  return paths;
}
