// The web UI's approver credential lives in this page only (sessionStorage: this origin, this tab) and travels as an
// Authorization header to this origin only. A cookie would be sent to every server on 127.0.0.1 or localhost, other
// ports included — the dev server the agent just wrote among them.

import { codeFromHref } from './login.js';

const KEY = 'gatehouse.session';
/** Fired on window when the server no longer accepts the session, so the page can show how to sign in. */
export const SIGNED_OUT_EVENT = 'gatehouse:signed-out';

/** The session token, or null when this tab is not signed in. */
export function sessionToken(): string | null {
  return sessionStorage.getItem(KEY);
}

/** The Authorization header for this origin's API, when signed in. */
export function authHeaders(): Record<string, string> {
  const token = sessionToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** Drops the session (the server refused it) and tells the page. */
export function signOut(): void {
  sessionStorage.removeItem(KEY);
  window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
}

/** The one-time code of a sign-in link in the address bar, taken out of it at once; null when there is none. */
export function takeCodeFromUrl(): string | null {
  const found = codeFromHref(window.location.href);
  if (found === null) return null;
  history.replaceState(null, '', found.cleaned);
  return found.code;
}

/** Redeems a sign-in code for a session token kept in this page; returns null or why it failed. */
export async function signIn(code: string): Promise<string | null> {
  try {
    const response = await fetch('/v1/login', {
      method: 'POST',
      credentials: 'omit',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ code }),
    });
    const body = (await response.json().catch(() => ({}))) as { token?: unknown; error?: unknown };
    if (!response.ok || typeof body.token !== 'string') return typeof body.error === 'string' ? body.error : `sign-in failed (HTTP ${response.status})`;
    sessionStorage.setItem(KEY, body.token);
    return null;
  } catch (err) {
    return `Gatehouse is not reachable (${err instanceof Error ? err.message : String(err)})`;
  }
}
