// The mode turns an `ask` into the user's standing answer (DESIGN.md: interactive, approve-all, strict).
import type { ContainedProfile, Mode, Risk, Verdict } from '../../../common/domain.js';
import { describeProfile } from '../sandbox/describe.js';

/** A verdict before the mode applies; `undecidable` marks requests Gatehouse could not read. */
export interface Outcome {
  decision: Verdict['decision'];
  reasons: string[];
  matched_rule?: string;
  hard_deny?: boolean;
  session_approved?: boolean;
  /** Garbled input, an unparsed command, a failed probe: asked even in approve-all. */
  undecidable?: boolean;
  /** An allow that runs inside the OS sandbox, and what made it so: a sandbox rule, "contain instead of asking", a blanket rule. */
  contained?: 'sandbox-rule' | 'unvouched' | 'blanket';
  /** On a contained allow: project files it deletes, which the snapshot before it must hold (reversible-delete.ts). */
  undoable_deletes?: string[];
}

/**
 * Applies the mode to an `ask`: approve-all allows (audited by its reason; contained when `contain` gives the
 * profile, i.e. for a shell command of an agent that runs rewritten input, unless `harmless`), strict denies; deny and allow stay as they
 * are, a contained allow with its profile.
 * Threat: approve-all must not unlock hard denies, nor requests Gatehouse could not read at all.
 */
export function applyMode(o: Outcome, mode: Mode, risks: Risk[], contain: (() => ContainedProfile) | null = null, harmless = false): Verdict {
  const v: Verdict = { decision: o.decision, reasons: [...o.reasons], risks };
  if (o.matched_rule !== undefined) v.matched_rule = o.matched_rule;
  if (o.hard_deny) v.hard_deny = true;
  if (o.session_approved) v.session_approved = true;
  if (o.decision === 'allow' && o.contained && contain) {
    v.contained = contain();
    if (o.undoable_deletes) v.undoable_deletes = o.undoable_deletes;
  }
  if (o.decision !== 'ask') return described(v);
  if (mode === 'strict') {
    v.decision = 'deny';
    v.reasons.push('strict mode: requests that would need your approval are denied');
  } else if (mode === 'approve-all') {
    if (o.undecidable) v.reasons.push('approve-all mode does not apply: Gatehouse could not judge this request');
    else {
      v.decision = 'allow';
      // A shell command approved unseen runs contained where the agent can take the rewritten command, unless the
      // engine proves it harmless (only reading programs, nothing written: `ls src`), as under a blanket rule.
      const containIt = contain !== null && !harmless;
      if (containIt) v.contained = contain();
      v.reasons.push(containIt ? 'approve-all mode, contained' : 'approve-all mode');
    }
  } else if (mode !== 'interactive') {
    v.reasons.push(`unknown mode "${String(mode)}": asking`);
  }
  return described(v);
}

/** A contained verdict says what the sandbox lets the command do, last among its reasons. */
function described(v: Verdict): Verdict {
  if (v.contained) v.reasons.push(describeProfile(v.contained));
  return v;
}
