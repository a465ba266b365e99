// Which risks make an approval need a deliberate second step.
import type { Risk } from '../../common/domain.js';

const SERIOUS = new Set<Risk['flag']>(['destructive', 'code-execution']);

/** The risks of a verdict that call for a confirmation before approving. */
export function seriousRisks(risks: readonly Risk[]): Risk[] {
  return risks.filter((r) => SERIOUS.has(r.flag));
}
