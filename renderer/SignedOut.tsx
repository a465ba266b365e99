// Web mode without a session: say how to sign in, show no data (no empty queue that reads as "nothing waits").
import type { ReactNode } from 'react';

/** The signed-out page; `problem` is why the last sign-in failed, when one did. */
export function SignedOut({ problem }: { problem: string | null }): ReactNode {
  return (
    <main className="gh-signed-out" aria-labelledby="signed-out-title">
      <h1 id="signed-out-title">Sign in to Gatehouse</h1>
      {problem && (
        <p className="gh-error" role="alert">
          {problem}
        </p>
      )}
      <p>This page decides what your agents may run, so it needs a one-time sign-in link.</p>
      <ol>
        <li>
          Go to the terminal where <code>gatehouse serve</code> (or <code>npm run serve</code>) runs and press <kbd>Enter</kbd>: it prints a new
          link. Nothing waiting is cancelled.
        </li>
        <li>Open that link in this browser. It works once, for 10 minutes.</li>
      </ol>
      <p className="gh-muted">The sign-in stays in this tab only and is never sent to any other site or local server.</p>
    </main>
  );
}
