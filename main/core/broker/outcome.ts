// What a final status means for the agent waiting on it, and who decided an immediate verdict.
import type { DecidedBy, Mode, RequestRecord, TimeoutOutcome, Verdict } from '../../../common/domain.js';

/** What the agent is told: run it, don't, or "no decision" (fall back to your own prompt). */
export type AgentOutcome = 'allow' | 'deny' | 'none';

/** Threat: only an approval allows; a timeout, a shutdown or a still-pending request never does. */
export function agentOutcome(record: RequestRecord, timeoutOutcome: TimeoutOutcome): AgentOutcome {
  switch (record.status) {
    case 'approved':
      return 'allow';
    case 'denied':
      return 'deny';
    case 'expired':
      return timeoutOutcome === 'deny' ? 'deny' : 'none';
    default:
      return 'none';
  }
}

/** Who produced a verdict that decided at once (no person involved). */
export function decidedByVerdict(verdict: Verdict, mode: Mode): DecidedBy {
  if (verdict.session_approved) return 'session';
  if (verdict.matched_rule) return 'rule';
  if (verdict.hard_deny) return 'policy';
  if (mode !== 'interactive' && verdict.reasons.some((r) => r.includes(`${mode} mode`))) return 'mode';
  return 'policy';
}
