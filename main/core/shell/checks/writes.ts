// Which operands a file-changing program writes (or deletes), so targets can be checked for place and purpose.
import { isOneOf, scanArgs, type OptSpec } from '../options.js';
import { plainOperands } from './context.js';

/** One operand a command writes; `purpose` is false when writing is not what the program is usually allowed for. */
export interface WriteTarget {
  index: number;
  path: string;
  /** Deletes or moves the path away rather than writing into it. */
  removes: boolean;
  purpose: boolean;
  /** How it writes, for messages (`edits in place`); default `writes`. */
  how?: string;
}

const COPY: OptSpec = { shortValue: 'tS', longValue: ['target-directory', 'suffix'] };
const ALL_OPERANDS: Record<string, OptSpec> = {
  rm: {}, rmdir: {}, unlink: {}, shred: { shortValue: 'ns', longValue: ['iterations', 'size', 'random-source'] },
  truncate: { shortValue: 'sr', longValue: ['size', 'reference'] }, touch: { shortValue: 'rdt', longValue: ['reference', 'date'] },
  mkdir: { shortValue: 'm', longValue: ['mode'] }, tee: {},
};
const REMOVERS = new Set(['rm', 'rmdir', 'unlink', 'shred']);
const MODE_FIRST = new Set(['chmod', 'chown', 'chgrp']);

function target(argv: readonly string[], index: number, removes: boolean, purpose = true): WriteTarget {
  return { index, path: argv[index]!, removes, purpose };
}

/** cp/mv/ln/install: the destination is `-t DIR` or the last operand; mv also removes its sources. */
function copyLike(argv: readonly string[], name: string): WriteTarget[] {
  const scan = scanArgs(argv, 1, { ...COPY, shortValue: name === 'install' ? 'tSmog' : 'tS', longValue: [...COPY.longValue!, 'mode', 'owner', 'group'] });
  const dir = scan.opts.find((o) => isOneOf(o, ['t', 'target-directory']));
  const ops = scan.operands;
  const out: WriteTarget[] = [];
  if (name === 'install' && scan.opts.some((o) => isOneOf(o, ['d', 'directory']))) return ops.map((i) => target(argv, i, false));
  const dest = dir ? dir.valueIndex : ops.length >= 2 || name !== 'ln' ? ops[ops.length - 1] : undefined;
  // `--target-directory=.claude` holds its value in the option's own word.
  if (dir?.value !== undefined) out.push({ index: dir.valueIndex, path: dir.value, removes: false, purpose: true });
  else if (dest !== undefined) out.push(target(argv, dest, false));
  // Into a folder, each source lands under its own name: `cp -r /tmp/evil/.claude .` writes ./.claude.
  const into = dir?.value ?? (dest !== undefined ? argv[dest] : undefined);
  if (into !== undefined) {
    for (const i of ops) {
      if (i === dest) continue;
      const name = argv[i]!.replace(/\/+$/, '').split('/').pop();
      if (name && name !== '.' && name !== '..') out.push({ index: dir ? dir.valueIndex : dest!, path: `${into.replace(/\/+$/, '')}/${name}`, removes: false, purpose: true });
    }
  }
  if (name === 'mv') for (const i of ops) if (i !== dest) out.push(target(argv, i, true));
  return out;
}

/**
 * The operands a command writes, deletes or moves away (redirects aside).
 * Threat: `sort -o ~/.bashrc`, `tee .claude/settings.json`, `cp x ~/.ssh/authorized_keys` hiding a write in a reader.
 */
export function writeTargets(argv: readonly string[]): WriteTarget[] {
  const name = argv[0] ?? '';
  if (name === 'cp' || name === 'mv' || name === 'ln' || name === 'install') return copyLike(argv, name);
  const spec = ALL_OPERANDS[name];
  if (spec) return scanArgs(argv, 1, spec).operands.map((i) => target(argv, i, REMOVERS.has(name), name !== 'tee'));
  if (MODE_FIRST.has(name)) {
    const ops = plainOperands(argv).filter((i) => !/^-[RcfvhHLP]+$/.test(argv[i]!));
    const byReference = argv.some((w) => w.startsWith('--reference'));
    return ops.slice(byReference ? 0 : 1).map((i) => target(argv, i, false));
  }
  if (name === 'dd') return argv.flatMap((w, i) => (w.startsWith('of=') ? [{ index: i, path: w.slice(3), removes: false, purpose: true }] : []));
  if (name === 'sort' || name === 'iconv') {
    const scan = scanArgs(argv, 1, { shortValue: name === 'sort' ? 'otkSTz' : 'oft', longValue: ['output', 'key', 'buffer-size', 'temporary-directory', 'field-separator', 'from-code', 'to-code'] });
    return scan.opts.filter((o) => isOneOf(o, ['o', 'output'])).map((o) => ({ index: o.valueIndex, path: o.value ?? '', removes: false, purpose: false }));
  }
  if (name === 'sed' || name === 'gsed') {
    const scan = scanArgs(argv, 1, { shortValue: 'efl', shortAttached: 'i', longValue: ['expression', 'file', 'line-length'] });
    if (!scan.opts.some((o) => isOneOf(o, ['i', 'in-place']))) return [];
    const hasScript = scan.opts.some((o) => isOneOf(o, ['e', 'expression', 'f', 'file']));
    return scan.operands.slice(hasScript ? 0 : 1).map((i) => ({ ...target(argv, i, false, false), how: 'edits in place' }));
  }
  if (name === 'uniq') {
    const out = scanArgs(argv, 1, { shortValue: 'fsw', longValue: ['skip-fields', 'skip-chars', 'check-chars', 'group', 'all-repeated'] }).operands[1];
    return out === undefined ? [] : [target(argv, out, false, false)];
  }
  return [];
}
