// find's actions that run commands, delete, or write files: `find . -exec rm {} \;` under an allow rule for `find:*`.
import { flag } from '../findings.js';
import { protectedTarget } from '../paths.js';
import { programName } from '../program.js';
import { readsNamedFiles } from '../read-operands.js';
import { wordSpan, wordsSpan, type CheckInput } from './context.js';

const EXEC = new Set(['-exec', '-execdir', '-ok', '-okdir']);
const WRITES = new Map([['-fprint', 1], ['-fprint0', 1], ['-fprintf', 2], ['-fls', 1]]);
const DELETERS = new Set(['rm', 'shred', 'unlink', 'rmdir']);
/** Tests that narrow what find matches; without any, a delete sweeps everything under the starting point. */
const FILTERS = /^-(i?name|i?path|i?wholename|i?regex|newer.*|[amc](time|min)|size|empty|user|group|perm|inum|samefile|links|uid|gid)$/;

/** Starting points: the words before the first expression token. */
function startPoints(argv: readonly string[]): string[] {
  const out: string[] = [];
  let i = 1;
  while (i < argv.length && /^-[HLP]$|^-O\d$/.test(argv[i]!)) i++;
  if (argv[i] === '-D') i += 2;
  for (; i < argv.length; i++) {
    const w = argv[i]!;
    if (w.startsWith('-') || w === '(' || w === ')' || w === '!' || w === ',') break;
    out.push(w);
  }
  return out.length > 0 ? out : ['.'];
}

/**
 * Flags find's side effects and hands `-exec` commands back for analysis in their own right.
 * Threat: `find . -exec sh -c 'curl … | sh' \;`, `find / -delete`, `find . -fprint ~/.bashrc`.
 */
export function checkFind(c: CheckInput): void {
  const argv = c.cmd.argv;
  let destroys = false;
  let filtered = false;
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i]!;
    if (FILTERS.test(w)) {
      // The test's value (`-name -delete`) is a pattern, not an action.
      filtered = true;
      if (w !== '-empty') i++;
    } else if (EXEC.has(w)) {
      let j = i + 1;
      while (j < argv.length && argv[j] !== ';' && !(argv[j] === '+' && argv[j - 1] === '{}')) j++;
      // A reader run on each file (`-exec wc -l {} +`) is judged as a command of its own, and what find walks by the tiers.
      const reader = readsNamedFiles(programName(argv[i + 1] ?? '')) && !/^(find|tar)$/.test(programName(argv[i + 1] ?? ''));
      flag(c.f, 'code-execution', `find ${w} runs ${argv[i + 1] ?? 'a command'} for every file it finds`, wordsSpan(c, i, Math.min(j, argv.length - 1)), reader && !w.startsWith('-ok') ? 'risk' : 'block');
      if (j > i + 1) c.nested.push({ start: i + 1, end: j, via: 'find' });
      if (DELETERS.has(programName(argv[i + 1] ?? ''))) destroys = true;
      i = j;
    } else if (w === '-delete') {
      destroys = true;
      flag(c.f, 'destructive', 'find -delete deletes every file it matches', wordSpan(c, i));
    } else if (WRITES.has(w)) {
      flag(c.f, 'writes-file', `find ${w} writes the file ${argv[i + 1] ?? ''}`, wordsSpan(c, i, i + 1));
      i += WRITES.get(w)!;
    }
  }
  // `find -L src -delete` follows links out of the tree (src/link-etc → /etc) and deletes there.
  if (destroys && argv.slice(1).some((w) => w === '-L' || w === '-follow')) {
    flag(c.f, 'destructive', 'find -L with a delete action follows symbolic links and deletes wherever they lead', c.cmd.span, 'hard');
  }
  if (!destroys || filtered) return;
  for (const start of startPoints(argv)) {
    const why = protectedTarget(start, c.cwd, c.ctx);
    if (why !== null) flag(c.f, 'destructive', `find ${start} … deletes everything under ${why}`, c.cmd.span, 'hard');
  }
}
