// The words for which subagent asked, one spelling for the queue row, the review and the audit detail.
import type { Subagent } from '../../common/domain.js';

/** "via subagent general-purpose (a1b2)", or "via subagent a1b2" when the agent named no type. */
export function subagentLabel(subagent: Subagent): string {
  return subagent.type ? `via subagent ${subagent.type} (${subagent.id})` : `via subagent ${subagent.id}`;
}
