// Why Gatehouse is asking: the verdict's reasons and each risk with the text it covers.
import type { ReactNode } from 'react';
import type { Verdict } from '../../common/domain.js';
import { InertText } from '../inert/InertText.js';

/** The reasons that do not repeat a risk listed below them (a built-in finding is both; show it once, as the risk). */
function reasonsBesideRisks(verdict: Verdict): string[] {
  const risky = new Set(verdict.risks.map((r) => r.reason));
  const kept = verdict.reasons.filter((reason) => !risky.has(reason.replace(/^built-in: /, '')) && !risky.has(reason));
  return kept.length > 0 ? kept : verdict.reasons.slice(0, 1);
}

/** Reasons and risks of a verdict, for the person deciding (History passes its own title for past entries). */
export function VerdictPanel({ verdict, command, title = 'Why Gatehouse is asking' }: { verdict: Verdict; command?: string; title?: string }): ReactNode {
  return (
    <section className="gh-panel gh-verdict" aria-label={title}>
      <h3>{title}</h3>
      <ul className="gh-reasons">
        {reasonsBesideRisks(verdict).map((reason, i) => (
          <li key={i}>
            <InertText text={reason} singleLine />
          </li>
        ))}
      </ul>
      {verdict.risks.length > 0 && (
        <ul className="gh-risks" aria-label="Risks">
          {verdict.risks.map((risk, i) => (
            <li key={i}>
              <span className={`gh-badge gh-risk gh-risk-${risk.flag}`}>{risk.flag}</span> <InertText text={risk.reason} singleLine />
              {command !== undefined && risk.range && (
                <>
                  {' '}
                  — <InertText text={command.slice(risk.range.start, risk.range.end)} singleLine limit={200} className="gh-code" />
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
