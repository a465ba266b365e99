// One-time login codes exchanged for approver session cookies (web mode): `serve` prints the code, the browser redeems it.
import { newSecret, safeEqual } from './auth.js';

const CODE_TTL_MS = 10 * 60 * 1000;
const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

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

  /** Whether a session cookie value belongs to a live session. */
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
