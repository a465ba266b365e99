// The growing result of one analysis: risks, blockers and hard denies, each with a span into the original command.
import type { RiskFlag } from '../../../common/domain.js';
import type { Blocker, ShellAnalysis, Span } from './types.js';

/**
 * How serious a finding is: a risk to show, a blocker (never auto-allowed), a write of a named workspace file (a blocker
 * only a blanket rule for the whole tool vouches for), or a hard deny (never allowed).
 */
export type Severity = 'risk' | 'block' | 'write' | 'hard';

/** Mutable accumulator shared by the walker and the checks of one analysis. */
export type Findings = Pick<ShellAnalysis, 'risks' | 'blockers' | 'hardDenies'>;

/** A fresh, empty accumulator. */
export function newFindings(): Findings {
  return { risks: [], blockers: [], hardDenies: [] };
}

/** Records one finding: a risk always; a blocker for `block` and `write` (naming the absolute `target` written); a blocker and a hard deny for `hard`. */
export function flag(f: Findings, risk: RiskFlag, reason: string, span: Span, severity: Severity = 'block', target?: string): void {
  f.risks.push({ flag: risk, reason, range: { start: span.start, end: span.end } });
  if (severity === 'risk') return;
  const b: Blocker = { reason, span: { start: span.start, end: span.end } };
  if (severity === 'write') {
    b.workspaceWrite = true;
    if (target !== undefined) b.target = target;
  }
  f.blockers.push(b);
  if (severity === 'hard') f.hardDenies.push({ reason, span: { start: span.start, end: span.end } });
}

/** Records a blocker that carries no risk flag (e.g. a parse error, an empty command). */
export function block(f: Findings, reason: string, span?: Span): void {
  f.blockers.push(span ? { reason, span: { start: span.start, end: span.end } } : { reason });
}

/** Records a blocker Gatehouse cannot decide (the program only known at run time): asked in every mode, approve-all too. */
export function undecidable(f: Findings, reason: string, span: Span): void {
  f.blockers.push({ reason, span: { start: span.start, end: span.end }, undecidable: true });
}

function key(reason: string, span: Span | undefined): string {
  return span ? `${reason}\u0000${span.start}:${span.end}` : reason;
}

/** Drops exact duplicates (same reason, same span) that nested passes may report twice. */
export function dedupe(f: Findings): void {
  const uniq = <T extends { reason: string }>(items: T[], spanOf: (t: T) => Span | undefined, extra: (t: T) => string): T[] => {
    const seen = new Set<string>();
    return items.filter((t) => {
      const k = extra(t) + key(t.reason, spanOf(t));
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
  };
  f.risks = uniq(f.risks, (r) => r.range, (r) => r.flag);
  f.blockers = uniq(f.blockers, (b) => b.span, () => '');
  f.hardDenies = uniq(f.hardDenies, (b) => b.span, () => '');
}
