// How long a pending request has before its timeout decides it (never as an approval).
import type { ReactNode } from 'react';
import { useNow } from '../store/clock.js';
import { clockSpan } from './time.js';

/** A live "expires in m:ss", urgent in the last 30 seconds. */
export function Countdown({ expiresAt }: { expiresAt: string }): ReactNode {
  const left = Date.parse(expiresAt) - useNow();
  return (
    <span role="timer" className={`gh-countdown ${left < 30_000 ? 'gh-urgent' : ''}`} aria-label={`Expires in ${clockSpan(left)}`}>
      {left > 0 ? `expires in ${clockSpan(left)}` : 'expiring'}
    </span>
  );
}
