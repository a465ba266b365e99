// The renderer is served from a custom `app://gatehouse/` origin instead of file:// (Electron security
// checklist: file:// pages share one origin with every file on disk and get extra privileges).
import path from 'node:path';
import { routeHash, type Route } from '../../common/routes.js';

/** Scheme registered as privileged before `app.ready`. */
export const APP_SCHEME = 'app';
/** The one host our protocol serves. */
export const APP_HOST = 'gatehouse';
/** The renderer's document: IPC senders must be exactly this page. */
export const RENDERER_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** The URL that opens the renderer on one view. */
export function rendererUrl(route: Route = { view: 'queue' }): string {
  return route.view === 'queue' ? RENDERER_URL : `${RENDERER_URL}${routeHash(route)}`;
}

/** Parses `url` as a URL, or null when it is not one (never throws on agent- or page-supplied text). */
export function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * `url` parsed when it is on our own app://gatehouse origin without credentials, else null.
 * Threat: a prefix check would take `app://gatehouse.evil/…` or `app://u@gatehouse/…` for ours; the parsed host cannot.
 */
export function parseAppUrl(url: string): URL | null {
  const parsed = parseUrl(url);
  if (!parsed || parsed.protocol !== `${APP_SCHEME}:` || parsed.host.toLowerCase() !== APP_HOST) return null;
  return parsed.username === '' && parsed.password === '' ? parsed : null;
}

/** True when `url` is our renderer document (any hash or query). */
export function isRendererDocument(url: string): boolean {
  return parseAppUrl(url)?.pathname === '/index.html';
}

/**
 * Maps an `app://gatehouse/...` URL to a file under `root`, or null.
 * Threat: a page (or a link in a request) asking for `app://gatehouse/../../home/u/.ssh/id_rsa`, an encoded
 * `%2e%2e`/`%2f`/`%5c`, a NUL byte or another host must never read a file outside the built renderer.
 */
export function resolveAppPath(url: string, root: string): string | null {
  const parsed = parseAppUrl(url);
  if (!parsed) return null;
  const rawSegments = parsed.pathname.split('/').filter((s) => s !== '');
  const segments: string[] = [];
  for (const raw of rawSegments) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === '.' || segment === '..' || /[/\\\0:]/.test(segment)) return null;
    segments.push(segment);
  }
  if (segments.length === 0) segments.push('index.html');
  const base = path.resolve(root);
  const target = path.resolve(base, ...segments);
  return target.startsWith(base + path.sep) ? target : null;
}
