// fetch → Result: the web client never throws across the GatehouseApi boundary, and every failure reads as one line.
import type { Result } from '../../common/api.js';
import { authHeaders, signOut } from './session.js';

/** Messages for statuses where the server's own text may not tell the person what to do. */
const HINTS: Record<number, string> = {
  401: 'Not signed in: press Enter in the terminal running `gatehouse serve` for a sign-in link',
  403: 'Gatehouse refused this request',
};

/** A query string from defined values only (`?a=1&b=x`), or '' when there are none. */
export function queryString(params: object): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** One JSON call to the Gatehouse server (same origin; the page's session token authenticates, session.ts). */
export async function call<T>(method: string, path: string, body?: unknown): Promise<Result<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'omit',
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...authHeaders() },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    return { ok: false, error: `Gatehouse is not reachable (${err instanceof Error ? err.message : String(err)})` };
  }
  const text = await response.text().catch(() => '');
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    if (response.ok) return { ok: false, error: `Gatehouse sent an unreadable answer to ${method} ${path}` };
  }
  if (response.status === 401) signOut();
  if (!response.ok) {
    const message = parsed && typeof parsed === 'object' && 'error' in parsed ? String(parsed.error) : '';
    const hint = HINTS[response.status];
    return { ok: false, error: [hint, message].filter(Boolean).join(': ') || `${method} ${path} failed with HTTP ${response.status}` };
  }
  return { ok: true, value: parsed as T };
}
