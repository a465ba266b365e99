// Shared fixtures for the shell-analysis tests: a fixed context and short ways to ask what an analysis found.
import type { RiskFlag } from '../../../common/domain.js';
import { analyzeShellCommand, initShellParser } from '../../../main/core/shell/index.js';
import type { ShellAnalysis, ShellContext } from '../../../main/core/shell/index.js';

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
