// find's actions that run commands, delete, or write files: `find . -exec rm {} \;` under an allow rule for `find:*`.
import { block, flag } from '../findings.js';
import { findExpression, findStart } from './find-primaries.js';
import { protectedTarget } from '../paths.js';
import { programName } from '../words/program.js';
import { readsNamedFiles } from '../operands/read-operands.js';
import type { ShellContext } from '../types.js';
import { wordSpan, wordsSpan, type CheckInput } from './context.js';

const EXEC = new Set(['-exec', '-execdir', '-ok', '-okdir']);
const WRITES = new Set(['-fprint', '-fprint0', '-fprintf', '-fls']);
/** Programs that delete the files they are handed (a find or fd action running one deletes what it lists). */
export const DELETERS = new Set(['rm', 'shred', 'unlink', 'rmdir']);
/** Tests that narrow what find matches; without any, a delete sweeps everything under the starting point. */
const FILTERS = /^-(i?name|i?path|i?wholename|i?regex|newer.*|[amc](time|min)|size|empty|user|group|perm|inum|samefile|links|uid|gid)$/;

/**
 * Flags find's side effects and hands `-exec` commands back for analysis in their own right.
 * Threat: `find . -exec sh -c 'curl … | sh' \;`, `find / -delete`, `find . -fprint ~/.bashrc`.
 */
export function checkFind(c: CheckInput): void {
  const argv = c.cmd.argv;
  let destroys = false;
  let filtered = false;
  for (const { at: i, word: w, primary, last } of findExpression(argv)) {
    if (primary === undefined) {
      // Closed world: an expression word Gatehouse does not know may run, write or read anything.
      block(c.f, `find ${w} is not an expression Gatehouse knows, so no rule vouches for it`, wordSpan(c, i));
    } else if (FILTERS.test(w)) {
      // The test's value (`-name -delete`) is a pattern, not an action.
      filtered = true;
    } else if (EXEC.has(w)) {
      const j = last;
      // A reader run on each file (`-exec wc -l {} +`) is judged as a command of its own, and what find walks by the tiers.
      const reader = readsNamedFiles(programName(argv[i + 1] ?? '')) && !/^(find|tar)$/.test(programName(argv[i + 1] ?? ''));
      flag(c.f, 'code-execution', `find ${w} runs ${argv[i + 1] ?? 'a command'} for every file it finds`, wordsSpan(c, i, j), reader && !w.startsWith('-ok') ? 'risk' : 'block');
      if (j > i + 1) c.nested.push({ start: i + 1, end: argv[j] === ';' || argv[j] === '+' ? j : j + 1, via: 'find' });
      if (DELETERS.has(programName(argv[i + 1] ?? ''))) destroys = true;
    } else if (w === '-delete') {
      destroys = true;
      flag(c.f, 'destructive', 'find -delete deletes every file it matches', wordSpan(c, i));
    } else if (WRITES.has(w)) {
      flag(c.f, 'writes-file', `find ${w} writes the file ${argv[i + 1] ?? ''}`, wordsSpan(c, i, i + 1));
    }
  }
  // `find -L src -delete` follows links out of the tree (src/link-etc → /etc) and deletes there.
  if (destroys && argv.slice(1).some((w) => w === '-L' || w === '-follow')) {
    flag(c.f, 'destructive', 'find -L with a delete action follows symbolic links and deletes wherever they lead', c.cmd.span, 'hard');
  }
  if (!destroys || filtered) return;
  const sweep = findSweeps(argv, c.cwd, c.ctx);
  if (sweep !== null) flag(c.f, 'destructive', `find … deletes everything under ${sweep}`, c.cmd.span, 'hard');
}

/**
 * What protected place (root, a system folder, home, the workspace) a find lists in full, with no test narrowing it, or null.
 * Threat: `find / -delete`, and `find ~ | xargs rm -rf` where xargs deletes every name find lists.
 */
export function findSweeps(argv: readonly string[], cwd: string, ctx: ShellContext): string | null {
  if (findExpression([...argv]).some(({ word, primary }) => primary !== undefined && FILTERS.test(word))) return null;
  const { points } = findStart([...argv]);
  for (const start of points.length > 0 ? points : ['.']) {
    const why = protectedTarget(start, cwd, ctx);
    if (why !== null) return why;
  }
  return null;
}
