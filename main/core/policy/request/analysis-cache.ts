// Agents repeat commands (npm test, git status…): the analysis is a pure function of (command, cwd, home), so recent
// ones are reused instead of re-parsed, by the decision and by the snapshots' may-write check alike.
import { analyzeShellCommand } from '../../shell/index.js';
import type { ShellAnalysis } from '../../shell/types.js';

const ANALYSES_KEPT = 512;
const analyses = new Map<string, ShellAnalysis>();

/** The shell analysis of `command` run in `cwd`, from the recent ones when there; read-only to every caller. */
export function analyzeCached(command: string, cwd: string, home: string): ShellAnalysis {
  const key = `${home}\0${cwd}\0${command}`;
  const hit = analyses.get(key);
  if (hit !== undefined) {
    analyses.delete(key); // most recently used goes last
    analyses.set(key, hit);
    return hit;
  }
  const analysis = analyzeShellCommand(command, { cwd, home });
  analyses.set(key, analysis);
  if (analyses.size > ANALYSES_KEPT) analyses.delete(analyses.keys().next().value as string);
  return analysis;
}
