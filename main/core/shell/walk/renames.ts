// Paths an earlier command of the same line moved, copied or linked: a later command naming the new path reads the old one.
import path from 'node:path';
import { absolutePath } from '../paths.js';
import type { SimpleCommand } from '../types.js';

/** `to` (what later commands name) holds what `from` held, both absolute. */
export interface Rename {
  from: string;
  to: string;
}

// Options whose value is the next word (when not attached), per mover: the target folder, a backup suffix, a mode, an owner.
const VALUED: Record<string, string> = { mv: 'tS', cp: 'tS', ln: 'tS', install: 'tSmog', rsync: 'eTfBM' };
const MOVERS = new Set(Object.keys(VALUED));

/** The words of `mv`, `cp`, `ln`, `install`, `rsync` or `git mv`: its program name and the operands and target folder it names. */
function moverWords(argv: readonly string[]): { prog: string; operands: string[]; target: string | null; symbolic: boolean } | null {
  const git = argv[0] === 'git' && argv[1] === 'mv';
  const prog = git ? 'mv' : argv[0] ?? '';
  if (!MOVERS.has(prog)) return null;
  const valued = VALUED[prog]!;
  const operands: string[] = [];
  let target: string | null = null;
  let symbolic = false;
  let options = true;
  for (let i = git ? 2 : 1; i < argv.length; i++) {
    const w = argv[i]!;
    if (options && w === '--') options = false;
    else if (options && w.startsWith('--')) {
      const [name, value] = w.slice(2).split(/=(.*)/s) as [string, string | undefined];
      if ('target-directory'.startsWith(name) && name.length > 2) target = value ?? argv[++i] ?? null;
      else if (name === 'symbolic') symbolic = true;
    } else if (options && w.startsWith('-') && w.length > 1) {
      for (let k = 1; k < w.length; k++) {
        const c = w[k]!;
        if (c === 's') symbolic = true;
        if (!valued.includes(c)) continue;
        const value = w.length > k + 1 ? w.slice(k + 1) : argv[++i];
        if (c === 't') target = value ?? null;
        break;
      }
    } else operands.push(w);
  }
  return { prog, operands, target, symbolic };
}

/** The earlier paths `p` stands for after `renames` (latest first, each followed back through the ones before it). */
export function renamedFrom(p: string, renames: readonly Rename[]): string[] {
  const out: string[] = [];
  for (let i = renames.length - 1; i >= 0 && out.length < 16; i--) {
    const r = renames[i]!;
    if (p === r.to || p.startsWith(`${r.to}/`)) out.push(r.from + p.slice(r.to.length));
  }
  return out;
}

/** The renames one mover makes, its sources followed back through `before`; `base` is where it runs. */
function moverRenames(cmd: SimpleCommand, base: string, home: string, before: readonly Rename[]): Rename[] {
  const m = moverWords(cmd.argv);
  if (m === null) return [];
  const ops = m.target === null && m.prog === 'ln' && m.operands.length === 1 ? [...m.operands, '.'] : m.operands;
  const sources = m.target === null ? ops.slice(0, -1) : ops;
  const dest = m.target ?? ops.at(-1);
  if (dest === undefined || sources.length === 0) return [];
  const destAbs = absolutePath(dest, base, home);
  // Into a folder when one is named by -t, several sources or a trailing slash; else a new name, or into a folder that exists.
  const intoFolder = m.target !== null || sources.length > 1 || dest.endsWith('/');
  const out: Rename[] = [];
  for (const s of sources) {
    const into = path.join(destAbs, path.basename(s));
    // A symbolic link's target is read from the folder the link is in.
    const from = (to: string): string => (m.symbolic && m.prog === 'ln' && !path.isAbsolute(s) && !s.startsWith('~') ? path.resolve(path.dirname(to), s) : absolutePath(s, base, home));
    for (const to of intoFolder ? [into] : [destAbs, into]) {
      const f = from(to);
      for (const earlier of [f, ...renamedFrom(f, before)]) out.push({ from: earlier, to });
    }
  }
  return out;
}

/**
 * For each command of a line, the renames the commands before it made (`mv secrets src/keys`, `cp -r src s5`, `ln -s .env a`).
 * Threat: `mv secrets src/keys && cat src/keys/*`, `ln -s .env a && cat a` read what the tiers ask about under a new name.
 */
export function chainRenames(commands: readonly SimpleCommand[], cwd: string, home: string): Rename[][] {
  const out: Rename[][] = [];
  let so: Rename[] = [];
  for (const cmd of commands) {
    out.push(so);
    const made = moverRenames(cmd, cmd.cwd ?? cwd, home, so);
    if (made.length > 0) so = [...so, ...made].slice(-64);
  }
  return out;
}
