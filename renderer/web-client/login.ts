// The login link `gatehouse serve` prints carries a one-time code; the server swaps it for an HttpOnly cookie,
// so the code leaves the address bar (and history) at once.

/** Where to go to exchange a `?code=` in the page URL, or null when there is none. */
export function loginRedirect(href: string): string | null {
  const url = new URL(href);
  const code = url.searchParams.get('code');
  return code ? `/login?code=${encodeURIComponent(code)}` : null;
}
