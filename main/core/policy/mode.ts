// The mode turns an `ask` into the user's standing answer (DESIGN.md: interactive, approve-all, strict).
import type { Mode, Risk, Verdict } from '../../../common/domain.js';

/** A verdict before the mode applies; `undecidable` marks requests Gatehouse could not read. */
export interface Outcome {
  decision: Verdict['decision'];
  reasons: string[];
  matched_rule?: string;
  hard_deny?: boolean;
  session_approved?: boolean;
  /** Garbled input, an unparsed command, a failed probe: asked even in approve-all. */
  undecidable?: boolean;
}

/**
 * Applies the mode to an `ask`: approve-all allows (audited by its reason), strict denies; deny and
 * allow stay as they are.
 * Threat: approve-all must not unlock hard denies, nor requests Gatehouse could not read at all.
 */
export function applyMode(o: Outcome, mode: Mode, risks: Risk[]): Verdict {
  const v: Verdict = { decision: o.decision, reasons: [...o.reasons], risks };
  if (o.matched_rule !== undefined) v.matched_rule = o.matched_rule;
  if (o.hard_deny) v.hard_deny = true;
  if (o.session_approved) v.session_approved = true;
  if (o.decision !== 'ask') return v;
  if (mode === 'strict') {
    v.decision = 'deny';
    v.reasons.push('strict mode: requests that would need your approval are denied');
  } else if (mode === 'approve-all') {
    if (o.undecidable) v.reasons.push('approve-all mode does not apply: Gatehouse could not judge this request');
    else {
      v.decision = 'allow';
      v.reasons.push('approve-all mode');
    }
  } else if (mode !== 'interactive') {
    v.reasons.push(`unknown mode "${String(mode)}": asking`);
  }
  return v;
}
