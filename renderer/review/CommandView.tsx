// A shell command as it will run: whole, with its risky ranges underlined, then each simple command on its
// own line, with cwd, env prefixes, timeout and a sandbox turned off — nothing the agent chained on can hide at the end.
import type { ReactNode } from 'react';
import type { CommandReview } from '../../common/api.js';
import type { Risk } from '../../common/domain.js';
import { InertText } from '../inert/InertText.js';
import { riskMarks } from '../inert/preview.js';

/** The command review: full command, facts, parts, and the listed reasons for each marked range. */
export function CommandView({ review, risks }: { review: CommandReview; risks: readonly Risk[] }): ReactNode {
  const marks = riskMarks(risks);
  return (
    <div className="gh-command-review">
      <h3>Command</h3>
      <InertText text={review.command} marks={marks} block className="gh-code" label="Full command" />
      <dl className="gh-dl">
        {review.sandbox_off && (
          <>
            <dt>Agent's sandbox</dt>
            <dd className="gh-sandbox-off" role="alert">
              <strong>OFF</strong> — the call sets <InertText text={review.sandbox_off} singleLine className="gh-code" /> and runs outside the agent's own sandbox
            </dd>
          </>
        )}
        <dt>Working directory</dt>
        <dd>{review.cwd ? <InertText text={review.cwd} singleLine /> : <span className="gh-muted">not given</span>}</dd>
        <dt>Environment prefixes</dt>
        <dd>
          {review.env_prefixes.length === 0 ? (
            <span className="gh-muted">none</span>
          ) : (
            review.env_prefixes.map((e, i) => <InertText key={i} text={e} singleLine className="gh-code gh-chip" />)
          )}
        </dd>
        <dt>Timeout</dt>
        <dd>{review.timeout_ms ? `${Math.round(review.timeout_ms / 1000)} s` : <span className="gh-muted">agent default</span>}</dd>
      </dl>
      <h3>
        {review.parts.length} command{review.parts.length === 1 ? '' : 's'} will run
      </h3>
      <ol className="gh-command-parts" aria-label="Commands in order">
        {review.parts.map((part, i) => {
          const aligned = review.command.slice(part.start, part.end) === part.text;
          return (
            <li key={i}>
              <InertText text={part.text} marks={aligned ? riskMarks(risks, part.start) : []} block className="gh-code" />
            </li>
          );
        })}
      </ol>
    </div>
  );
}
