// Shared fixtures for the shell-analysis tests: a fixed context and short ways to ask what an analysis found.
import type { RiskFlag } from '../../../common/domain.js';
import { analyzeShellCommand, commandPathWords, commandWriteWords, initShellParser, resolvePathWords } from '../../../main/core/shell/index.js';
import type { ShellAnalysis, ShellContext, SimpleCommand } from '../../../main/core/shell/index.js';
import { absolutePath } from '../../../main/core/shell/paths.js';

/** The workspace and home every table test analyzes against. */
export const ctx: ShellContext = { cwd: '/home/u/ws', home: '/home/u' };

/** Loads the grammar once per test file. */
export async function ready(): Promise<void> {
  await initShellParser();
}

/** Analyzes against the shared context. */
export function analyze(command: string): ShellAnalysis {
  return analyzeShellCommand(command, ctx);
}

/** The argv of every simple command, in order. */
export function argvs(a: ShellAnalysis): string[][] {
  return a.commands.map((c) => c.argv);
}

/** Risk flags found, deduplicated. */
export function flags(a: ShellAnalysis): RiskFlag[] {
  return [...new Set(a.risks.map((r) => r.flag))];
}

/** What a policy would at least conclude from the analysis alone. */
export type Outcome = 'clean' | 'block' | 'hard';

/** clean: nothing stops an allow rule; block: never auto-allowed; hard: never allowed. */
export function outcome(a: ShellAnalysis): Outcome {
  if (a.hardDenies.length > 0) return 'hard';
  return a.blockers.length > 0 || !a.parsed ? 'block' : 'clean';
}

/** Describes an analysis for assertion messages. */
export function explain(a: ShellAnalysis): string {
  return JSON.stringify({ parsed: a.parsed, argv: argvs(a), risks: a.risks.map((r) => `${r.flag}: ${r.reason}`), blockers: a.blockers.map((b) => b.reason), hard: a.hardDenies.map((b) => b.reason) }, null, 1);
}

/** Every word of `cmd` that may be a path, made absolute where it runs (as the policy's path references see them). */
export function pathArgs(cmd: SimpleCommand, context: ShellContext = ctx): string[] {
  return resolvePathWords(commandPathWords(cmd), cmd.cwd ?? context.cwd, context.home);
}

/** What `cmd` writes, deletes or moves, absolute where it runs. */
export function writePaths(cmd: SimpleCommand): string[] {
  return [...new Set(commandWriteWords(cmd).map((p) => absolutePath(p, cmd.cwd ?? ctx.cwd, ctx.home)))];
}
