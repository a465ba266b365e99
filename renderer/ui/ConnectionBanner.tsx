// Says so when the page has lost its Gatehouse, and when it has it back: a quiet queue must not pass for "nothing
// waits" while the instance is gone.
import { useEffect, type ReactNode } from 'react';
import { useConnection } from '../store/connection.js';

/** The banner above every view while the connection is lost, and a short "connected again" after. */
export function ConnectionBanner(): ReactNode {
  const { lostSince, back } = useConnection();
  useEffect(() => {
    if (!back) return;
    const timer = setTimeout(() => useConnection.setState({ back: false }), 6000);
    return () => clearTimeout(timer);
  }, [back]);
  if (lostSince !== null) {
    return (
      <div className="gh-notice gh-connection" role="alert">
        <strong>Gatehouse is not reachable</strong> (since {new Date(lostSince).toLocaleTimeString()}). This page tries again every
        few seconds; what it shows may be out of date, and agents that wait on Gatehouse get no answer from here. If you
        restarted it, sign in with the new link it printed.
      </div>
    );
  }
  if (back) {
    return (
      <div className="gh-notice gh-connection-back" role="status">
        Connected to Gatehouse again; the queue is up to date.
      </div>
    );
  }
  return null;
}
