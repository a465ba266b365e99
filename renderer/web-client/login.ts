// A sign-in link carries a one-time code (`/#code=…`, or `?code=…` from older links); the page takes it out of the
// address bar before anything else runs, so it is in neither the history nor a bookmark.

/** The code of a sign-in link and the same address without it, or null when the address carries none. */
export function codeFromHref(href: string): { code: string; cleaned: string } | null {
  const url = new URL(href);
  const fromHash = url.hash.startsWith('#code=') ? new URLSearchParams(url.hash.slice(1)).get('code') : null;
  const code = fromHash || url.searchParams.get('code');
  if (!code) return null;
  url.searchParams.delete('code');
  if (fromHash) url.hash = '';
  return { code, cleaned: url.pathname + url.search + url.hash };
}
