// The verdict's risk flags as compact badges (each titled with its reason).
import type { ReactNode } from 'react';
import type { Risk } from '../../common/domain.js';
import { inertText } from '../../common/inert.js';

/** One badge per distinct risk flag; the tooltip lists the reasons. */
export function RiskBadges({ risks }: { risks: readonly Risk[] }): ReactNode {
  const byFlag = new Map<string, string[]>();
  for (const r of risks) byFlag.set(r.flag, [...(byFlag.get(r.flag) ?? []), inertText(r.reason, { singleLine: true })]);
  if (byFlag.size === 0) return null;
  return (
    <span className="gh-risk-badges" aria-label="Risks">
      {[...byFlag].map(([flag, reasons]) => (
        <span key={flag} className={`gh-badge gh-risk gh-risk-${flag}`} title={reasons.join('\n')}>
          {flag}
        </span>
      ))}
    </span>
  );
}
