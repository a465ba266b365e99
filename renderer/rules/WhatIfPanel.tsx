// What a rule would have done to past requests, shown before it is saved; warnings are loud on purpose.
import type { WhatIfReport } from '../../common/api.js';
import type { RuleAction } from '../../common/domain.js';
import { formatTime, outcomeLabel } from '../history/format.js';
import { InertText } from '../inert/InertText.js';

const WOULD_BE: Record<RuleAction, string> = { allow: 'allowed', sandbox: 'allowed contained', deny: 'denied', ask: 'asked' };

/** The what-if report for the rule being edited. */
export function WhatIfPanel(props: { report: WhatIfReport | null; action: RuleAction; checking: boolean; error: string | null }): React.JSX.Element {
  const { report } = props;
  return (
    <section className="gh-whatif" aria-label="What-if" aria-busy={props.checking}>
      <h4>What if this rule had existed?</h4>
      {props.error && <p className="gh-error" role="alert">{props.error}</p>}
      {!report && !props.error && <p className="gh-muted">{props.checking ? 'Checking past requests…' : 'Enter a pattern to see which past requests it matches.'}</p>}
      {report && (
        <>
          {report.warnings.length > 0 && (
            <ul className="gh-warnings" role="alert" aria-label="Warnings">
              {report.warnings.map((w, i) => <li key={i}><strong>Warning:</strong> <InertText text={w} /></li>)}
            </ul>
          )}
          <p className="gh-whatif-summary">
            Would have matched <strong>{report.matched}</strong> past {report.matched === 1 ? 'request' : 'requests'}
            {report.matched > 1 && ` (${report.distinct_commands} different ${report.distinct_commands === 1 ? 'call' : 'calls'})`} and
            changed <strong>{report.changed}</strong> {report.changed === 1 ? 'decision' : 'decisions'}.
          </p>
          {report.entries.length > 0 && (
            <table className="gh-table gh-compact" aria-label="Matching past requests">
              <thead>
                <tr><th scope="col">Time</th><th scope="col">Tool</th><th scope="col">Request</th><th scope="col">Was</th><th scope="col">Would be</th></tr>
              </thead>
              <tbody>
                {report.entries.map((e) => (
                  <tr key={e.id}>
                    <td className="gh-nowrap">{formatTime(e.received_at)}</td>
                    <td><InertText text={e.tool_name} singleLine /></td>
                    <td className="gh-summary-cell"><InertText text={e.summary} singleLine /></td>
                    <td>{outcomeLabel(e.status, e.decided_by)}</td>
                    <td>{WOULD_BE[props.action]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {report.entries.length < report.matched && <p className="gh-muted">Showing {report.entries.length} of {report.matched}.</p>}
        </>
      )}
    </section>
  );
}
