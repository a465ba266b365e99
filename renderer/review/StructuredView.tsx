// The arguments of a tool call as the tool receives them. Secret-looking values start hidden, and the view then says
// so and offers Reveal: the person must never approve a part of a payload they were not able to see.
import { useState, type ReactNode } from 'react';
import type { StructuredReview } from '../../common/api.js';
import { InertText } from '../inert/InertText.js';

/** The structured review: exact args, or their masked copy behind a visible notice and a Reveal control. */
export function StructuredView({ review }: { review: StructuredReview }): ReactNode {
  const [revealed, setRevealed] = useState(false);
  const masking = review.masked !== undefined && !revealed;
  return (
    <section aria-label="Arguments">
      <h3>Arguments</h3>
      {review.masked !== undefined && (
        <p className="gh-notice gh-hidden-notice" role="status">
          {revealed
            ? 'Showing every value exactly as the tool receives it, secrets included. '
            : 'Some values that look like secrets are hidden on screen (marked [REDACTED…]); the tool receives them in full. '}
          <button type="button" className="gh-button" aria-pressed={revealed} onClick={() => setRevealed(!revealed)}>
            {revealed ? 'Hide secrets' : 'Reveal'}
          </button>
        </p>
      )}
      <InertText text={JSON.stringify(masking ? review.masked : review.args, null, 2)} block className="gh-code" label={masking ? 'Arguments, secrets hidden' : 'Arguments as the tool receives them'} />
    </section>
  );
}
