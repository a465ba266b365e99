// One-time sign-in codes exchanged for approver session tokens (web mode): `serve` prints the code, the page redeems
// it and keeps the token in its own storage.
import { newSecret, safeEqual } from './auth.js';

const CODE_TTL_MS = 10 * 60 * 1000;
/** How long a web session lasts. */
export const SESSION_TTL_SECONDS = 24 * 60 * 60;
const SESSION_TTL_MS = SESSION_TTL_SECONDS * 1000;
/** Wrong codes answered per minute before the route answers 429 (a code has 256 bits; this stops a flood, not luck; a valid code is never limited). */
const FAILURES_PER_MINUTE = 20;

/** Counts failed sign-ins in a sliding minute. */
export class FailureLimiter {
  private failures: number[] = [];
  constructor(private readonly now: () => number = Date.now) {}
  /** Whether another attempt may be tried now. */
  allow(): boolean {
    const since = this.now() - 60_000;
    this.failures = this.failures.filter((t) => t > since);
    return this.failures.length < FAILURES_PER_MINUTE;
  }
  /** Records a failed attempt. */
  failed(): void {
    this.failures.push(this.now());
  }
}

/** Issues single-use login codes and keeps the approver sessions they open, in memory only (never on disk). */
export class ApproverSessions {
  private readonly codes = new Map<string, number>();
  private readonly sessions = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A new one-time code, valid for 10 minutes. */
  issueCode(): string {
    const code = newSecret();
    this.codes.set(code, this.now() + CODE_TTL_MS);
    return code;
  }

  /** Redeems a code once; returns a new session id, or null when the code is unknown, used or expired. */
  redeem(code: string): string | null {
    const at = this.now();
    let found: string | null = null;
    for (const [known, expires] of this.codes) {
      if (expires <= at) this.codes.delete(known);
      else if (safeEqual(known, code)) found = known;
    }
    if (found === null) return null;
    this.codes.delete(found);
    const session = newSecret();
    this.sessions.set(session, at + SESSION_TTL_MS);
    return session;
  }

  /** Whether a bearer is a live web session's token. */
  isValid(session: string | undefined): boolean {
    if (!session) return false;
    const at = this.now();
    for (const [known, expires] of this.sessions) {
      if (expires <= at) this.sessions.delete(known);
      else if (safeEqual(known, session)) return true;
    }
    return false;
  }
}
