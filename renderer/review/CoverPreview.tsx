// What an "always" rule would also cover, before the person saves it: the past calls it matches and the calls waiting
// now that it would decide too (an "always" releases them).
import type { ReactNode } from 'react';
import type { WhatIfReport } from '../../common/api.js';
import { InertText } from '../inert/InertText.js';

const SHOWN = 8;

/** The what-if of the pattern in the dialog: counts, then the distinct past calls and the waiting ones by name. */
export function CoverPreview({ report }: { report: WhatIfReport }): ReactNode {
  const past = [...new Set(report.entries.map((e) => e.summary))];
  return (
    <section className="gh-field gh-field-wide" aria-label="What it would also cover">
      <p className="gh-muted">
        Would have matched {report.matched} past request{report.matched === 1 ? '' : 's'} ({report.distinct_commands} distinct).
      </p>
      {past.length > 0 && (
        <ul aria-label="Past calls it covers">
          {past.slice(0, SHOWN).map((s) => (
            <li key={s}>
              <InertText text={s} singleLine className="gh-path" />
            </li>
          ))}
          {past.length > SHOWN && <li className="gh-muted">and {past.length - SHOWN} more</li>}
        </ul>
      )}
      {report.waiting.length > 0 && (
        <>
          <p>
            Also decides {report.waiting.length} waiting request{report.waiting.length === 1 ? '' : 's'}:
          </p>
          <ul aria-label="Waiting calls it covers">
            {report.waiting.slice(0, SHOWN).map((w) => (
              <li key={w.id}>
                <InertText text={w.summary} singleLine className="gh-path" />
              </li>
            ))}
            {report.waiting.length > SHOWN && <li className="gh-muted">and {report.waiting.length - SHOWN} more</li>}
          </ul>
        </>
      )}
    </section>
  );
}
