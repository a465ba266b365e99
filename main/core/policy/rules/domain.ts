// Host matching for `WebFetch(domain:...)` rules.

/** The host a URL really fetches from (WHATWG parsing: lowercase, punycode, no userinfo, no port), or null. */
export function fetchHost(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  const host = u.hostname.replace(/\.$/, '');
  return host === '' ? null : host;
}

/**
 * Whether `url` fetches from `domain` or one of its subdomains.
 * Threat: `example.com.evil.test`, `notexample.com`, `example.com@evil.test`, `EXAMPLE.com.`,
 * `evil.test\@example.com` and look-alike Unicode hosts must not pass for example.com; the
 * WHATWG URL parser gives the host the fetch will use, and the comparison is on whole labels.
 */
export function urlMatchesDomain(url: string, domain: string): boolean {
  const host = fetchHost(url);
  if (host === null || host.startsWith('[')) return false;
  // An IPv4 address has no subdomains: `domain:0.0.1` must not cover 10.0.0.1.
  if (/^[\d.]+$/.test(host)) return host === domain;
  return host === domain || host.endsWith(`.${domain}`);
}

/**
 * For deny and ask rules: whether `url` may fetch from `domain`, a URL without a scheme read as https too (a fetcher that
 * adds one reaches the host). Threat: `evil.test/x`, `//evil.test/x` past a deny `WebFetch(domain:evil.test)`.
 */
export function urlMayReachDomain(url: string, domain: string): boolean {
  if (urlMatchesDomain(url, domain)) return true;
  return !/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(url) && urlMatchesDomain(`https://${url.replace(/^\/+/, '')}`, domain);
}
