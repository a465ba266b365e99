// The request guard applied to every HTTP route, static files included.

/** Header values exactly as received: a repeated header arrives as several values. */
export interface GuardInput {
  host: string | string[] | undefined;
  origin: string | string[] | undefined;
  /** The port the server is bound to. */
  port: number;
}

/** Whether a request may be served at all, and why not. */
export type GuardResult = { ok: true } | { ok: false; why: string };

/**
 * Threat: any web page the person opens can make the browser talk to 127.0.0.1. With DNS rebinding a hostile
 * name resolves to 127.0.0.1 but the browser still sends `Host: hostile.name`, so only our exact loopback Host
 * passes; with CSRF a foreign page sends its own `Origin`, so only our own origin (or none, for non-browser
 * agents) passes. Comparison is exact: no case folding, trimming, trailing dots or IPv6 spellings.
 */
export function isRequestAllowed(input: GuardInput): GuardResult {
  const allowedHosts = [`127.0.0.1:${input.port}`, `localhost:${input.port}`];
  const host = single(input.host);
  if (host === undefined) return { ok: false, why: 'missing Host header' };
  if (host === null) return { ok: false, why: 'repeated Host header' };
  if (!allowedHosts.includes(host)) return { ok: false, why: `Host ${JSON.stringify(host)} is not this server` };

  const origin = single(input.origin);
  if (origin === undefined) return { ok: true };
  if (origin === null) return { ok: false, why: 'repeated Origin header' };
  if (!allowedHosts.some((h) => origin === `http://${h}`)) {
    return { ok: false, why: `Origin ${JSON.stringify(origin)} is not this server` };
  }
  return { ok: true };
}

/** The one value of a header: undefined when absent, null when repeated. */
function single(value: string | string[] | undefined): string | undefined | null {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (value.length === 0) return undefined;
  return value.length === 1 ? (value[0] ?? undefined) : null;
}
