// Who is calling: the agent token (endpoint.json), the approver token (env), or an approver session token that the
// web UI keeps in its own page and sends as a bearer (never a cookie: cookies are not scoped by port, so every other
// server on 127.0.0.1 — the dev server the agent just wrote — would receive it).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** What a request's credentials amount to. */
export type Caller = 'agent' | 'approver' | 'anonymous' | 'invalid';

/** Which credential a route needs: A = agent (the approver may do it too), P = approver only, open = none. */
export type RouteAccess = 'A' | 'P' | 'open';

/** A fresh random secret (32 bytes, base64url) for tokens, login codes and session ids. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Compares two secrets in constant time (hashing first so that lengths leak nothing either). */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(digest(a), digest(b));
}

/** A secret kept as its digest, so each request hashes only what it presents. */
export class SecretMatcher {
  private readonly expected: Buffer;
  constructor(secret: string) {
    this.expected = digest(secret);
  }
  /** Constant-time comparison against a presented digest. */
  matches(presented: Buffer): boolean {
    return timingSafeEqual(presented, this.expected);
  }
}

/** The bearer token of an Authorization header, or null when there is none or it is not a bearer. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header);
  return m ? (m[1] ?? null) : '';
}

/**
 * Threat: the agent can read endpoint.json, so its token must never reach approver powers; a bearer is the approver
 * only as the approver token or a live web session (`isSession`, asked only when neither token matches).
 */
export function identifyCaller(
  bearer: string | null,
  secrets: { agent: SecretMatcher; approver: SecretMatcher | undefined },
  isSession: (token: string) => boolean,
): Caller {
  if (bearer === null) return 'anonymous';
  if (bearer === '') return 'invalid';
  const presented = digest(bearer);
  if (secrets.agent.matches(presented)) return 'agent';
  if (secrets.approver?.matches(presented)) return 'approver';
  return isSession(bearer) ? 'approver' : 'invalid';
}

/** Threat: routes that answer requests, change rules or read the audit are the person's alone (DESIGN.md). */
export function authorize(access: RouteAccess, caller: Caller): { ok: true } | { ok: false; status: 401 | 403; error: string } {
  if (access === 'open') return { ok: true };
  if (caller === 'anonymous') {
    return { ok: false, status: 401, error: 'not signed in: open a sign-in link (press Enter in the terminal running `gatehouse serve` for a new one), or send Authorization: Bearer <token>' };
  }
  if (caller === 'invalid') return { ok: false, status: 401, error: 'wrong credential' };
  if (access === 'P' && caller !== 'approver') {
    return { ok: false, status: 403, error: 'the agent token may only submit and read requests; this route needs the approver' };
  }
  return { ok: true };
}
