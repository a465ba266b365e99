// fd's exec options run a command on every path it lists: `fd . ~ -X rm -rf` under an allow-all rule deletes the home
// directory's contents, and `fd -x rm -rf` under a deny rule for `rm -rf` runs it.
import { flag } from '../findings.js';
import { protectedTarget } from '../paths.js';
import { programName } from '../words/program.js';
import { readsNamedFiles } from '../operands/read-operands.js';
import { SEARCHERS } from '../specs/grep.js';
import { wordsSpan, type CheckInput } from './context.js';
import { DELETERS } from './find.js';

const EXEC = /^(-x|--exec|-X|--exec-batch)$/;
/** Options that narrow what fd lists; without one (and with a pattern matching every name) it lists all below its roots. */
const FILTERS = /^(-e|--extension|-S|--size|--changed-within|--changed-before|--newer|--older|-o|--owner|-E|--exclude)(=|$)/;
/** Patterns that match every name (regex or glob). */
const MATCH_ALL = /^(|\.|\^|\.\*|\^\.\*|\*|\*\*)$/;
/** Options whose value is a folder fd searches. */
const ROOTS = /^--(search-path|base-directory)(=|$)/;

/**
 * Hands each `-x`/`-X` command back for analysis in its own right (deny rules and hard denies see it) and denies a
 * deleter run on everything below `/`, the home directory or the workspace.
 * Threat: `fd . ~ -X rm -rf`, `fd -H . / -x shred -u`, `fd -x rm -rf` under a deny rule for `rm -rf`.
 */
export function checkFd(c: CheckInput): void {
  const argv = c.cmd.argv;
  const spec = SEARCHERS['fd']!.options;
  const positionals: string[] = [];
  const roots: string[] = [];
  let filtered = false;
  let deletes = false;
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i]!;
    if (w === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (EXEC.test(w)) {
      // The command runs to a `;` word or the end of the line.
      let j = i + 1;
      while (j < argv.length && argv[j] !== ';') j++;
      const prog = programName(argv[i + 1] ?? '');
      flag(c.f, 'code-execution', `fd ${w} runs ${argv[i + 1] ?? 'a command'} for every path it lists`, wordsSpan(c, i, j - 1), readsNamedFiles(prog) ? 'risk' : 'block');
      if (j > i + 1) c.nested.push({ start: i + 1, end: j, via: 'fd' });
      if (DELETERS.has(prog)) deletes = true;
      i = j;
      continue;
    }
    if (!w.startsWith('-') || w === '-') {
      positionals.push(w);
      continue;
    }
    const eq = w.indexOf('=');
    const name = eq < 0 ? w : w.slice(0, eq);
    if (FILTERS.test(w)) filtered = true;
    const takesValue = eq < 0 && spec.get(name)?.arity === 1;
    if (ROOTS.test(w)) roots.push(eq < 0 ? (argv[i + 1] ?? '.') : w.slice(eq + 1));
    if (takesValue || (eq < 0 && ROOTS.test(w))) i++;
  }
  const [pattern, ...paths] = positionals;
  if (!deletes || filtered || (pattern !== undefined && !MATCH_ALL.test(pattern))) return;
  for (const root of [...paths, ...roots].length > 0 ? [...paths, ...roots] : ['.']) {
    const why = protectedTarget(root, c.cwd, c.ctx);
    if (why !== null) {
      flag(c.f, 'destructive', `fd … deletes everything under ${why}`, c.cmd.span, 'hard');
      return;
    }
  }
}
