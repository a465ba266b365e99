// The operands a file-reading program opens, so a prefix rule (`Bash(cat:*)`) is not a pass to read outside the workspace.
import type { SimpleCommand } from './types.js';

/** Programs every operand of which is a file or folder they read. */
const FILE_READERS = new Set([
  'cat', 'head', 'tail', 'less', 'more', 'wc', 'sort', 'nl', 'tac', 'od', 'hexdump', 'xxd', 'strings', 'base64', 'md5sum',
  'sha1sum', 'sha256sum', 'sha512sum', 'cksum', 'stat', 'file', 'ls', 'diff', 'cmp', 'uniq', 'cut', 'paste', 'column', 'bat', 'tree', 'du',
]);
/** Programs whose first operand is a pattern or a script unless given with an option (`-e`, `-f`, `--regexp`). */
const PATTERN_FIRST = new Set(['grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'awk', 'gawk', 'mawk', 'nawk', 'sed', 'gsed']);
/** Short options whose value is the next word (so it is not an operand), per program. */
const VALUED: Record<string, string> = {
  head: 'nc', tail: 'ncs', grep: 'efmABCd', egrep: 'efmABCd', fgrep: 'efmABCd', rg: 'efgtTmABCjMr', ag: 'ABCGgm', ack: 'ABCm',
  sort: 'ktoST', cut: 'dfcb', uniq: 'fsw', awk: 'Fvf', gawk: 'Fvf', mawk: 'Fvf', nawk: 'Fvf', sed: 'efl', gsed: 'efl',
  od: 'AtjNw', xxd: 'lscg', base64: 'w', du: 'dBt', tree: 'LIP', nl: 'bdfhilnsvw', column: 'csto', paste: 'd', diff: 'CUFLIx',
};
/** Operands that are streams, not files. */
const STREAMS = /^(-|\/dev\/(null|stdin|stdout|stderr|fd\/[0-2]|zero|urandom|random))$/;

/** The paths `git diff --no-index A B` compares: it reads any two files, in a repository or not. */
function gitNoIndexOperands(args: string[]): string[] {
  const sub = args.findIndex((a) => !a.startsWith('-'));
  if (args[sub] !== 'diff' || !args.includes('--no-index')) return [];
  const rest = args.slice(sub + 1);
  const dash = rest.indexOf('--');
  const before = (dash < 0 ? rest : rest.slice(0, dash)).filter((a) => !a.startsWith('-'));
  return [...before, ...(dash < 0 ? [] : rest.slice(dash + 1))];
}

/**
 * The words of a reading program that name files it opens (find's start points, grep's files after the pattern, cat's files).
 * Threat: `cat ~/.ssh/id_rsa`, `grep -r key ~/.aws`, `find / -name id_rsa`, `git diff --no-index /etc/passwd x` under prefix rules the user wrote for workspace use.
 */
export function commandReadOperands(cmd: SimpleCommand): string[] {
  const [prog = '', ...args] = cmd.argv;
  if (prog === 'git') return gitNoIndexOperands(args).filter((w) => !STREAMS.test(w));
  const find = prog === 'find';
  if (!find && !FILE_READERS.has(prog) && !PATTERN_FIRST.has(prog)) return [];
  const operands: string[] = [];
  let patternGiven = !PATTERN_FIRST.has(prog) || args.some((a) => /^(-[a-zA-Z]*[ef]|--regexp|--file|--expression)/.test(a));
  let options = true;
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (options && w === '--') options = false;
    else if (options && w.startsWith('-') && w !== '-') {
      if (find) break; // find's expression starts at the first option-like word; start points come before it
      if (/^-[a-zA-Z]$/.test(w) && (VALUED[prog] ?? '').includes(w[1]!)) i++;
    } else if (!patternGiven) patternGiven = true;
    else operands.push(w);
  }
  return operands.filter((w) => !STREAMS.test(w));
}
